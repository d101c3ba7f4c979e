import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RobotConfigList } from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, open, projectOf } from './support/console.js';
import { GatewayCommander, simulatedGateways } from './support/gateway.js';

/**
 * The inspection robot on live simulator data (docs/robot.md): RobMonitor shows the robot moving on its room's
 * plan as the simulated gateway reports it, and a staged hot spot (the simulator's robot_hot_spot hook) is an
 * out-of-limit stop reading that raises an event through the alarm rules RobotSet made.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let commander: GatewayCommander;

beforeAll(async () => {
  browser = await launchBrowser();
  commander = await GatewayCommander.connect('robot');
});
afterAll(async () => {
  await commander?.end();
  await browser?.close();
});

describe('inspection robot', { timeout: 240_000 }, () => {
  it('an operator starts a round and the robot moves live on the plan; a staged hot spot raises one event and shows out of limit', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await loginAs(page, baseUrl, 'site');
    await open(page, '/ElectricalRoom/RobMonitor', 'robot-page');
    const marker = page.getByTestId('robot-marker');
    await marker.waitFor({ timeout: 30_000 });
    const first = `${await marker.getAttribute('data-x')},${await marker.getAttribute('data-y')}`;
    // It waits at its dock for its schedule (08:00, 14:00, 20:00 site clock): an operator starts a round now,
    // unless the schedule already did. The button is there once the robot is seen online at its dock.
    const start = page.getByTestId('robot-start-round');
    await start.waitFor();
    await expect.poll(async () => (await start.isEnabled()) || (await page.getByTestId('robot-task-state').textContent()) !== '在桩待命', { timeout: 30_000, interval: 500 }).toBe(true);
    if (await start.isEnabled()) {
      await click(page, start);
      await page.getByText('已下发巡检指令').waitFor();
    }
    // The simulated robot drives at 0.4 m/s (it rests at the dock for up to ~30 s first).
    await expect.poll(async () => `${await marker.getAttribute('data-x')},${await marker.getAttribute('data-y')}`, { timeout: 90_000, interval: 500 }).not.toBe(first);

    const projectId = await projectOf(page);
    const configs = await pageApiData<RobotConfigList>(page, baseUrl, `/api/v6/robot/configs?project_id=${projectId}`, { method: 'GET' });
    const robot = configs.items[0]!;
    const gateway = simulatedGateways().find((g) => (g.robots ?? []).some((r) => r.sn === robot.serial) && g.project_id === projectId)!;
    const list = async () => pageApiData<{ total: number; list: { point_id: number | null; value: number | null; message: string }[] }>(page, baseUrl, `/api/v6/event/list?project_id=${projectId}&device_id=${robot.device_id}&size=100`, { method: 'GET' });
    const before = (await list()).total;

    await commander.command(gateway.sn, 'robot_hot_spot', { device_sn: robot.serial, key: 'ir_ah1' });
    await expect.poll(async () => (await list()).total, { timeout: 30_000, interval: 500 }).toBe(before + 1);
    const event = (await list()).list[0]!;
    expect(event.value).toBeGreaterThan(60);
    expect(event.message).toContain('AH1');

    const cell = page.getByTestId('robot-reading-ir_ah1');
    await expect.poll(async () => Number((await cell.textContent())?.replace(/[^\d.]/g, '')), { timeout: 20_000, interval: 500 }).toBeGreaterThan(60);
    expect(await page.getByTestId('robot-stop-1').getAttribute('data-status')).toBe('alarm');
    await page.context().close();
  });
});
