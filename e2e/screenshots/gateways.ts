/**
 * Screenshots of /RunSetup/DevMonitorSet (gateways, the one-time secret, devices, unknown devices), zh and en:
 * docs/screenshots/gateways/<view>-<zh|en>.png. A real MQTT gateway connects with the secret shown and reports
 * a device nobody registered, so the unknown-devices tab has a row (counts are written every 10 s).
 * Usage: npx tsx e2e/screenshots/gateways.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 *        MQTT_URL (default mqtt://127.0.0.1:1883) is where the gateway connects.
 */
import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import { gatewayTopics } from '@gridops/contract';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
const mqttUrl = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
fs.mkdirSync(path.join(screenshotDir, 'gateways'), { recursive: true });

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
  await site.getByTestId('gateway-table').waitFor();

  // Register a gateway through the form, then generate its secret.
  const sn = `GW-DOC-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  await site.getByTestId('register-gateway').click();
  await site.getByTestId('gateway-sn').fill(sn);
  await site.getByTestId('gateway-name').fill(lang === 'zh' ? '2# 配电房网关' : 'Switch room 2 gateway');
  await shot(site, `gateways/register-${lang}`, { fullPage: false, settleMs: 600 });
  await site.locator('.ant-modal-footer .ant-btn-primary').first().click();
  await site.getByTestId(`issue-${sn}`).click();
  const password = (await site.getByTestId('secret-password').textContent())?.trim() ?? '';
  await shot(site, `gateways/secret-once-${lang}`, { fullPage: false, settleMs: 600 });
  await site.getByTestId('secret-done').click();

  const gw = await mqtt.connectAsync(mqttUrl, { username: sn, password, clientId: `gw-${sn}`, reconnectPeriod: 0 });
  const topics = gatewayTopics(sn);
  await gw.publishAsync(topics.status, JSON.stringify({ ts: Date.now(), online: true }), { qos: 1 });
  await gw.publishAsync(topics.telemetry, JSON.stringify({ ts: Date.now(), devices: [{ sn: 'PV-INV-07', values: { P: 41.2, EP: 1200, Ua: 231 } }] }), { qos: 1 });
  // The unknown-device counts reach the database within 10 s.
  await site.waitForTimeout(11_000);
  await site.reload();
  await site.getByTestId('dev-monitor-set').waitFor();
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await site.getByTestId('gateway-table').waitFor();
  await shot(site, `gateways/gateways-${lang}`, { fullPage: false });

  await site.getByRole('tab', { name: lang === 'zh' ? '设备' : 'Devices', exact: true }).click();
  await site.getByTestId('device-table').waitFor();
  await shot(site, `gateways/devices-${lang}`, { fullPage: false });

  await site.getByRole('tab', { name: lang === 'zh' ? '未登记设备' : 'Unknown devices' }).click();
  await site.getByTestId('adopt-PV-INV-07').first().click();
  await site.getByTestId('adopt-kind').click();
  await site.keyboard.type(lang === 'zh' ? '光伏' : 'PV');
  await site.keyboard.press('Enter');
  await shot(site, `gateways/unknown-adopt-${lang}`, { fullPage: false, settleMs: 600 });
  gw.end(true);
  await site.context().close();
}

await captureAll(capture);
