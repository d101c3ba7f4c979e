import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '@gridops/format';
import { gatewayTopics, type ControlConfig } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The remote-control configuration on a real runtime (database, broker, a gateway answering): a breaker made
 * not controllable, a blocked period in the site's time, an interlock on another breaker's live state, and the
 * two-person rule (a second authorised user approves before execute) — each refused by the server before a
 * selection is granted, with zh/en reasons, and recorded in the control log.
 */
describe.each(backends)('remote-control configuration on %s', (backend) => {
  let h: Harness;
  let site: string;
  let centre: string;
  let projectId: number;
  let f01: number;
  let other: { id: number; sn: string };
  let tz: string;
  let gw: Awaited<ReturnType<Harness['gateway']>>;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
    (await h.rt.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload ? { payload } : {}) })).json<Envelope<T>>();
  const select = (token: string, device_id: number, action: 'open' | 'close', lang = 'en') => call<{ selection_id: string; needs_approval?: boolean }>('POST', '/api/v6/control/select', token, { device_id, action }, lang);
  const cancel = (token: string, selection_id: string) => call('POST', '/api/v6/control/cancel', token, { selection_id });
  const breakerValue = async (deviceId: number) =>
    (
      await h.rt.database.db
        .selectFrom('device_points as p')
        .innerJoin('point_latest as l', 'l.point_id', 'p.id')
        .select('l.value')
        .where('p.device_id', '=', deviceId)
        .where('p.key', '=', 'breaker')
        .executeTakeFirst()
    )?.value;
  const config = async () => (await call<ControlConfig>('GET', `/api/v6/control-config?project_id=${projectId}`, site)).data;

  beforeAll(async () => {
    h = await startHarness(backend);
    [site, centre] = await Promise.all([loginAs(h.rt.app, 'site'), loginAs(h.rt.app, 'centre')]);
    const db = h.rt.database.db;
    const p = await db.selectFrom('projects').select(['id', 'timezone']).where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow();
    projectId = p.id;
    tz = p.timezone;
    f01 = (await db.selectFrom('devices').select('id').where('project_id', '=', projectId).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    const o = await db.selectFrom('devices').select(['id', 'sn']).where('project_id', '=', projectId).where('kind', 'in', ['feeder', 'incomer']).where('sn', '<>', 'F01').orderBy('id').executeTakeFirstOrThrow();
    other = { id: o.id, sn: o.sn };
    gw = await h.gateway('SZIP');
    const topics = gatewayTopics(gw.sn);
    await gw.client.subscribeAsync(topics.command, { qos: 1 });
    gw.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as { id: string };
      gw.client.publishAsync(topics.commandResult, JSON.stringify({ id: cmd.id, ok: true, ts: Date.now() }), { qos: 1 }).catch(() => undefined);
    });
    await gw.send(Date.now(), { F01: { breaker: 1 }, [other.sn]: { breaker: 1 } });
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('lists the breakers with default settings and the users who may control', async () => {
    await expect.poll(() => breakerValue(other.id), { timeout: 20_000 }).toBe(1);
    const c = await config();
    expect(c.breakers.find((b) => b.device_id === f01)).toMatchObject({ controllable: true, user_ids: [], two_person: false, version: 0 });
    expect(c.users.map((u) => u.username)).toEqual(expect.arrayContaining(['site', 'centre']));
    expect(c.users.map((u) => u.username)).not.toContain('worker');
  });

  it('a breaker not open to remote control is refused before selection (zh/en), with a version check on the setting', async () => {
    const saved = await call<{ version: number }>('PUT', `/api/v6/control-config/breaker/${f01}`, site, { controllable: false, user_ids: [], two_person: false, version: 0 });
    expect(saved.data.version).toBe(1);
    const en = await select(site, f01, 'open');
    expect(en.code).toBe(10008);
    expect(en.msg).toContain('not open to remote control');
    expect((await select(site, f01, 'open', 'zh')).msg).toContain('未开放遥控');
    const stale = await call('PUT', `/api/v6/control-config/breaker/${f01}`, site, { controllable: true, user_ids: [], two_person: false, version: 0 });
    expect(stale.code).toBe(10008);
    expect((await call('PUT', `/api/v6/control-config/breaker/${f01}`, site, { controllable: true, user_ids: [], two_person: false, version: 1 })).code).toBe(1);
    const log = await call<{ list: { outcome: string }[] }>('GET', `/api/v6/control/log?device_id=${f01}&size=10`, site);
    expect(log.data.list.map((l) => l.outcome)).toContain('refused_not_controllable');
  });

  it('a breaker added from the console is closed to remote control until configured; an incomer starts two-person; voltage from telemetry', async () => {
    const gatewayId = (await h.rt.database.db.selectFrom('gateways').select('id').where('sn', '=', gw.sn).executeTakeFirstOrThrow()).id;
    const add = (sn: string, kind: 'feeder' | 'incomer') =>
      call<{ id: number }>('POST', '/api/v6/gateway/device', site, { gateway_id: gatewayId, sn, kind, name: `新${sn}`, name_en: `New ${sn}` });
    const feeder = (await add(`NEWF-${backend}`, 'feeder')).data.id;
    const incomer = (await add(`NEWI-${backend}`, 'incomer')).data.id;
    const before = await config();
    expect(before.breakers.find((b) => b.device_id === feeder)).toMatchObject({ controllable: false, two_person: false, voltage_kv: null, version: 1 });
    expect(before.breakers.find((b) => b.device_id === incomer)).toMatchObject({ controllable: false, two_person: true, version: 1 });
    // The demo's breakers keep working as before (no setting row: operable).
    expect(before.breakers.find((b) => b.device_id === other.id)).toMatchObject({ controllable: true });

    await gw.send(Date.now(), { [`NEWF-${backend}`]: { breaker: 1, Ua: 231 } });
    await expect.poll(async () => (await config()).breakers.find((b) => b.device_id === feeder)?.voltage_kv, { timeout: 20_000 }).toBe(0.4);
    const refused = await select(site, feeder, 'open');
    expect(refused.code).toBe(10008);
    expect(refused.msg).toContain('not open to remote control');

    // One explicit, audited step opens it.
    expect((await call('PUT', `/api/v6/control-config/breaker/${feeder}`, site, { controllable: true, user_ids: [], two_person: false, version: 1 })).code).toBe(1);
    const granted = await select(site, feeder, 'open');
    expect(granted.code).toBe(1);
    await cancel(site, granted.data.selection_id);
    const audited = await h.rt.database.db.selectFrom('audit_log').select('action').where('action', '=', 'controlConfig.breaker').where('target_id', '=', String(feeder)).execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it('refuses during a blocked period in the site time', async () => {
    const now = Date.now();
    const start = formatInZone(now - 60_000, tz, 'HH:mm');
    const end = formatInZone(now + 10 * 60_000, tz, 'HH:mm');
    const block = await call<{ id: number }>('POST', '/api/v6/control-config/block', site, { project_id: projectId, name: '交接班', name_en: 'Shift handover', start, end });
    expect(block.code).toBe(1);
    const r = await select(site, f01, 'open');
    expect(r.code).toBe(10008);
    expect(r.msg).toContain('Shift handover');
    expect((await call('POST', '/api/v6/control-config/block', site, { project_id: projectId, name: 'x', name_en: '', start: '25:00', end: '01:00' })).code).toBe(10006);
    expect((await call('DELETE', `/api/v6/control-config/block/${block.data.id}`, site)).code).toBe(1);
    const ok = await select(site, f01, 'open');
    expect(ok.code).toBe(1);
    await cancel(site, ok.data.selection_id);
  });

  it('an interlock refuses closing while the other breaker is closed, and allows it once that one is open', async () => {
    const il = await call('POST', '/api/v6/control-config/interlock', site, { project_id: projectId, device_id: f01, action: 'close', other_device_id: other.id, other_closed: true, name: '母联闭锁', name_en: 'Tie interlock' });
    expect(il.code).toBe(1);
    const refused = await select(site, f01, 'close');
    expect(refused.code).toBe(10008);
    expect(refused.msg).toContain('Interlock "Tie interlock": cannot close while');
    expect((await select(site, f01, 'close', 'zh')).msg).toContain('联锁「母联闭锁」');
    // Opening F01 is not interlocked.
    const open = await select(site, f01, 'open');
    expect(open.code).toBe(1);
    await cancel(site, open.data.selection_id);
    await gw.send(Date.now(), { [other.sn]: { breaker: 0 } });
    await expect.poll(() => breakerValue(other.id), { timeout: 20_000 }).toBe(0);
    const allowed = await select(site, f01, 'close');
    expect(allowed.code).toBe(1);
    await cancel(site, allowed.data.selection_id);
  });

  it('the two-person rule: execute waits for a second authorised user to approve', async () => {
    const v = (await config()).breakers.find((b) => b.device_id === f01)!.version;
    expect((await call('PUT', `/api/v6/control-config/breaker/${f01}`, site, { controllable: true, user_ids: [], two_person: true, version: v })).code).toBe(1);
    const sel = await select(site, f01, 'open');
    expect(sel.data.needs_approval).toBe(true);
    const early = await call('POST', '/api/v6/control/execute', site, { selection_id: sel.data.selection_id, password: 'demo1234' });
    expect(early.code).toBe(10008);
    expect(early.msg).toContain('two-person rule');
    const self = await call('POST', '/api/v6/control/approve', site, { selection_id: sel.data.selection_id });
    expect(self.code).toBe(10008);
    const pending = await call<{ selection_id: string; own: boolean }[]>('GET', `/api/v6/control/approvals?project_id=${projectId}`, centre);
    expect(pending.data.find((p) => p.selection_id === sel.data.selection_id)?.own).toBe(false);
    expect((await call('POST', '/api/v6/control/approve', centre, { selection_id: sel.data.selection_id })).code).toBe(1);
    const done = await call<{ status: string }>('POST', '/api/v6/control/execute', site, { selection_id: sel.data.selection_id, password: 'demo1234' });
    expect(done.data.status).toBe('succeeded');
    const audit = await h.rt.database.db.selectFrom('audit_log').select('action').where('action', 'in', ['control.approve', 'controlConfig.breaker', 'controlConfig.interlock.create']).execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['control.approve', 'controlConfig.breaker', 'controlConfig.interlock.create']));
  });
});
