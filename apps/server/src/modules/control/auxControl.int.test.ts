import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { ErrorCode, gatewayTopics, type SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from '@gridops/simulator/fleet';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface AuxTarget {
  device_id: number;
  name: string;
  kind: string;
  running: boolean | null;
  setpoint: { key: string; value: number | null; min: number; max: number } | null;
  actions: string[];
}

describe.each(backends)('auxiliary devices: select → password → simulator gateway → telemetry on %s', (backend) => {
  let h: Harness;
  let site: string;
  let worker: string;
  let projectId: number;
  let sim: GatewaySim;
  let t = Date.now();
  const received: { command: string; params: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    h = await startHarness(backend, { CONTROL_TIMEOUT_MS: '5000' });
    [site, worker] = await Promise.all([loginAs(h.rt.app, 'site'), loginAs(h.rt.app, 'worker')]);
    const db = h.rt.database.db;
    projectId = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    const devices = await db.selectFrom('devices').select(['sn', 'kind', 'name', 'name_en', 'room_id']).where('project_id', '=', projectId).where('sn', 'in', ['ENV', 'FAN1', 'AC1', 'DH1', 'LT1', 'WP1']).execute();
    // The simulator's own gateway model executes the commands the server publishes and reports the result.
    const def: SimulatorGateway = {
      sn: 'GW-SZIP-01',
      secret: '',
      project_id: projectId,
      project_name: 'SZIP',
      latitude: 31.3,
      longitude: 120.7,
      timezone: 'Asia/Shanghai',
      devices: devices.map((d) => ({ sn: d.sn, kind: d.kind as SimulatorGateway['devices'][number]['kind'], name: d.name, name_en: d.name_en ?? '', props: {}, room: d.room_id ?? 0 })),
    };
    sim = new GatewaySim(def, { intervalMs: 60_000, faultRate: 0 });
    const gw = await h.gateway('SZIP');
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
      void gw.client.publishAsync(topics.commandResult, JSON.stringify(result), { qos: 1 }).then(report);
    });
    await report();
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const post = async (url: string, token: string, payload: object, lang = 'zh') => (await h.rt.app.inject({ method: 'POST', url, headers: apiHeaders(token, { 'accept-language': lang }), payload })).json();
  const targets = async (token = site): Promise<AuxTarget[]> => (await h.rt.app.inject({ method: 'GET', url: `/api/v6/control/aux-targets?project_id=${projectId}`, headers: apiHeaders(token) })).json().data;
  const byKind = async (kind: string) => (await targets()).find((x) => x.kind === kind)!;
  const operate = async (device_id: number, action: string, value?: number) => {
    const sel = await post('/api/v6/control/select', site, { device_id, action, ...(value === undefined ? {} : { value }) });
    expect(sel.code).toBe(1);
    return post('/api/v6/control/execute', site, { selection_id: sel.data.selection_id, password: 'demo1234' });
  };

  it('lists the room auxiliary devices with their state and limits', async () => {
    await expect.poll(async () => (await byKind('fan'))?.running, { timeout: 5000 }).toBe(false);
    const list = await targets();
    expect(list.map((x) => x.kind).sort()).toEqual(['air_conditioner', 'dehumidifier', 'fan', 'light', 'water_pump']);
    expect(await byKind('air_conditioner')).toMatchObject({ name: '1#精密空调', setpoint: { key: 'temp_set', value: 26, min: 16, max: 30 }, actions: ['on', 'off', 'setpoint'] });
    expect((await byKind('light')).setpoint).toBeNull();
    // Viewers see the state too; operating needs the control permission.
    expect((await targets(worker)).length).toBe(5);
  });

  it('switches a fan on and adjusts an AC set-point through the simulator, logged step by step', async () => {
    const fan = await byKind('fan');
    expect((await operate(fan.device_id, 'on')).data).toMatchObject({ status: 'succeeded' });
    expect(received.at(-1)).toMatchObject({ command: 'aux', params: { device_sn: 'FAN1', run: true } });
    await expect.poll(async () => (await byKind('fan')).running, { timeout: 5000 }).toBe(true);
    const ac = await byKind('air_conditioner');
    expect((await operate(ac.device_id, 'setpoint', 22.5)).data).toMatchObject({ status: 'succeeded' });
    expect(received.at(-1)).toMatchObject({ command: 'aux', params: { device_sn: 'AC1', setpoint: { key: 'temp_set', value: 22.5 } } });
    await expect.poll(async () => (await byKind('air_conditioner')).setpoint?.value, { timeout: 5000 }).toBe(22.5);
    const log = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/control/log?device_id=${ac.device_id}`, headers: apiHeaders(site) })).json().data.list;
    expect(log.map((l: { step: string; outcome: string }) => `${l.step}:${l.outcome}`).reverse()).toEqual(['select:selected', 'execute:sent', 'result:succeeded']);
    expect(log.at(-1)).toMatchObject({ action: 'setpoint', detail: 'temp_set=22.5' });
  });

  it('refuses an out-of-range set-point naming the field, wrong actions, and users without control', async () => {
    const ac = await byKind('air_conditioner');
    const zh = await post('/api/v6/control/select', site, { device_id: ac.device_id, action: 'setpoint', value: 35 });
    expect(zh).toMatchObject({ code: ErrorCode.Validation, data: { field: 'value' } });
    expect(zh.msg).toContain('温度设定值');
    const en = await post('/api/v6/control/select', site, { device_id: ac.device_id, action: 'setpoint', value: 10 }, 'en');
    expect(en.msg).toMatch(/Temperature set-point must be between 16 and 30/);
    expect((await post('/api/v6/control/select', site, { device_id: ac.device_id, action: 'setpoint' })).data.field).toBe('value');
    expect((await post('/api/v6/control/select', site, { device_id: ac.device_id, action: 'open' })).data.field).toBe('action');
    const light = await byKind('light');
    expect((await post('/api/v6/control/select', site, { device_id: light.device_id, action: 'setpoint', value: 1 })).data.field).toBe('action');
    expect((await post('/api/v6/control/select', worker, { device_id: light.device_id, action: 'on' })).code).toBe(ErrorCode.Forbidden);
    // Refusals are in the control log too.
    const log = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/control/log?device_id=${ac.device_id}`, headers: apiHeaders(site) })).json().data.list;
    expect(log[0]).toMatchObject({ step: 'select', outcome: 'refused_out_of_range' });
  });
});
