import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import { ErrorCode, gatewayTopics, type RobotConfig, type RobotConfigList, type RobotLive } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

/**
 * The inspection robot end to end on the real database and broker (docs/robot.md): the demo's robot, its
 * telemetry through the gateway like any device, an out-of-limit stop reading raising one event through the
 * rules RobotSet made, RobotSet's validation naming the field, version checks, the device/points/rules kept
 * in step with the configuration, and scope.
 */
describe.each(backends)('inspection robot on %s', (backend) => {
  let h: Harness;
  let site: string;
  let xihu: string;
  let worker: string;
  let szip: number;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    h.rt.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const configs = async (token = site) => (await send('GET', `/api/v6/robot/configs?project_id=${szip}`, token)).json() as { code: number; data: RobotConfigList };
  const live = async () => ((await send('GET', `/api/v6/robot/live?project_id=${szip}`, site)).json() as { data: RobotLive[] }).data;
  const db = () => h.rt.database.db;
  const robotEvents = (deviceId: number, key: string) =>
    db()
      .selectFrom('events as e')
      .innerJoin('device_points as p', 'p.id', 'e.point_id')
      .select(['e.id', 'e.value', 'e.message_key', 'e.message_en', 'e.limit_value'])
      .where('e.device_id', '=', deviceId)
      .where('p.key', '=', key)
      .execute();

  beforeAll(async () => {
    h = await startHarness(backend);
    site = await loginAs(h.rt.app, 'site');
    xihu = await loginAs(h.rt.app, 'xihu');
    worker = await loginAs(h.rt.app, 'worker');
    szip = (await db().selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('the demo robot: plan, route, readings with limits, a camera, its device behind the room gateway with a point per reading and a rule per limit', async () => {
    const { code, data } = await configs();
    expect(code).toBe(1);
    expect(data.items).toHaveLength(1);
    const r = data.items[0]!;
    expect(r).toMatchObject({ serial: 'ROBOT-R1', speed_mps: 0.4, schedule: ['08:00', '14:00', '20:00'] });
    expect(r.camera_id).not.toBeNull();
    expect(r.plan.cabinets.length).toBeGreaterThan(4);
    const keys = r.stops.flatMap((s) => s.readings.map((x) => x.key));
    expect(keys).toEqual(expect.arrayContaining(['ir_ah1', 'ua_ah1', 'sw_ah1', 'ir_t1', 'ir_t2']));
    const points = await db().selectFrom('device_points').select('key').where('device_id', '=', r.device_id!).execute();
    expect(points.map((p) => p.key)).toEqual(expect.arrayContaining(['x', 'y', 'battery', 'task_state', ...keys]));
    const rules = await db().selectFrom('alarm_rules').select(['point_key', 'kind', 'threshold']).where('device_id', '=', r.device_id!).execute();
    expect(rules).toEqual(expect.arrayContaining([{ point_key: 'ir_ah1', kind: 'high', threshold: 60 }, { point_key: 'ua_ah1', kind: 'low', threshold: 5400 }, { point_key: 'sw_ah1', kind: 'digital', threshold: 0 }]));
    const history = await db().selectFrom('robot_inspections').select('id').where('robot_id', '=', r.id).execute();
    expect(history.length).toBeGreaterThan(20);
  });

  it('telemetry moves the robot; an out-of-limit stop reading raises one event through the rules, a repeat none', async () => {
    const r = (await configs()).data.items[0]!;
    const gw = await h.gateway('SZIP');
    const now = Date.now();
    const before = (await robotEvents(r.device_id!, 'ir_ah1')).length;
    await gw.send(now - 2000, { 'ROBOT-R1': { x: 2, y: 2.4, heading: 90, battery: 77, charging: 0, task_state: 2, stop: 1, progress: 0, ir_ah1: 93.5, ua_ah1: 5770, sw_ah1: 1 } });
    await vi.waitFor(async () => expect((await robotEvents(r.device_id!, 'ir_ah1')).length).toBe(before + 1), { timeout: 10_000, interval: 50 });
    const event = (await robotEvents(r.device_id!, 'ir_ah1')).at(-1)!;
    expect(event).toMatchObject({ value: 93.5, limit_value: 60, message_key: 'robot.overLimit' });
    expect(event.message_en).toContain('above limit');
    const state = (await live())[0]!;
    expect(state.state).toMatchObject({ x: 2, y: 2.4, battery: 77, task_state: 'reading', stop: 1, online: true });
    const reading = state.stops[0]!.readings.find((x) => x.key === 'ir_ah1')!;
    expect(reading).toMatchObject({ value: 93.5, ok: false });
    expect(state.stops[0]!.readings.find((x) => x.key === 'sw_ah1')).toMatchObject({ value: 1, ok: true });

    // Still hot at the next round: the same alarm, not a second event; the robot has moved on.
    await gw.send(now - 1000, { 'ROBOT-R1': { x: 3.1, y: 2.4, ir_ah1: 94 } });
    await vi.waitFor(async () => expect((await live())[0]!.state.x).toBe(3.1), { timeout: 10_000, interval: 50 });
    expect((await robotEvents(r.device_id!, 'ir_ah1')).length).toBe(before + 1);
  });

  it('a round the robot reports over MQTT is stored once with its readings judged; "start a round now" sends the command, for control users only', async () => {
    const r = (await configs()).data.items[0]!;
    const gw = await h.gateway('SZIP');
    const commands: string[] = [];
    gw.client.on('message', (_topic, payload) => commands.push(payload.toString()));
    await gw.client.subscribeAsync(gatewayTopics(gw.sn).command, { qos: 1 });
    const startedAt = Date.now() - 600_000;
    const report = {
      device_sn: 'ROBOT-R1',
      started_at: startedAt,
      finished_at: startedAt + 540_000,
      status: 'completed',
      trigger: 'manual',
      readings: [
        { stop: 1, key: 'ir_ah1', value: 71.5 },
        { stop: 1, key: 'sw_ah1', value: 1 },
        { stop: 1, key: 'no_such_key', value: 3 },
      ],
    };
    const rounds = () => db().selectFrom('robot_inspections').selectAll().where('robot_id', '=', r.id).where('started_at', '=', new Date(startedAt)).execute();
    // Sent twice (a resend after a lost PUBACK): stored once.
    await gw.client.publishAsync(gatewayTopics(gw.sn).robotRound, JSON.stringify(report), { qos: 1 });
    await gw.client.publishAsync(gatewayTopics(gw.sn).robotRound, JSON.stringify(report), { qos: 1 });
    await gw.client.publishAsync(gatewayTopics(gw.sn).robotRound, '{"device_sn":"ROBOT-R1"}', { qos: 1 });
    await vi.waitFor(async () => expect(await rounds()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [row] = await rounds();
    expect(row).toMatchObject({ status: 'completed', trigger: 'manual', anomalies: 1 });
    const readings = row!.readings as { item_en: string; value: number; limit: number | null; ok: boolean }[];
    expect(readings).toHaveLength(2);
    expect(readings[0]).toMatchObject({ value: 71.5, limit: 60, ok: false });
    expect(readings[0]!.item_en).toContain('·');

    const start = (token: string) => send('POST', `/api/v6/robot/configs/${r.id}/startRound`, token);
    expect((await start(worker)).json()).toMatchObject({ code: ErrorCode.Forbidden });
    expect((await start(xihu)).json()).toMatchObject({ code: ErrorCode.Forbidden });
    const ok = (await start(site)).json() as { code: number; data: { command_id: string } };
    expect(ok.code).toBe(1);
    await vi.waitFor(() => expect(commands.map((c) => JSON.parse(c) as { id: string; command: string; params: object }).find((c) => c.id === ok.data.command_id)).toMatchObject({ command: 'robot_start_round', params: { device_sn: 'ROBOT-R1' } }), { timeout: 10_000, interval: 50 });
    expect(await db().selectFrom('audit_log').select('action').where('action', '=', 'robot.start_round').execute()).toHaveLength(1);
  });

  it('RobotSet validation names the field and keeps nothing of a refused write; edits are version-checked and move the rules', async () => {
    const { data } = await configs();
    const r = data.items[0]!;
    const { id: _id, project_id: _p, device_id: _d, version, ...fields } = r;
    const put = (body: object, v = version) => send('PUT', `/api/v6/robot/configs/${r.id}`, site, { ...fields, ...body, version: v });
    const stop0 = fields.stops[0]!;
    const withReading = (patch: object) => ({ stops: [{ ...stop0, readings: [{ ...stop0.readings[0]!, ...patch }] }, ...fields.stops.slice(1)] });

    expect((await put({ stops: [{ ...stop0, x: fields.plan.width_m + 1 }] })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stops.0.x' } });
    expect((await put(withReading({ high: null }))).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stops.0.readings.0.high' } });
    expect((await put(withReading({ key: 'battery' }))).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stops.0.readings.0.key' } });
    const foreign = await db().selectFrom('devices as d').innerJoin('projects as p', 'p.id', 'd.project_id').select('d.id').where('p.name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow();
    expect((await put(withReading({ target_device_id: foreign.id }))).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stops.0.readings.0.target_device_id' } });
    expect((await put({ plan: { ...fields.plan, width_m: 1 } })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'plan.width_m' } });
    expect((await configs()).data.items[0]!.version).toBe(version);

    const saved = (await put(withReading({ high: 65 }))).json() as { code: number; data: RobotConfig };
    expect(saved.code).toBe(1);
    expect(saved.data.version).toBe(version + 1);
    const rule = await db().selectFrom('alarm_rules').select('threshold').where('device_id', '=', r.device_id!).where('point_key', '=', 'ir_ah1').executeTakeFirstOrThrow();
    expect(rule.threshold).toBe(65);
    expect((await put(withReading({ high: 70 }), version)).json()).toMatchObject({ code: ErrorCode.Conflict });
    const audit = await db().selectFrom('audit_log').select('action').where('action', '=', 'robot.update').execute();
    expect(audit).toHaveLength(1);
  });

  it('a new robot brings its device, points and rules; deleting it takes them away', async () => {
    const { data } = await configs();
    const base = data.items[0]!;
    const target = data.devices.find((d) => d.kind === 'transformer')!;
    const body = {
      project_id: szip,
      name: '挂轨机器人 R2',
      name_en: 'Rail robot R2',
      room_id: base.room_id,
      serial: 'ROBOT-R2',
      gateway_id: base.gateway_id,
      camera_id: null,
      speed_mps: 0.3,
      plan: { width_m: 10, depth_m: 6, dock: { x: 0.5, y: 5 }, cabinets: [] },
      stops: [{ name: '变压器', name_en: 'Transformer', x: 4, y: 3, dwell_s: 15, readings: [{ key: 'ir_r2', kind: 'ir_temp', name: '本体', name_en: 'Body', target_device_id: target.id, high: 80 }] }],
      schedule: ['09:30'],
    };
    const created = (await send('POST', '/api/v6/robot/configs', site, body)).json() as { code: number; data: RobotConfig };
    expect(created.code).toBe(1);
    expect((await send('POST', '/api/v6/robot/configs', site, body)).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'serial' } });
    const deviceId = created.data.device_id!;
    expect(await db().selectFrom('alarm_rules').select(['point_key', 'threshold']).where('device_id', '=', deviceId).execute()).toEqual([{ point_key: 'ir_r2', threshold: 80 }]);
    expect((await send('DELETE', `/api/v6/robot/configs/${created.data.id}?version=${created.data.version}`, site)).json()).toMatchObject({ code: 1 });
    expect(await db().selectFrom('devices').select('id').where('id', '=', deviceId).execute()).toEqual([]);
    expect(await db().selectFrom('alarm_rules').select('id').where('device_id', '=', deviceId).execute()).toEqual([]);
  });

  it('scope: another group sees nothing of the site, a viewer cannot configure', async () => {
    expect((await configs(xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/robot/live?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    const r = (await configs()).data.items[0]!;
    const res = (await send('DELETE', `/api/v6/robot/configs/${r.id}?version=${r.version}`, worker)).json();
    expect(res.code).toBe(ErrorCode.Forbidden);
    expect((await configs()).data.items).toHaveLength(1);
  });
});
