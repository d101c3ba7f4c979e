import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import writeXlsxFile from 'write-excel-file/node';
import { AUX_DEVICE_XLSX_COLUMNS, gatewayTopics, type AuxDevice, type AuxDeviceList, type ControlConfig } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface Envelope<T = unknown> { code: number; msg: string; data: T }

/**
 * The aux-device set (limits AuxControl enforces, remote control, version, audit, .xlsx import) and the
 * remote-control leftovers: restriction by role, the site-wide two-person rule above N kV and approvals pushed
 * live over MQTT. A real runtime: database, broker, an online gateway.
 */
describe.each(backends)('aux-device set and remote-control configuration on %s', (backend) => {
  let h: Harness;
  let site: string;
  let centre: string;
  let projectId: number;

  const call = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
    (await h.rt.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload ? { payload } : {}) })).json<Envelope<T>>();
  const list = async () => (await call<AuxDeviceList>('GET', `/api/v6/aux-devices?project_id=${projectId}`, site)).data;
  const bySn = async (sn: string) => (await list()).devices.find((d) => d.sn === sn)!;
  const form = (d: AuxDevice) => ({ name: d.name, name_en: d.name_en, room_id: d.room_id, gateway_id: d.gateway_id, sn: d.sn, setpoint_min: d.setpoint_min, setpoint_max: d.setpoint_max, remote_control: d.remote_control, version: d.version });
  const select = (token: string, device_id: number, action: string, value?: number, lang = 'en') => call<{ selection_id: string; needs_approval?: boolean; field?: string }>('POST', '/api/v6/control/select', token, { device_id, action, ...(value === undefined ? {} : { value }) }, lang);
  const cancel = (token: string, selection_id: string) => call('POST', '/api/v6/control/cancel', token, { selection_id });

  beforeAll(async () => {
    h = await startHarness(backend);
    [site, centre] = await Promise.all([loginAs(h.rt.app, 'site'), loginAs(h.rt.app, 'centre')]);
    projectId = (await h.rt.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    // The gateway is heard: selections need it online.
    const gw = await h.gateway('SZIP');
    await gw.client.subscribeAsync(gatewayTopics(gw.sn).command, { qos: 1 });
    await gw.send(Date.now(), { ENV: { temp: 25, humidity: 60 } });
    // A seeded runtime takes a while on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('lists the room auxiliary devices with their points and limits', async () => {
    await expect.poll(async () => (await h.rt.database.db.selectFrom('gateways').select('online').where('sn', '=', 'GW-SZIP-01').executeTakeFirst())?.online, { timeout: 5000 }).toBe(true);
    const l = await list();
    expect(l.devices.map((d) => d.kind).sort()).toEqual(['air_conditioner', 'dehumidifier', 'fan', 'light', 'water_pump']);
    expect(await bySn('AC1')).toMatchObject({ setpoint: { key: 'temp_set', min: 16, max: 30, kind_min: 16, kind_max: 30 }, remote_control: true, version: 1 });
    expect((await bySn('LT1')).setpoint).toBeNull();
    expect(l.points.some((p) => p.key === 'humidity')).toBe(true);
  });

  it('limits saved here are the limits AuxControl enforces, refused naming value', async () => {
    const ac = await bySn('AC1');
    const bad = await call('PUT', `/api/v6/aux-devices/${ac.id}`, site, { ...form(ac), setpoint_max: 35 });
    expect(bad).toMatchObject({ code: 10006, data: { field: 'setpoint_max' } });
    const saved = await call<AuxDevice>('PUT', `/api/v6/aux-devices/${ac.id}`, site, { ...form(ac), setpoint_min: 18, setpoint_max: 26 });
    expect(saved.data).toMatchObject({ setpoint: { min: 18, max: 26 }, version: 2 });
    // A second save with the old version loses.
    expect((await call('PUT', `/api/v6/aux-devices/${ac.id}`, site, { ...form(ac), name: 'x' })).code).toBe(10008);
    const refused = await select(site, ac.id, 'setpoint', 28, 'zh');
    expect(refused).toMatchObject({ code: 10006, data: { field: 'value' } });
    expect(refused.msg).toContain('18–26');
    const ok = await select(site, ac.id, 'setpoint', 24);
    expect(ok.code).toBe(1);
    await cancel(site, ok.data.selection_id);
    const audit = await h.rt.database.db.selectFrom('audit_log').select('action').where('action', '=', 'auxDevice.update').execute();
    expect(audit.length).toBe(1);
  });

  it('a device closed to remote control is refused', async () => {
    const fan = await bySn('FAN1');
    expect((await call('PUT', `/api/v6/aux-devices/${fan.id}`, site, { ...form(fan), remote_control: false })).code).toBe(1);
    const r = await select(site, fan.id, 'on');
    expect(r.code).toBe(10008);
    expect(r.msg).toMatch(/not open to remote control/);
  });

  it('imports the table from .xlsx all or nothing, and adds a device with its kind’s points', async () => {
    const l = await list();
    const dh = l.devices.find((d) => d.sn === 'DH1')!;
    const file = async (rows: (string | number | boolean)[][]) => (await writeXlsxFile([[...AUX_DEVICE_XLSX_COLUMNS], ...rows].map((r) => r.map((value) => ({ value: String(value) })))).toBuffer()).toString('base64');
    const good = [dh.id, '1#除湿机', 'Dehumidifier 1', 'dehumidifier', dh.room_id, dh.gateway_id, 'DH1', 45, 70, 'true'];
    const added = ['', '2#排风扇', 'Exhaust fan 2', 'fan', dh.room_id, dh.gateway_id, 'FAN2', '', 2, 'true'];
    const broken = await call<{ ok: boolean; errors: { row: number; column: string }[] }>('POST', '/api/v6/aux-devices/import', site, { project_id: projectId, file_base64: await file([good, ['', 'x', 'x', 'heater', dh.room_id, dh.gateway_id, 'H1', '', '', 'true']]) });
    expect(broken.data).toMatchObject({ ok: false, errors: [{ row: 3, column: 'kind' }] });
    expect((await bySn('DH1')).setpoint_min).toBeNull();
    const r = await call<{ ok: boolean; created: number; updated: number }>('POST', '/api/v6/aux-devices/import', site, { project_id: projectId, file_base64: await file([good, added]) });
    expect(r.data).toMatchObject({ ok: true, created: 1, updated: 1 });
    expect(await bySn('DH1')).toMatchObject({ setpoint: { min: 45, max: 70 } });
    expect((await bySn('FAN2')).points.map((p) => p.key)).toEqual(['run', 'speed', 'P']);
  });

  it('restricts a breaker by role', async () => {
    const cfg = (await call<ControlConfig>('GET', `/api/v6/control-config?project_id=${projectId}`, site)).data;
    const f01 = cfg.breakers.find((b) => b.kind === 'feeder')!;
    expect((await call('PUT', `/api/v6/control-config/breaker/${f01.device_id}`, site, { controllable: true, user_ids: [], role_types: [0], two_person: false, version: f01.version })).code).toBe(1);
    const refused = await select(site, f01.device_id, 'open');
    expect(refused.code).toBe(10008);
    expect(refused.msg).toMatch(/Your role is not among the roles/);
    const ok = await select(centre, f01.device_id, 'open');
    expect(ok.code).toBe(1);
    await cancel(centre, ok.data.selection_id);
  });

  it('the site-wide two-person rule covers breakers above N kV, and approvers are told live', async () => {
    let cfg = (await call<ControlConfig>('GET', `/api/v6/control-config?project_id=${projectId}`, site)).data;
    const incomer = cfg.breakers.find((b) => b.kind === 'incomer')!;
    const feeder = cfg.breakers.filter((b) => b.kind === 'feeder')[1]!;
    expect(incomer.voltage_kv).toBe(10);
    expect(feeder.voltage_kv).toBe(0.4);
    expect((await call('PUT', '/api/v6/control-config/site', site, { project_id: projectId, two_person_above_kv: 6, version: 0 })).code).toBe(1);
    expect((await call('PUT', '/api/v6/control-config/site', site, { project_id: projectId, two_person_above_kv: 6, version: 0 })).code).toBe(10008);
    cfg = (await call<ControlConfig>('GET', `/api/v6/control-config?project_id=${projectId}`, site)).data;
    expect(cfg.breakers.find((b) => b.device_id === incomer.device_id)?.two_person_effective).toBe(true);
    expect(cfg.breakers.find((b) => b.device_id === feeder.device_id)?.two_person_effective).toBe(false);
    const approver = await h.listen('centre');
    const sel = await select(site, incomer.device_id, 'open');
    expect(sel.data.needs_approval).toBe(true);
    const pushed = await approver.waitFor((m) => m.command === 'control_approval');
    expect(pushed.data).toMatchObject({ kind: 'request', selection_id: sel.data.selection_id, project_id: projectId });
    const low = await select(site, feeder.device_id, 'open');
    expect(low.data.needs_approval).toBe(false);
    await cancel(site, sel.data.selection_id);
    await cancel(site, low.data.selection_id);
  });
});
