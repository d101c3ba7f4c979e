import fs from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatInZone } from '@gridops/format';
import { ErrorCode, gatewayTopics, type ControlConfig } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface LogRow {
  step: string;
  outcome: string;
  detail: string;
  selection_id: string | null;
}

/**
 * Remote control is checked again at execute (docs/security.md "Remote control: checked at select and again at
 * execute"): a selection granted while everything allowed it is refused at execute — and cancelled at once,
 * with the reason in the control log in zh and en — when, before execute, an interlock became true, the breaker
 * was made not controllable, the operator was taken off its list, the two-person rule was switched on, a
 * blocked period was set, or the operator lost the control permission or was disabled. A fresh, legitimate
 * select → execute still reaches the gateway afterwards.
 */
describe.each(backends)('remote control checked again at execute on %s', (backend) => {
  let h: Harness;
  let site: string;
  let centre: string;
  let centreId: number;
  let projectId: number;
  let orgId: number;
  let tz: string;
  let f01: number;
  let other: { id: number; sn: string };
  let fan: number;
  let gw: Awaited<ReturnType<Harness['gateway']>>;
  const received: { id: string; command: string; params: { device_sn?: string } }[] = [];
  /** Commands the gateway received for one device (the site's automation may send others meanwhile). */
  const sentTo = (sn: string) => received.filter((c) => c.params.device_sn === sn).length;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
    (await h.rt.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': lang }), ...(payload ? { payload } : {}) })).json<Envelope<T>>();
  const select = (token: string, device_id: number, action: string) => call<{ selection_id: string; needs_approval: boolean }>('POST', '/api/v6/control/select', token, { device_id, action });
  const execute = (token: string, selection_id: string, password = 'demo1234', lang = 'en') => call<{ status: string; command_id: string }>('POST', '/api/v6/control/execute', token, { selection_id, password }, lang);
  const logOf = async (selectionId: string, lang = 'en') =>
    (await call<{ list: LogRow[] }>('GET', `/api/v6/control/log?project_id=${projectId}&size=200`, site, undefined, lang)).data.list.filter((l) => l.selection_id === selectionId).reverse();
  const breaker = (id: number) => call<ControlConfig>('GET', `/api/v6/control-config?project_id=${projectId}`, site).then((c) => c.data.breakers.find((b) => b.device_id === id)!);
  const saveBreaker = async (id: number, change: { controllable?: boolean; user_ids?: number[]; two_person?: boolean }) => {
    const b = await breaker(id);
    const r = await call('PUT', `/api/v6/control-config/breaker/${id}`, site, { controllable: b.controllable, user_ids: b.user_ids, role_types: b.role_types, two_person: b.two_person, version: b.version, ...change });
    expect(r.code).toBe(1);
  };
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
  /** Select → execute of a legitimate operation: succeeds, and the command reached the gateway. */
  const operatesFreshly = async (device = f01, action = 'open', token = site, password = 'demo1234') => {
    const sel = await select(token, device, action);
    expect(sel.code).toBe(1);
    const r = await execute(token, sel.data.selection_id, password);
    expect(r.data.status).toBe('succeeded');
    expect(received.map((c) => c.id)).toContain(r.data.command_id);
  };
  /** The old selection's execute is refused with the catalogue code and the reason; nothing reaches the gateway. */
  const refusedAtExecute = async (token: string, selectionId: string, code: ErrorCode, reason: string, password = 'demo1234') => {
    const before = received.length;
    const r = await execute(token, selectionId, password);
    expect(r.code).toBe(code);
    expect(r.msg).toContain(reason);
    expect(received.slice(before).filter((c) => c.command !== 'aux' || c.params.device_sn === 'FAN1')).toHaveLength(0);
    return r;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    [site, centre] = await Promise.all([loginAs(h.rt.app, 'site'), loginAs(h.rt.app, 'centre')]);
    const db = h.rt.database.db;
    const p = await db.selectFrom('projects').select(['id', 'timezone', 'org_id']).where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow();
    [projectId, tz, orgId] = [p.id, p.timezone, p.org_id];
    centreId = (await db.selectFrom('users').select('id').where('username', '=', 'centre').executeTakeFirstOrThrow()).id;
    f01 = (await db.selectFrom('devices').select('id').where('project_id', '=', projectId).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    const o = await db.selectFrom('devices').select(['id', 'sn']).where('project_id', '=', projectId).where('kind', 'in', ['feeder', 'incomer']).where('sn', '<>', 'F01').orderBy('id').executeTakeFirstOrThrow();
    other = { id: o.id, sn: o.sn };
    fan = (await db.selectFrom('devices').select('id').where('project_id', '=', projectId).where('sn', '=', 'FAN1').executeTakeFirstOrThrow()).id;
    gw = await h.gateway('SZIP');
    const topics = gatewayTopics(gw.sn);
    await gw.client.subscribeAsync(topics.command, { qos: 1 });
    gw.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as (typeof received)[number];
      received.push(cmd);
      gw.client.publishAsync(topics.commandResult, JSON.stringify({ id: cmd.id, ok: true, ts: Date.now() }), { qos: 1 }).catch(() => undefined);
    });
    await gw.send(Date.now(), { F01: { breaker: 1 }, [other.sn]: { breaker: 1 } });
  });
  // Each case starts from the same place, whatever the one before left behind (also when it failed).
  afterEach(async () => {
    const db = h.rt.database.db;
    await db.updateTable('control_commands').set({ status: 'cancelled' }).where('project_id', '=', projectId).where('status', '=', 'selected').execute();
    await db.deleteFrom('control_interlocks').where('project_id', '=', projectId).execute();
    await db.deleteFrom('control_blocked_periods').where('project_id', '=', projectId).execute();
    await db.deleteFrom('control_settings').where('project_id', '=', projectId).execute();
    const point = await db.selectFrom('device_points').select('id').where('device_id', '=', other.id).where('key', '=', 'breaker').executeTakeFirstOrThrow();
    await db.updateTable('point_latest').set({ value: 1 }).where('point_id', '=', point.id).execute();
    await db.updateTable('devices').set((eb) => ({ props: sql`${eb.ref('props')} - 'remote_control'` })).where('id', '=', fan).execute();
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('an interlock that became true after the selection: cancelled when the breaker reports, refused at execute, the reason logged in zh and en', async () => {
    await expect.poll(() => breakerValue(other.id), { timeout: 20_000 }).toBe(1);
    // "F01 may not open while the other breaker is open" — the other is closed now, so the selection is granted.
    const il = await call<{ id: number }>('POST', '/api/v6/control-config/interlock', site, { project_id: projectId, device_id: f01, action: 'open', other_device_id: other.id, other_closed: false, name: '母联闭锁', name_en: 'Tie interlock' });
    expect(il.code).toBe(1);
    const sel = await select(site, f01, 'open');
    expect(sel.code).toBe(1);
    // The other breaker opens (its gateway reports it): a fresh select is refused, and the open selection ends.
    await gw.send(Date.now(), { [other.sn]: { breaker: 0 } });
    await expect.poll(() => breakerValue(other.id), { timeout: 20_000 }).toBe(0);
    expect((await select(site, f01, 'open')).code).toBe(ErrorCode.Conflict);
    await expect.poll(async () => (await logOf(sel.data.selection_id)).map((l) => `${l.step}:${l.outcome}`), { timeout: 20_000 }).toEqual(['select:selected', 'cancel:refused_interlock']);
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'Interlock "Tie interlock": cannot open while');
    expect((await logOf(sel.data.selection_id, 'en'))[1]!.detail).toContain('Remote-control conditions changed; the selection was cancelled: Interlock "Tie interlock"');
    expect((await logOf(sel.data.selection_id, 'zh'))[1]!.detail).toContain('遥控条件已变化，本次选择已取消：联锁「母联闭锁」');
    await call('DELETE', `/api/v6/control-config/interlock/${il.data.id}`, site);
    await gw.send(Date.now(), { [other.sn]: { breaker: 1 } });
    await expect.poll(() => breakerValue(other.id), { timeout: 20_000 }).toBe(1);
    await operatesFreshly();
  });

  it('an interlock state changed in the database only (no report through this instance) is still caught at execute, inside the claim', async () => {
    const il = await call<{ id: number }>('POST', '/api/v6/control-config/interlock', site, { project_id: projectId, device_id: f01, action: 'close', other_device_id: other.id, other_closed: false, name: '备自投闭锁', name_en: 'Auto-transfer interlock' });
    expect(il.code).toBe(1);
    const sel = await select(site, f01, 'close');
    expect(sel.code).toBe(1);
    // As if another instance had stored the other breaker's opening: only the execute-time check can see it.
    const point = await h.rt.database.db.selectFrom('device_points').select('id').where('device_id', '=', other.id).where('key', '=', 'breaker').executeTakeFirstOrThrow();
    await h.rt.database.db.updateTable('point_latest').set({ value: 0 }).where('point_id', '=', point.id).execute();
    const r = await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'Interlock "Auto-transfer interlock": cannot close while');
    expect(r.msg).toContain('the selection was cancelled');
    expect((await logOf(sel.data.selection_id)).map((l) => `${l.step}:${l.outcome}`)).toEqual(['select:selected', 'execute:refused_interlock']);
    expect((await execute(site, sel.data.selection_id)).code).toBe(ErrorCode.Conflict);
    await h.rt.database.db.updateTable('point_latest').set({ value: 1 }).where('point_id', '=', point.id).execute();
    await call('DELETE', `/api/v6/control-config/interlock/${il.data.id}`, site);
    await operatesFreshly(f01, 'close');
  });

  it('a breaker made not controllable after the selection', async () => {
    const sel = await select(site, f01, 'open');
    expect(sel.code).toBe(1);
    await saveBreaker(f01, { controllable: false });
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'This breaker is not open to remote control');
    expect((await logOf(sel.data.selection_id)).map((l) => `${l.step}:${l.outcome}`)).toEqual(['select:selected', 'cancel:refused_not_controllable', 'execute:refused_expired']);
    expect((await logOf(sel.data.selection_id, 'zh'))[1]!.detail).toContain('该断路器未开放遥控');
    await saveBreaker(f01, { controllable: true });
    await operatesFreshly();
  });

  it('the operator taken off the breaker’s list after the selection', async () => {
    const sel = await select(site, f01, 'close');
    expect(sel.code).toBe(1);
    await saveBreaker(f01, { user_ids: [centreId] });
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'You are not among the users allowed to operate this breaker');
    expect((await logOf(sel.data.selection_id))[1]).toMatchObject({ step: 'cancel', outcome: 'refused_permission' });
    // Someone still on the list operates it.
    await operatesFreshly(f01, 'close', centre);
    await saveBreaker(f01, { user_ids: [] });
    await operatesFreshly();
  });

  it('the two-person rule switched on after the selection', async () => {
    const sel = await select(site, f01, 'close');
    expect(sel.data.needs_approval).toBe(false);
    await saveBreaker(f01, { two_person: true });
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'The two-person rule now applies to this breaker');
    expect((await logOf(sel.data.selection_id))[1]).toMatchObject({ step: 'cancel', outcome: 'refused_two_person' });
    // Under the rule, a new selection approved by a second person goes through.
    const approved = await select(site, f01, 'close');
    expect(approved.data.needs_approval).toBe(true);
    expect((await call('POST', '/api/v6/control/approve', centre, { selection_id: approved.data.selection_id })).code).toBe(1);
    expect((await execute(site, approved.data.selection_id)).data.status).toBe('succeeded');
    await saveBreaker(f01, { two_person: false });
    await operatesFreshly();
  });

  it('a blocked period set after the selection', async () => {
    const sel = await select(site, f01, 'close');
    expect(sel.code).toBe(1);
    const now = Date.now();
    const block = await call<{ id: number }>('POST', '/api/v6/control-config/block', site, { project_id: projectId, name: '交接班', name_en: 'Shift handover', start: formatInZone(now - 60_000, tz, 'HH:mm'), end: formatInZone(now + 10 * 60_000, tz, 'HH:mm') });
    expect(block.code).toBe(1);
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'Remote control is blocked now: "Shift handover"');
    expect((await logOf(sel.data.selection_id))[1]).toMatchObject({ step: 'cancel', outcome: 'refused_blocked' });
    expect((await logOf(sel.data.selection_id, 'zh'))[1]!.detail).toContain('当前处于禁止遥控时段「交接班」');
    await call('DELETE', `/api/v6/control-config/block/${block.data.id}`, site);
    await operatesFreshly(f01, 'close');
  });

  it('an operator who lost the control permission, or was disabled, after the selection', async () => {
    const member = async (username: string) => {
      const invited = await call<{ member: { id: number; version: number }; password: string }>('POST', '/api/v6/member', centre, {
        username,
        password: 'Operator2026',
        name: '值班员',
        name_en: 'Operator',
        user_type: 1,
        org_id: orgId,
        project_ids: [projectId],
        permissions: ['view', 'control'],
        phone: '+86 138 0000 0000',
        email: `${username}@example.com`,
      });
      expect(invited.code).toBe(1);
      const token = await loginAs(h.rt.app, username, 'Operator2026');
      expect((await call('POST', '/api/v6/account/password', token, { old_password: 'Operator2026', new_password: 'Operator2026-changed' })).code).toBe(1);
      return { ...invited.data.member, token };
    };
    const ops = await member('opsa');
    const sel = await select(ops.token, f01, 'open');
    expect(sel.code).toBe(1);
    const update = await call('PUT', `/api/v6/member/${ops.id}`, centre, { name: '值班员', name_en: 'Operator', user_type: 1, org_id: orgId, project_ids: [projectId], permissions: ['view'], phone: '+86 138 0000 0000', email: 'opsa@example.com', version: ops.version });
    expect(update.code).toBe(1);
    expect((await logOf(sel.data.selection_id)).at(-1)).toMatchObject({ step: 'cancel', outcome: 'refused_permission' });
    expect((await logOf(sel.data.selection_id)).at(-1)!.detail).toContain('the selection was cancelled: No permission');
    await refusedAtExecute(ops.token, sel.data.selection_id, ErrorCode.Forbidden, 'permission', 'Operator2026-changed');

    const opsb = await member('opsb');
    const selB = await select(opsb.token, f01, 'open');
    expect(selB.code).toBe(1);
    expect((await call('POST', `/api/v6/member/${opsb.id}/status`, centre, { enabled: false })).code).toBe(1);
    expect((await logOf(selB.data.selection_id)).at(-1)).toMatchObject({ step: 'cancel', outcome: 'refused_permission', detail: expect.stringContaining('This account is disabled') });
    // The disabled operator's session is gone: the execute does not even reach the selection.
    expect((await execute(opsb.token, selB.data.selection_id, 'Operator2026-changed')).code).toBe(ErrorCode.SessionInvalid);
    await operatesFreshly();
  });

  it('an auxiliary device closed to remote control after the selection is refused at execute', async () => {
    const sel = await select(site, fan, 'on');
    expect(sel.code).toBe(1);
    const props = (await h.rt.database.db.selectFrom('devices').select('props').where('id', '=', fan).executeTakeFirstOrThrow()).props as Record<string, unknown>;
    await h.rt.database.db.updateTable('devices').set({ props: JSON.stringify({ ...props, remote_control: false }) }).where('id', '=', fan).execute();
    await refusedAtExecute(site, sel.data.selection_id, ErrorCode.Conflict, 'This auxiliary device is not open to remote control');
    expect((await logOf(sel.data.selection_id)).map((l) => `${l.step}:${l.outcome}`)).toEqual(['select:selected', 'execute:refused_not_controllable']);
    await h.rt.database.db.updateTable('devices').set({ props: JSON.stringify(props) }).where('id', '=', fan).execute();
    await operatesFreshly(fan, 'on');
  });

  it('a change racing an execute: exactly one wins — the command is sent, or the selection is cancelled with its reason', async () => {
    for (let round = 0; round < 3; round++) {
      const sel = await select(site, f01, 'open');
      expect(sel.code).toBe(1);
      const before = sentTo('F01');
      const [r] = await Promise.all([execute(site, sel.data.selection_id), saveBreaker(f01, { controllable: false })]);
      const outcomes = (await logOf(sel.data.selection_id)).map((l) => `${l.step}:${l.outcome}`);
      if (r.code === 1) {
        expect(outcomes).toContain('execute:sent');
        expect(outcomes.some((o) => o.endsWith(':refused_not_controllable'))).toBe(false);
        expect(sentTo('F01')).toBe(before + 1);
      } else {
        expect(r.code).toBe(ErrorCode.Conflict);
        expect(outcomes).not.toContain('execute:sent');
        expect(outcomes.some((o) => o.endsWith(':refused_not_controllable'))).toBe(true);
        expect(sentTo('F01')).toBe(before);
      }
      await saveBreaker(f01, { controllable: true });
    }
  });
});
