import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

/**
 * Energisation (issue 26 item 6): opening the Suzhou 10 kV incomer breaker turns the room's busbars dead on
 * the live single-line diagram and the energy-flow page into a de-energised site at 0 kW — not "暂无数据";
 * closing it brings both back live. The breaker is operated through the simulated gateway (the same command
 * the remote control sends), and the test waits on the gateway's telemetry, never on time.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let commander: GatewayCommander;

const gateway = simulatedGateways().find((g) => g.project_name === '苏州工业园光储充站')!;
const incomer = gateway.devices.find((d) => d.kind === 'incomer')!;

async function setIncomer(close: boolean) {
  const seen = await commander.nextTelemetry(gateway.sn, incomer.sn, 'breaker', close ? 1 : 0);
  await commander.command(gateway.sn, 'breaker', { device_sn: incomer.sn, close });
  await seen();
}

const busStates = (page: Page) => page.locator('[data-testid="sld"] [data-type="busbar"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-energisation')));

async function openDiagram(page: Page) {
  await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  await click(page, page.getByTestId('tab-diagram'));
  await page.locator('[data-testid="sld"] [data-type="busbar"]').first().waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  commander = await GatewayCommander.connect('energisation');
});
afterAll(async () => {
  // Whatever happened, the incomer is closed again for the other tests.
  await setIncomer(true).catch(() => undefined);
  await commander?.end();
  await browser?.close();
});

describe('energisation on the diagram and the energy flow', () => {
  it('incomer open: busbars dead and the flow 0 kW / 失电; closed again: live', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 4000 });

    // Live: every busbar live; the 10 kV supply reads line voltage in kV, labelled as such.
    await openDiagram(page);
    await expect.poll(() => busStates(page), { timeout: 30_000 }).toSatisfy((s: (string | null)[]) => s.length > 0 && s.every((x) => x === 'live'));
    const u = page.locator('[data-testid^="sld-u-SRC-"]').first();
    await expect.poll(() => u.textContent(), { timeout: 20_000 }).toMatch(/^U线 \d+(\.\d+)?\s?kV$/);
    expect(Number((await u.textContent())!.replace(/[^\d.]/g, ''))).toBeGreaterThan(9);

    await setIncomer(false);
    await expect.poll(() => busStates(page), { timeout: 30_000 }).toSatisfy((s: (string | null)[]) => s.length > 0 && s.every((x) => x === 'dead'));
    // The supply side of the open breaker stays live; the breaker shows open.
    expect(await page.locator('[data-testid^="sld-SRC-"]').first().getAttribute('data-energisation')).toBe('live');
    expect(await page.locator('[data-testid^="sld-QF-"][data-state="open"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid^="sld-energy-BUS-"]').first().textContent()).toBe('失电');

    // The energy flow: a de-energised site at 0 kW, not an empty chart.
    await open(page, '/EnergyManage', 'energy-flow');
    const dead = page.getByTestId('flow-deenergised');
    await dead.waitFor({ timeout: 30_000 });
    expect(await dead.textContent()).toMatch(/全站失电 · 0(\.0)?\s?kW/);
    expect(await page.locator('[data-testid^="flow-node-"][data-state="dead"]').count()).toBeGreaterThan(2);
    expect(await page.getByTestId('flow-chart').textContent()).not.toContain('暂无数据');

    // Closed again: the flow is drawn and the diagram is live.
    await setIncomer(true);
    await page.getByTestId('flow-chart').getByTestId('chart').locator('canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => dead.count(), { timeout: 30_000 }).toBe(0);
    await openDiagram(page);
    await expect.poll(() => busStates(page), { timeout: 30_000 }).toSatisfy((s: (string | null)[]) => s.length > 0 && s.every((x) => x === 'live'));
    await page.context().close();
  });
});
