import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { ErrorCode, gatewayTopics, type SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from '@gridops/simulator/fleet';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

/**
 * Smart-building control (docs/smart-building.md): a chiller's chilled-water set-point goes select → password →
 * the simulator's gateway model (`building` command) → the chiller's telemetry, with its control-log steps; a
 * set-point outside the unit's BuildAirSet range is refused naming `value`.
 */
describe.each(backends)('building equipment: select → password → simulated chiller on %s', (backend) => {
  let h: Harness;
  let xihu: string;
  let projectId: number;
  let chillerId: number;
  let sim: GatewaySim;
  let t = Date.now();
  const received: { command: string; params: Record<string, unknown> }[] = [];
  /** The last command's answer and the telemetry after it: waited for before the broker closes. */
  let answering: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    h = await startHarness(backend, { CONTROL_TIMEOUT_MS: '5000' });
    xihu = await loginAs(h.rt.app, 'xihu');
    const db = h.rt.database.db;
    projectId = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
    const devices = await db.selectFrom('devices').select(['id', 'sn', 'kind', 'name', 'name_en', 'props']).where('project_id', '=', projectId).where('sn', 'like', 'OT-%').execute();
    chillerId = devices.find((d) => d.sn === 'OT-CH1')!.id;
    const def: SimulatorGateway = {
      sn: 'GW-HZBJ-01',
      secret: '',
      project_id: projectId,
      project_name: 'HZBJ',
      latitude: 30.2084,
      longitude: 120.2106,
      timezone: 'Asia/Shanghai',
      devices: devices.map((d) => ({ sn: d.sn, kind: d.kind as SimulatorGateway['devices'][number]['kind'], name: d.name, name_en: d.name_en ?? '', props: (d.props ?? {}) as Record<string, number> })),
    };
    sim = new GatewaySim(def, { intervalMs: 60_000, faultRate: 0 });
    const gw = await h.gateway('HZBJ');
    const topics = gatewayTopics(gw.sn);
    const report = async () => {
      t += 60_000;
      const tel = sim.tick(t);
      await gw.send(tel.ts, Object.fromEntries(tel.devices.map((d) => [d.sn, d.values])));
    };
    await gw.client.subscribeAsync(topics.command, { qos: 1 });
    gw.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as { command: string; params: Record<string, unknown> };
      received.push(cmd);
      const result = sim.command(cmd, t);
      answering = gw.client.publishAsync(topics.commandResult, JSON.stringify(result), { qos: 1 }).then(report);
    });
    await report();
  });
  afterAll(async () => {
    await answering;
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const post = async (url: string, payload: object, lang = 'zh') => (await h.rt.app.inject({ method: 'POST', url, headers: apiHeaders(xihu, { 'accept-language': lang }), payload })).json();
  const chiller = async () => {
    const live = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/building/live?project_id=${projectId}`, headers: apiHeaders(xihu) })).json().data;
    return live.equipment.find((e: { device_id: number }) => e.device_id === chillerId) as { values: Record<string, number | null>; setpoint: { min: number; max: number } };
  };

  it('moves the chilled-water set-point through the simulated gateway, logged step by step', async () => {
    await expect.poll(async () => (await chiller()).values.chw_set, { timeout: 5000 }).toBe(7);
    const sel = await post('/api/v6/control/select', { device_id: chillerId, action: 'setpoint', value: 8.5 });
    expect(sel.code).toBe(1);
    const done = await post('/api/v6/control/execute', { selection_id: sel.data.selection_id, password: 'demo1234' });
    expect(done.data).toMatchObject({ status: 'succeeded' });
    expect(received.at(-1)).toMatchObject({ command: 'building', params: { device_sn: 'OT-CH1', setpoint: { key: 'chw_set', value: 8.5 } } });
    await expect.poll(async () => (await chiller()).values.chw_set, { timeout: 5000 }).toBe(8.5);
    const log = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/control/log?device_id=${chillerId}`, headers: apiHeaders(xihu) })).json().data.list;
    expect(log.map((l: { step: string; outcome: string }) => `${l.step}:${l.outcome}`).reverse()).toEqual(['select:selected', 'execute:sent', 'result:succeeded']);
    expect(log.at(-1)).toMatchObject({ action: 'setpoint', detail: 'chw_set=8.5' });
  });

  it('changes a unit schedule with select-before-operate: the gateway takes it, the log names it, the building set keeps it', async () => {
    const db = h.rt.database.db;
    const entry = await db.selectFrom('building_equipment').select(['id', 'version', 'spec']).where('device_id', '=', chillerId).executeTakeFirstOrThrow();
    const schedule = { days: 'everyday', start: '06:30', end: '21:15' };
    // The end before the start is refused on its field before anything is selected.
    expect(await post('/api/v6/control/select', { device_id: chillerId, action: 'schedule', schedule: { ...schedule, end: '06:00' } })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'schedule.end' } });
    const sel = await post('/api/v6/control/select', { device_id: chillerId, action: 'schedule', schedule });
    expect(sel.code).toBe(1);
    const done = await post('/api/v6/control/execute', { selection_id: sel.data.selection_id, password: 'demo1234' });
    expect(done.data).toMatchObject({ status: 'succeeded' });
    expect(received.at(-1)).toMatchObject({ command: 'building', params: { device_sn: 'OT-CH1', schedule: { on: 390, off: 1275, everyday: true } } });
    const after = await db.selectFrom('building_equipment').select(['version', 'spec']).where('id', '=', entry.id).executeTakeFirstOrThrow();
    expect((after.spec as { schedule: unknown }).schedule).toEqual(schedule);
    expect(after.version).toBe(entry.version + 1);
    const log = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/control/log?device_id=${chillerId}`, headers: apiHeaders(xihu) })).json().data.list;
    expect(log[0]).toMatchObject({ action: 'schedule', step: 'result', outcome: 'succeeded' });
    expect(log.find((l: { step: string }) => l.step === 'select')).toMatchObject({ action: 'schedule', detail: 'schedule=everyday 06:30–21:15' });
  });

  it("refuses a set-point outside the unit's range naming the value, in zh and en", async () => {
    const limits = (await chiller()).setpoint;
    const zh = await post('/api/v6/control/select', { device_id: chillerId, action: 'setpoint', value: limits.max + 1 });
    expect(zh).toMatchObject({ code: ErrorCode.Validation, data: { field: 'value' } });
    expect(zh.msg).toContain('冷冻水出水设定');
    const en = await post('/api/v6/control/select', { device_id: chillerId, action: 'setpoint', value: 5 }, 'en');
    expect(en.msg).toMatch(/Chilled-water set-point must be between 6 and 10/);
    expect((await post('/api/v6/control/select', { device_id: chillerId, action: 'open' })).data.field).toBe('action');
  });
});
