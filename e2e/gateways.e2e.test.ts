import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { gatewayTopics } from '@gridops/contract';
import { pageApi } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');
const mqttTcpUrl = inject('mqttTcpUrl');

describe('gateway onboarding page (/RunSetup/DevMonitorSet)', () => {
  let browser: Browser;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await browser?.close();
  });

  it('register → secret shown once → a real gateway connects and reports an unknown device → adopt → rotate drops it', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    await open(page, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
    await page.getByTestId('gateway-table').waitFor();
    const projectId = await projectOf(page);

    const sn = `GW-E2E-${Date.now().toString(36).toUpperCase()}`;
    await page.getByTestId('register-gateway').click();
    await page.getByTestId('gateway-sn').fill('bad/sn');
    await page.getByTestId('gateway-name').fill('E2E 网关');
    // Every name a test creates has its English form: english-everywhere reads the same server.
    await page.getByTestId('gateway-name-en').fill('E2E gateway');
    await page.locator('.ant-modal-footer .ant-btn-primary').first().click();
    await page.getByText('3–64 位字母、数字').waitFor();
    await page.getByTestId('gateway-sn').fill(sn);
    await page.locator('.ant-modal-footer .ant-btn-primary').first().click();
    await page.getByTestId(`issue-${sn}`).click();
    const password = (await page.getByTestId('secret-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThan(20);
    await page.getByTestId('secret-done').click();

    const gw = await mqtt.connectAsync(mqttTcpUrl, { username: sn, password, clientId: `gw-${sn}`, reconnectPeriod: 0 });
    clients.push(gw);
    const topics = gatewayTopics(sn);
    await gw.publishAsync(topics.telemetry, JSON.stringify({ ts: Date.now(), devices: [{ sn: 'E2E-METER', values: { Ua: 230, P: 5 } }] }), { qos: 1 });

    // The unknown-device count is written within 10 s and the tab refreshes every 15 s.
    await page.getByRole('tab', { name: '未登记设备' }).click();
    await page.getByTestId('adopt-E2E-METER').waitFor({ timeout: 45_000 });
    await page.getByTestId('adopt-E2E-METER').click();
    await page.getByTestId('adopt-kind').click();
    await page.keyboard.type('电能表');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-footer .ant-btn-primary').last().click();
    await page.getByTestId('adopt-E2E-METER').waitFor({ state: 'detached' });

    const devices = await pageApi<{ sn: string; gateway_sn: string; points: number }[]>(page, baseUrl, `/api/v6/gateway/devices?project_id=${projectId}`, { method: 'GET' });
    expect(devices.data.find((d) => d.gateway_sn === sn && d.sn === 'E2E-METER')?.points).toBeGreaterThan(0);

    // Rotate: the connected gateway is dropped and its old secret is refused.
    const closed = new Promise<void>((resolve) => gw.once('close', () => resolve()));
    await page.getByRole('tab', { name: '网关' }).click();
    await page.getByTestId(`rotate-${sn}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.getByTestId('secret-password').waitFor();
    await closed;
    const again = await mqtt.connectAsync(mqttTcpUrl, { username: sn, password, clientId: `gw-${sn}`, reconnectPeriod: 0 }).then(
      (c) => (c.end(true), 'connected'),
      (e: unknown) => String(e),
    );
    expect(again).toMatch(/Bad username or password|Not authorized/i);
    await page.context().close();
  }, 120_000);
});
