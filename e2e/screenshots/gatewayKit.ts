/**
 * Screenshots of the gateway kit (issue 25 item 6): the one-time credentials dialog with broker address, sessions,
 * topics and mosquitto lines, waiting; then, after Debian's mosquitto_pub sent the kit's status line, green (zh, en).
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/gatewayKit.ts
 * Writes docs/screenshots/site-setup/gateway-kit-<waiting|lines|online>-<zh|en>.png.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { GatewayKit } from '@gridops/contract';
import { pageApi } from '../support/api.js';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot, sessionValue } from '../support/console.js';
import { startServer } from '../support/server.js';

const run = promisify(execFile);
/** docs/screenshots/site-setup/<name>.png, once the last save's toast is gone. */
const siteShot = (page: Page, name: string, fullPage = true) =>
  shot(page, `site-setup/${name}`, { settleMs: 800, fullPage, afterToasts: true });

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  try {
    for (const lang of ['zh', 'en'] as const) {
      const page = await newPage(browser, { lang, width: 1440, height: 1000 });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      const projectId = await sessionValue<number>(page, 'proID');
      const sn = `GW-KIT-${lang.toUpperCase()}`;
      await pageApi(page, demo.baseUrl, '/api/v6/gateway', {
        method: 'POST',
        body: { project_id: projectId, sn, name: '新配电房网关', name_en: 'New switch room gateway' },
      });
      await open(page, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
      await page.getByTestId(`issue-${sn}`).click();
      await page.getByTestId('kit-waiting').waitFor();
      await siteShot(page, `gateway-kit-waiting-${lang}`);
      await page.getByTestId('kit-sub').scrollIntoViewIfNeeded();
      await siteShot(page, `gateway-kit-lines-${lang}`);
      // The field side: the kit's own status line through an auxiliary session, with the secret just shown.
      const password = (await page.getByTestId('secret-password').innerText()).trim();
      const list = await pageApi<Array<{ id: number; sn: string }>>(
        page,
        demo.baseUrl,
        `/api/v6/gateway/list?project_id=${projectId}`,
        { method: 'GET' },
      );
      const id = list.data.find((g) => g.sn === sn)!.id;
      const kit = (
        await pageApi<GatewayKit>(page, demo.baseUrl, `/api/v6/gateway/kit?gateway_id=${id}`, {
          method: 'GET',
        })
      ).data;
      const status = kit.mosquitto_pub
        .find((p) => p.name === 'status')!
        .line.replace(`-h ${kit.broker.tcp.host} `, '-h 127.0.0.1 ');
      await run('bash', ['-c', status], { env: { ...process.env, GRIDOPS_GW_PASSWORD: password } });
      await page.getByTestId('kit-online').waitFor({ timeout: 30_000 });
      await page.getByTestId('kit-online').scrollIntoViewIfNeeded();
      await siteShot(page, `gateway-kit-online-${lang}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
