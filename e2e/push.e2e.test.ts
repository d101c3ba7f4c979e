import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, sessionValue } from './support/console.js';

const baseUrl = inject('baseUrl');
const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots/push');
/** PUSH_SCREENSHOTS=1 also refreshes docs/screenshots/push/; a plain test run leaves the committed images alone. */
const shoot = (page: Page, name: string) => (process.env.PUSH_SCREENSHOTS ? page.screenshot({ path: path.join(shots, name), fullPage: true }) : Promise.resolve());

describe('push settings', () => {
  let browser: Browser;
  let receiver: http.Server;
  let hookUrl: string;
  const received: { body: string; query: string }[] = [];
  const listeners = new Set<() => void>();

  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ body, query: req.url ?? '' });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}');
        listeners.forEach((l) => l());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/robot/send`;
    if (process.env.PUSH_SCREENSHOTS) fs.mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('a centre user sends a test through a DingTalk robot (signed) from the page; zh and en screenshots', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'centre');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const orgId = (await sessionValue<{ org_id: number }>(page, 'userInfo')).org_id;
    const suffix = Date.now().toString(36);
    // English names in the test data: english-everywhere reads the same server.
    const channel = await pageApiData<{ id: number }>(page, baseUrl, '/api/v6/push/channel', {
      body: { org_id: orgId, kind: 'dingtalk', name: `Duty robot ${suffix}`, url: `${hookUrl}?access_token=e2e`, secret: 'SECe2e' },
    });
    await pageApiData(page, baseUrl, '/api/v6/push/rule', {
      body: { org_id: orgId, project_id: null, name: `Faults at night ${suffix}`, event_types: [2, 3], min_level: 2, user_ids: [], channel_ids: [channel.id], quiet_start: '23:00', quiet_end: '06:30', escalate_minutes: null, escalate_user_ids: [], enabled: true },
    });

    await open(page, '/CentreUser/CentreSendmsgTools', 'push-settings');
    await page.getByText(`Duty robot ${suffix}`).first().waitFor({ timeout: 20_000 });
    const before = received.length;
    const got = new Promise<void>((resolve) => listeners.add(() => received.length > before && resolve()));
    await page.getByTestId(`push-channel-test-${channel.id}`).click();
    await got;
    const last = received.at(-1)!;
    expect(last.query).toMatch(/access_token=e2e&timestamp=\d+&sign=/);
    expect(JSON.parse(last.body)).toMatchObject({ msgtype: 'text' });
    await page.getByText('测试消息已发送').waitFor();
    await page.locator('.ant-message').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await shoot(page, 'push-settings-zh.png');
    await page.context().close();

    const en = await newPage(browser, { lang: 'en' });
    await loginAs(en, baseUrl, 'centre');
    await dismissPending(en, { waitMs: 5000, mayStayOpen: true });
    await open(en, '/CentreUser/CentreSendmsgTools', 'push-settings');
    await en.getByText(`Faults at night ${suffix}`).waitFor({ timeout: 20_000 });
    expect(await en.getByTestId('push-settings').innerText()).not.toMatch(CJK);
    await shoot(en, 'push-settings-en.png');
    await en.context().close();
  });
});
