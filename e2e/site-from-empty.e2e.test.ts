import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gatewayAuxClientId,
  gatewayAuxUsername,
  gatewayClientId,
  gatewayTopics,
  type SiteChecklist,
} from '@gridops/contract';
import { pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';
import { brokerLogin, LinePublisher, TopicSubscriber } from './support/mosquitto.js';
import {
  SLOW,
  addDevice,
  changeFirstPassword,
  chooseSite,
  copyTemplate,
  createOrganisation,
  createProject,
  registerGateway,
  treeFetchesInFlight,
  visibleProjects,
} from './support/onboarding.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

/**
 * Issue 25's "done when": an empty install, then only the console as an installer — organisation, station, room,
 * gateway and secret, a copied template, a meter, an incomer and two feeders placed in the room — and Debian's
 * `mosquitto_pub`/`mosquitto_sub` as the field gateway (docs/gateway-protocol.md). Then the installer sees: the
 * station checklist complete except the steps skipped on purpose, live values on the room's real-time page and on its diagram (drafted in one step and
 * saved), an event
 * from a shipped default rule (migration 0050) when a feeder trips, non-zero energy today (the incomer became the
 * metering root by itself), cost only once a tariff is entered, and a remote command refused before control is
 * configured and received by `mosquitto_sub` after. API calls only read values for the assertions.
 */

const GATEWAY_SN = 'XY-GW-01';
/** The gateway's own client id: the one its commands go to (docs/gateway-protocol.md, "Identity"). */
const GATEWAY_CLIENT_ID = gatewayClientId(GATEWAY_SN);
/**
 * The installer's publisher: a publish-only session of the same gateway (username `{sn}/pub`, client id
 * `gw-{sn}/pub…`, docs/gateway-protocol.md "Sessions"), so it runs beside the subscriber without kicking it off and
 * commands still reach only the main session.
 */
const PUBLISHER_USERNAME = gatewayAuxUsername(GATEWAY_SN);
const PUBLISHER_CLIENT_ID = gatewayAuxClientId(GATEWAY_SN, '-1');

const ADMIN_FIRST = 'Xinyuan-First-2026';
const ADMIN_PASSWORD = 'Xinyu4n-Admin!x';

let server: RunningServer;
let browser: Browser;
let publisher: LinePublisher | undefined;
let subscriber: TopicSubscriber | undefined;
let feeding: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  server = await startServer(
    {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: ADMIN_FIRST,
      ORG_NAME: '新源能源',
      ORG_NAME_EN: 'Xinyuan Energy',
    },
    { demo: false },
  );
  browser = await launchBrowser();
}, 310_000);
afterAll(async () => {
  if (feeding) clearInterval(feeding);
  await publisher?.stop();
  await subscriber?.stop();
  await browser?.close();
  await server?.stop();
});

/** SITE_SETUP_SCREENSHOTS=1 writes the key steps (zh) to docs/screenshots/site-setup/walkthrough/ for docs/onboarding.md. */
async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.SITE_SETUP_SCREENSHOTS) return;
  const dir = path.join(repoRoot, 'docs/screenshots/site-setup/walkthrough');
  fs.mkdirSync(dir, { recursive: true });
  // Without the last save's toast over the page.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 30_000 });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** A StatCard's shown figure as a number (NaN when it shows none); 万 scaled back. */
async function statValue(page: Page, testId: string): Promise<number> {
  const s = ((await page.getByTestId(testId).getByTestId('stat-value').first().innerText()) ?? '').replace(
    /\s+/g,
    '',
  );
  const n = Number(s.replace(/[^\d.-]/g, ''));
  return s.replace(/[^\d]/g, '') === '' ? NaN : s.includes('万') ? n * 10_000 : n;
}

interface Device {
  id: number;
  sn: string;
  kind: string;
  room_id: number | null;
}

describe('a site from an empty install (issue 25, done when)', () => {
  it('org → station → room → gateway → template → devices in the room → mosquitto gateway → checklist, live values, default-rule event, energy, cost, control', async () => {
    const admin = await newPage(browser, { lang: 'zh', width: 1440, height: 900 });
    const treeFetches = treeFetchesInFlight(admin);
    await loginAs(admin, server.baseUrl, 'admin', ADMIN_FIRST);
    await changeFirstPassword(admin, ADMIN_FIRST, ADMIN_PASSWORD);
    expect(await visibleProjects(admin, server.baseUrl)).toEqual([]);

    // 1. Organisation, station with its room, template, gateway with its secret, devices placed in the room.
    const orgName = '新源苏州公司';
    const site = '新源一号配电站';
    const room = { name: '1#高压配电室', name_en: 'HV switch room 1' };
    await createOrganisation(admin, server.baseUrl, orgName, 'Xinyuan Suzhou');
    await createProject(admin, orgName, site, 'Xinyuan substation 1', [room]);
    await expect
      .poll(async () => (await visibleProjects(admin, server.baseUrl)).map((p) => p.name), SLOW)
      .toEqual([site]);
    const projectId = (await visibleProjects(admin, server.baseUrl))[0]!.id;
    await chooseSite(admin, site, treeFetches);
    await dismissPending(admin);
    expect(await projectOf(admin)).toBe(projectId);

    await copyTemplate(admin, 'meter', '新源电能表', 'Xinyuan energy meter');
    const secret = await registerGateway(admin, GATEWAY_SN, '新源一号网关', 'Xinyuan gateway 1');
    const devices = [
      { sn: 'M01', kindLabel: '新源电能表', name: '总计量表', name_en: 'Main meter' },
      { sn: 'IN01', kindLabel: '进线柜', name: '1#进线', name_en: 'Incomer 1' },
      { sn: 'F01', kindLabel: '出线回路', name: '1#出线', name_en: 'Feeder 1' },
      { sn: 'F02', kindLabel: '出线回路', name: '2#出线', name_en: 'Feeder 2' },
    ];
    for (const d of devices) await addDevice(admin, { gatewaySn: GATEWAY_SN, room: room.name, ...d });
    await screenshot(admin, 'devices-in-room-zh', true);
    const rows = await pageApiData<Device[]>(
      admin,
      server.baseUrl,
      `/api/v6/gateway/devices?project_id=${projectId}`,
      { method: 'GET' },
    );
    const bySn = (sn: string) => rows.find((d) => d.sn === sn)!;
    expect(rows.map((d) => [d.sn, d.kind]).sort()).toEqual([
      ['F01', 'feeder'],
      ['F02', 'feeder'],
      ['IN01', 'incomer'],
      ['M01', 'meter'],
    ]);
    // Every device in the one room.
    expect(new Set(rows.map((d) => d.room_id)).size).toBe(1);
    expect(rows[0]!.room_id).not.toBeNull();
    const [meter, incomer, feeder1, feeder2] = ['M01', 'IN01', 'F01', 'F02'].map(bySn) as [
      Device,
      Device,
      Device,
      Device,
    ];

    // 2. The gateway: mosquitto_pub -l with a line per message; mosquitto_sub on the command topic.
    const topics = gatewayTopics(GATEWAY_SN);
    const login = brokerLogin(server.mqttTcpUrl, GATEWAY_SN, secret);
    subscriber = TopicSubscriber.start(login, GATEWAY_CLIENT_ID, topics.command);
    await subscriber.subscribedWithin(SLOW.timeout);
    publisher = LinePublisher.start(
      brokerLogin(server.mqttTcpUrl, PUBLISHER_USERNAME, secret),
      PUBLISHER_CLIENT_ID,
      topics.telemetry,
    );
    // What the field reports: rising counters, 231 V, currents, breaker states. The test changes `closed` to trip.
    const closed: Record<string, boolean> = { IN01: true, F01: true, F02: true };
    let sample = 0;
    const line = () => {
      sample++;
      const ep = (base: number, rate: number) => Math.round((base + rate * sample) * 100) / 100;
      const phases = (i: number) => ({
        Ua: 231.2,
        Ub: 230.8,
        Uc: 231.5,
        Ia: i,
        Ib: i * 0.98,
        Ic: i * 1.01,
        PF: 0.95,
        F: 50,
      });
      const feeder = (sn: string, i: number, base: number) => ({
        sn,
        values: closed[sn]
          ? { ...phases(i), P: i * 0.66, Q: i * 0.2, EP: ep(base, i * 0.01), breaker: 1 }
          : { ...phases(0), P: 0, Q: 0, EP: ep(base, 0), breaker: 0 },
      });
      return JSON.stringify({
        ts: Date.now(),
        devices: [
          { sn: 'M01', values: { ...phases(180), P: 118.7, Q: 30.2, EP: ep(52_000, 1.2) } },
          {
            sn: 'IN01',
            values: { ...phases(182), P: 120.1, Q: 31, EP: ep(86_400, 1.25), breaker: closed.IN01 ? 1 : 0 },
          },
          feeder('F01', 95, 21_000),
          feeder('F02', 84, 17_500),
        ],
      });
    };
    // The gateway's own cadence (as a real one samples); the test waits on what the console shows, never on it.
    publisher.send(line());
    feeding = setInterval(() => publisher?.running && publisher.send(line()), 2_000);

    // 3a. Live values on the room's real-time page: the incomer's voltage as sent, the feeder's breaker closed.
    await open(admin, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    const value = async (deviceId: number, key: string) => {
      const v = await admin
        .getByTestId(`pt-${deviceId}-${key}`)
        .locator('.pt-value')
        .getAttribute('data-value', { timeout: 5_000 })
        .catch(() => null);
      return v === null || v === '' ? null : Number(v);
    };
    // The page opens on the room (30 points a page): the room's first page shows the meter and the incomer.
    await expect.poll(() => value(incomer.id, 'Ua'), SLOW).toBe(231.2);
    await expect.poll(() => value(meter.id, 'P'), SLOW).toBe(118.7);
    expect(await admin.getByTestId('device-tree').textContent()).toContain(room.name);
    // A feeder chosen in the device tree: its breaker closed, its current as sent.
    await click(admin, admin.getByTestId('device-tree').getByText('1#出线', { exact: true }));
    await expect.poll(() => value(feeder1.id, 'breaker'), SLOW).toBe(1);
    expect(await value(feeder1.id, 'Ia')).toBe(95);
    expect(await admin.getByTestId(`pt-${feeder1.id}-Ia`).textContent()).toContain('1#出线');
    await click(admin, admin.getByTestId('device-tree').getByText('2#出线', { exact: true }));
    await expect.poll(() => value(feeder2.id, 'breaker'), SLOW).toBe(1);
    await click(admin, admin.getByTestId('device-tree').getByText(room.name, { exact: true }));
    await expect.poll(() => value(incomer.id, 'Ua'), SLOW).toBe(231.2);
    await screenshot(admin, 'realtime-zh');

    // The diagram in one step (issue 25 item 3): the draft of the room, saved as it is; the live view then shows the
    // incomer and both feeders closed and the feeder's power as the gateway reports it.
    await open(admin, '/RunSetup/SingleLineSet', 'single-line-set');
    await admin.getByTestId('sld-editor').waitFor(SLOW);
    await click(admin, admin.getByTestId('sld-draft'));
    await admin.getByTestId('sld-draft-room').waitFor(SLOW);
    await click(admin, admin.locator('#sld-draft-ok'));
    await admin.getByTestId('sld-dirty').waitFor(SLOW);
    for (const id of [
      `QF-${incomer.id}`,
      `QF-${feeder1.id}`,
      `QF-${feeder2.id}`,
      `FD-${feeder1.id}`,
      `PJ-${meter.id}`,
    ])
      await admin.getByTestId(`sld-node-${id}`).waitFor(SLOW);
    await screenshot(admin, 'diagram-draft-zh');
    await click(admin, admin.getByTestId('sld-save'));
    await admin.getByTestId('sld-version').waitFor(SLOW);
    await open(admin, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    await click(admin, admin.getByTestId('tab-diagram'));
    await admin.getByTestId('sld').waitFor(SLOW);
    for (const b of [incomer, feeder1, feeder2])
      await expect
        .poll(() => admin.getByTestId(`sld-QF-${b.id}`).getAttribute('data-state'), SLOW)
        .toBe('closed');
    await expect
      .poll(async () => (await admin.getByTestId(`sld-p-FD-${feeder1.id}`).textContent()) ?? '', SLOW)
      .toMatch(/62\.7\d*\s*kW/);
    await screenshot(admin, 'diagram-live-zh');

    // 3b. Remote control before it is configured: a new breaker is closed to it (newBreakers.ts). The control page
    // lists it without operations, says so and links to the settings; nothing reaches the gateway.
    await open(admin, '/ElectricalRoom/DevControl', 'dev-control');
    await admin.getByTestId('control-targets').waitFor(SLOW);
    for (const b of [incomer, feeder1, feeder2]) {
      await admin.getByTestId(`not-controllable-${b.id}`).waitFor(SLOW);
      expect(await admin.getByTestId(`op-${b.id}-open`).count()).toBe(0);
    }
    expect(await admin.getByTestId(`not-controllable-${feeder1.id}`).textContent()).toContain('未开放遥控');
    await screenshot(admin, 'control-locked-zh');
    expect(subscriber!.messages()).toEqual([]);

    // 3c. The feeder trips in the field: the shipped default rule "断路器分闸" raises an event nobody wrote a rule for.
    closed.F01 = false;
    type EventRow = {
      id: number;
      device_id: number | null;
      event_type: number;
      rule_kind: string | null;
      point_key: string | null;
      value: number | null;
      state_from: number | null;
    };
    let trip: EventRow | undefined;
    await expect
      .poll(async () => {
        const events = await pageApiData<{ list: EventRow[] }>(
          admin,
          server.baseUrl,
          `/api/v6/event/list?project_id=${projectId}&page=1&size=50`,
          { method: 'GET' },
        );
        trip = events.list.find((e) => e.device_id === feeder1.id && e.point_key === 'breaker');
        return trip !== undefined;
      }, SLOW)
      .toBe(true);
    expect(trip).toMatchObject({ event_type: 3, rule_kind: 'digital', value: 0, state_from: 1 });
    await open(admin, '/ElectricalRoom/EvnManage', 'events-page');
    const eventRow = admin.getByTestId(`event-row-${trip!.id}`);
    await eventRow.waitFor(SLOW);
    expect(await eventRow.getByTestId('event-message').textContent()).toContain('断路器分闸');
    expect(await eventRow.textContent()).toContain('1#出线');
    await screenshot(admin, 'event-feeder-trip-zh');
    await dismissPending(admin);

    // 3d. Energy for today: the incomer became the metering root on its own; no tree was built by hand.
    type Overview = { consumption: { today: number }; month_cost: number | null; cost_unknown: string | null };
    const overview = () =>
      pageApiData<Overview>(admin, server.baseUrl, '/api/v6/energy/powerOverview', {
        body: { project_id: projectId },
      });
    await expect.poll(async () => (await overview()).consumption.today, SLOW).toBeGreaterThan(0);
    await open(admin, '/EnergyManage/PowerOverview', 'energy-pw-overview');
    await expect.poll(() => statValue(admin, 'pw-consumption-today'), SLOW).toBeGreaterThan(0);
    // No tariff yet: the cost is unknown, not 0 元 — the card says so and links to the tariff page.
    const noTariff = admin.getByTestId('pw-month-cost').getByTestId('cost-unknown');
    await noTariff.waitFor(SLOW);
    expect(await noTariff.textContent()).toBe('未配置电价');
    expect(await noTariff.getAttribute('href')).toBe('/RunSetup/BillingSet');
    expect(await admin.getByTestId('pw-month-cost').getByTestId('stat-value').count()).toBe(0);
    const apiBefore = await overview();
    expect(apiBefore.month_cost).toBeNull();
    expect(apiBefore.cost_unknown).toBe('no_tariff');
    await screenshot(admin, 'energy-no-tariff-zh');

    // 3e. A tariff entered on /RunSetup/BillingSet (the form's default TOU scheme and prices) → cost appears.
    await open(admin, '/RunSetup/BillingSet', 'billing-page');
    await click(admin, admin.getByTestId('billing-add'));
    await admin.getByTestId('billing-form').waitFor();
    await admin.getByTestId('billing-name').fill('新源工商业电价');
    await admin.getByTestId('billing-save').click();
    await admin.getByTestId('billing-form').waitFor({ state: 'detached', ...SLOW });
    await admin.getByTestId('billing-table').waitFor(SLOW);
    await screenshot(admin, 'tariff-zh');
    await expect.poll(async () => (await overview()).month_cost ?? 0, SLOW).toBeGreaterThan(0);
    await open(admin, '/EnergyManage/PowerOverview', 'energy-pw-overview');
    await expect.poll(() => statValue(admin, 'pw-month-cost'), SLOW).toBeGreaterThan(0);
    await screenshot(admin, 'energy-cost-zh');

    // 3f. Control configured for the breakers on /RunSetup/RemoteCtrlSet (the incomer keeps its two-person rule).
    await open(admin, '/RunSetup/RemoteCtrlSet');
    await admin.getByTestId('control-breakers').waitFor(SLOW);
    for (const b of [feeder1, incomer]) {
      const sw = admin.getByTestId(`control-controllable-${b.id}`);
      expect(await sw.getAttribute('aria-checked')).toBe('false');
      await click(admin, sw);
      await expect.poll(() => sw.getAttribute('aria-checked'), SLOW).toBe('true');
    }
    expect(await admin.getByTestId(`control-two-person-${incomer.id}`).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(admin, 'control-config-zh', true);

    // 3g. The checklist: complete except what this walk skips on purpose — the
    // members (the installer is the centre's administrator) and the push rule.
    await open(admin, '/RunSetup/StationSet', 'station-set');
    const expected: Record<string, string> = {
      rooms: 'done',
      gateways: 'done',
      devices: 'done',
      diagram: 'done',
      meteringRoot: 'done',
      tariff: 'done',
      alarmRules: 'done',
      members: 'todo',
      control: 'todo',
      push: 'todo',
    };
    // Feeder 2 is left unconfigured on purpose: the control step counts 2 of 3 breakers.
    const states = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(expected).map(async (k) => [
            k,
            await admin
              .getByTestId(`checklist-${k}`)
              .getAttribute('data-state', { timeout: 5_000 })
              .catch(() => null),
          ]),
        ),
      );
    await expect.poll(states, SLOW).toEqual(expected);
    const checklist = await pageApiData<SiteChecklist>(
      admin,
      server.baseUrl,
      `/api/v6/checklist?project_id=${projectId}`,
      { method: 'GET' },
    );
    expect(checklist.steps.find((s) => s.key === 'control')).toMatchObject({ done: 2, total: 3 });
    expect(checklist.steps.find((s) => s.key === 'devices')).toMatchObject({ done: 4, total: 4 });
    await screenshot(admin, 'checklist-zh', true);

    // 3h. A command issued from the control page now reaches mosquitto_sub, naming the feeder.
    await open(admin, '/ElectricalRoom/DevControl', 'dev-control');
    const close = admin.getByTestId(`op-${feeder1.id}-close`);
    await expect.poll(() => close.isEnabled().catch(() => false), SLOW).toBe(true);
    await click(admin, close);
    // Selected (the password is asked for), or refused: then say why.
    await admin
      .locator('[data-testid="control-password"], [data-testid="control-result"]')
      .first()
      .waitFor(SLOW);
    if ((await admin.getByTestId('control-password').count()) === 0)
      throw new Error(`selection refused: ${await admin.getByTestId('control-result').textContent()}`);
    await admin.getByTestId('control-password').fill(ADMIN_PASSWORD);
    await click(admin, admin.getByTestId('control-execute'));
    await expect
      .poll(
        () =>
          subscriber!
            .messages()
            .some(
              (m) => typeof m === 'object' && m !== null && JSON.stringify(m).includes('"device_sn":"F01"'),
            ),
        { ...SLOW, message: `mosquitto_sub printed:\n${subscriber!.log()}` },
      )
      .toBe(true);
    const command = subscriber!.messages().find((m) => JSON.stringify(m).includes('"device_sn":"F01"')) as {
      command: string;
      params: { device_sn: string; close: boolean };
    };
    expect(command.command).toBe('breaker');
    expect(command.params).toMatchObject({ device_sn: 'F01', close: true });
    // Nothing answers for the gateway here: the console ends the command with whatever result it reached.
    await admin.getByTestId('control-result').waitFor(SLOW);
    await admin.context().close();
  }, 900_000);
});
