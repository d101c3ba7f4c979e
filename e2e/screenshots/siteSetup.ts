/**
 * Screenshots of issue 25's pages: the devices tab with rooms (an unplaced device flagged, the move dialog, the
 * add-device dialog's upstream device field), the station page's checklist, the empty install's centre home, and a
 * site user's organisations and experts (zh, en). Starts its own servers from the built app: the demo, and an empty install (SEED_DEMO=0).
 * Usage: node scripts/build-if-needed.mjs && npx tsx e2e/screenshots/siteSetup.ts
 * Writes docs/screenshots/site-setup/<name>-<zh|en>.png.
 */
import type { Page } from 'playwright-core';
import { pageApi } from '../support/api.js';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';
import { dismissPending, open, shot, sessionValue } from '../support/console.js';
import { startServer } from '../support/server.js';

/** docs/screenshots/site-setup/<name>.png, once the last save's toast is gone. */
const siteShot = (page: Page, name: string, fullPage = true) =>
  shot(page, `site-setup/${name}`, { settleMs: 800, fullPage, afterToasts: true });

const CHANGED = 'Binhai-Admin-2026!';

async function main() {
  const browser = await launchBrowser();
  const demo = await startServer();
  const empty = await startServer(
    {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Empty-Install-2026!',
      ORG_NAME: '滨海能源',
      ORG_NAME_EN: 'Binhai Energy',
    },
    { demo: false },
  );
  try {
    for (const lang of ['zh', 'en'] as const) {
      // A site user: one unplaced device on its own station, then its devices tab and station checklist.
      const page = await newPage(browser, { lang, width: 1440, height: 900 });
      await loginAs(page, demo.baseUrl, 'site');
      await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
      if (lang === 'zh') {
        const projectId = await sessionValue<number>(page, 'proID');
        const gws = await pageApi<Array<{ id: number }>>(
          page,
          demo.baseUrl,
          `/api/v6/gateway/list?project_id=${projectId}`,
          { method: 'GET' },
        );
        await pageApi(page, demo.baseUrl, '/api/v6/gateway/device', {
          method: 'POST',
          body: {
            gateway_id: gws.data[0]!.id,
            sn: 'NEW-F09',
            kind: 'feeder',
            name: '9#出线（新增）',
            name_en: 'Feeder 9 (new)',
          },
        });
      }
      await open(page, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
      await page.getByRole('tab', { name: lang === 'zh' ? '设备' : 'Devices', exact: true }).click();
      await page.getByTestId('devices-unplaced').waitFor();
      await siteShot(page, `devices-rooms-${lang}`);
      await page
        .locator('[data-testid^="device-unplaced-"]')
        .first()
        .locator('xpath=ancestor::tr')
        .locator('input[type="checkbox"]')
        .check();
      await page.getByTestId('move-devices').click();
      await page.getByTestId('move-devices-room').waitFor();
      await siteShot(page, `devices-move-${lang}`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('move-devices-room').waitFor({ state: 'hidden' });
      // The add-device dialog with a room picked and the upstream device choices (that room's devices) open.
      await page.getByTestId('add-device').click();
      await page.getByTestId('device-room').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByTestId('device-parent').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
      await siteShot(page, `device-upstream-${lang}`, false);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await open(page, '/RunSetup/StationSet', 'station-set');
      await page.locator('[data-testid^="site-checklist-"]').first().waitFor();
      await siteShot(page, `station-checklist-${lang}`);
      await open(page, '/UserCenter/OrganManage', 'org-manage');
      await siteShot(page, `site-user-orgs-${lang}`, false);
      await open(page, '/UserCenter/ElecManage');
      await page.locator('[data-testid^="expert-open-"]').first().waitFor();
      await siteShot(page, `site-user-experts-${lang}`, false);
      await page.context().close();

      // The empty install opens on the first steps.
      const admin = await newPage(browser, { lang, width: 1440, height: 900 });
      await loginAs(admin, empty.baseUrl, 'admin', lang === 'zh' ? 'Empty-Install-2026!' : CHANGED);
      if (lang === 'zh') {
        // The first login replaces the one-time password.
        await admin.getByTestId('force-password-change').waitFor();
        await admin.getByTestId('old-password').fill('Empty-Install-2026!');
        await admin.getByTestId('new-password').fill(CHANGED);
        await admin.getByTestId('confirm-password').fill(CHANGED);
        await admin.getByTestId('change-password').click();
      }
      await admin.getByTestId('first-site-steps').waitFor({ timeout: 30_000 });
      await siteShot(admin, `empty-centre-home-${lang}`, false);
      await admin.context().close();
    }
  } finally {
    await browser.close();
    await demo.stop();
    await empty.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
