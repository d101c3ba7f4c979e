import fs from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gatewayTopics, simulatorManifest } from '@gridops/contract';
import { launchBrowser, loginAs, newPage } from './support/browser.js';

/**
 * The live-data issue end to end: a fault staged on a simulated gateway goes through ingest and the alarm
 * engine, and reaches the browser of the site's user as a notification, with the badge rising — and never
 * reaches the user of the other group.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

/** Resolves once the console's live client has subscribed to its topics (it logs that, spec §8). */
function liveSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('console', (m) => {
      if (m.text().includes('[live] subscribed')) resolve();
    });
  });
}

async function badgeCount(page: Page): Promise<number> {
  const sup = page.locator('[data-testid="notice-badge"] .ant-badge-count');
  if ((await sup.count()) === 0) return 0;
  const title = await sup.first().getAttribute('title');
  return title === '99+' ? 99 : Number(title ?? 0);
}

async function stageFault(gatewaySn: string, params: Record<string, unknown>) {
  const service = inject('mqttService');
  const client = await mqtt.connectAsync(inject('mqttTcpUrl'), { username: service.username, password: service.password, clientId: 'gridops-server-e2e-commander' });
  try {
    await client.publishAsync(gatewayTopics(gatewaySn).command, JSON.stringify({ id: `e2e-${Date.now()}`, command: 'simulate_fault', params }), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('live alarms in the browser', () => {
  it('shows a staged smoke alarm to the site user with its level, raises the badge, and keeps it from the other group', async () => {
    const manifest = simulatorManifest.parse(JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'simulator/manifest.json'), 'utf8')));
    const suzhou = manifest.gateways.find((g) => g.sn === 'GW-SZIP-01');
    expect(suzhou, 'the demo Suzhou gateway is in the simulator manifest').toBeDefined();
    const envSensor = suzhou!.devices.find((d) => d.kind === 'env_sensor');
    expect(envSensor).toBeDefined();

    const site = await newPage(browser, { lang: 'zh' });
    const other = await newPage(browser, { lang: 'zh' });
    const siteLive = liveSubscribed(site);
    const otherLive = liveSubscribed(other);
    await loginAs(site, baseUrl, 'site');
    await loginAs(other, baseUrl, 'xihu');
    await Promise.all([siteLive, otherLive]);
    // Let the start-up notice fetch settle before reading the badge.
    await site.waitForTimeout(1500);
    const before = await badgeCount(site);

    // Smoke in the Suzhou battery container: a level-4 alarm rule (demoRules.ts), no on-delay.
    await stageFault(suzhou!.sn, { device_sn: envSensor!.sn, fault: 'smoke', duration_s: 60 });

    const popUp = site.locator('.live-event-notification').filter({ hasText: 'Ⅳ级' }).filter({ hasText: '苏州工业园光储充站' });
    await popUp.first().waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => badgeCount(site), { timeout: 15_000 }).toBeGreaterThan(before);
    expect(await popUp.first().textContent()).toContain('告警');

    // The other group's site user got nothing about Suzhou (give the broker time to have delivered it).
    await other.waitForTimeout(3000);
    expect(await other.locator('.live-event-notification').filter({ hasText: '苏州' }).count()).toBe(0);

    await site.context().close();
    await other.context().close();
  });
});
