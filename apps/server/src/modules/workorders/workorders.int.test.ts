import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode, type WorkOrderDetail, type WorkOrder } from '@gridops/contract';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages, makePng } from '../../test-support/png.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const PNG = makePng(40, 30);

/**
 * Work orders on a real database: created from an event, the whole life cycle with photos, refusals by the
 * state machine and the version check, a worker's scope, tenancy, the event closed with its order, and an SLA
 * breach queued through the push module.
 */
describe.each(backends)('work orders on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let otherWorker: string;
  let xihu: string;
  let szip: number;
  let workerId: number;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const act = (token: string, o: { id: number; version: number }, action: string, extra: Record<string, unknown> = {}) =>
    call<WorkOrderDetail & { field?: string }>('POST', `/api/v6/workorder/${o.id}/transition`, token, { action, version: o.version, ...extra });

  /** A fresh pending event at the site (each test makes its own). */
  async function newEvent(): Promise<number> {
    const r = await sql<{ id: number }>`INSERT INTO events (project_id, event_type, level, title, message, message_en, raised_at)
      VALUES (${szip}, 2, 2, 'test', '测试告警', 'test alarm', now()) RETURNING id::int AS id`.execute(t.database.db);
    return r.rows[0]!.id;
  }
  const createFromEvent = async (eventId: number, assignee: unknown = { kind: 'user', id: workerId }, priority = 'high') =>
    call<WorkOrderDetail & { field?: string }>('POST', '/api/v6/workorder/create', site, {
      project_id: szip,
      source: { kind: 'event', ref: String(eventId) },
      title: '2号变压器温度越限',
      title_en: 'Transformer 2 over temperature',
      priority,
      assignee,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', '%Suzhou%').executeTakeFirstOrThrow()).id;
    workerId = (await db.selectFrom('users').select('id').where('username', '=', 'worker').executeTakeFirstOrThrow()).id;
    const org = (await db.selectFrom('users').select('org_id').where('username', '=', 'worker').executeTakeFirstOrThrow()).org_id;
    const other = await db
      .insertInto('users')
      .values({ username: 'worker-wo-2', name: '赵六', name_en: 'Zhao Liu', user_type: 2, org_id: org, password_hash: await hashPassword('demo1234'), permissions: ['view'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_projects').values({ user_id: other.id, project_id: szip }).execute();
    site = await loginAs(t.app, 'site');
    worker = await loginAs(t.app, 'worker');
    otherWorker = await loginAs(t.app, 'worker-wo-2');
    xihu = await loginAs(t.app, 'xihu');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates an order from an event, assigned at once; the event is acknowledged and cannot get a second open order', async () => {
    const eventId = await newEvent();
    const r = await createFromEvent(eventId);
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ state: 'assigned', source_kind: 'event', event_id: eventId, assignee_kind: 'user', assignee_id: workerId, assignee_name_en: 'Wang Qiang', priority: 'high' });
    expect(r.data.code).toMatch(/^WO-\d{6}$/);
    expect(r.data.timeline.map((e) => e.action)).toEqual(['create', 'assign']);
    expect(r.data.timeline[0]!.user_name_en).toBe('Li Na');
    expect(Date.parse(r.data.respond_due) - Date.parse(r.data.created_at)).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    const ev = await sql<{ status: string }>`SELECT status FROM events WHERE id = ${eventId}`.execute(t.database.db);
    expect(ev.rows[0]!.status).toBe('acknowledged');
    const again = await createFromEvent(eventId);
    expect(again.code).toBe(ErrorCode.Conflict);
    const wrong = await call<{ field?: string }>('POST', '/api/v6/workorder/create', site, { project_id: szip, source: { kind: 'event', ref: '999999999' }, title: 'x', priority: 'low' });
    expect(wrong.code).toBe(ErrorCode.Validation);
    expect(wrong.data.field).toBe('source.ref');
    // An inspection finding passes its own reference; a worker cannot create.
    const insp = await call<WorkOrderDetail>('POST', '/api/v6/workorder/create', site, { project_id: szip, source: { kind: 'inspection', ref: 'INS-7/3' }, title: '柜门锁损坏', priority: 'low' });
    expect(insp.data).toMatchObject({ state: 'created', source_kind: 'inspection', source_ref: 'INS-7/3' });
    expect((await call('POST', '/api/v6/workorder/create', worker, { project_id: szip, source: { kind: 'manual' }, title: 'x', priority: 'low' })).code).toBe(ErrorCode.Forbidden);
  });

  it('runs the whole life cycle; closing the order closes its event', async () => {
    const eventId = await newEvent();
    let o = (await createFromEvent(eventId)).data;
    expect(o.actions).toEqual(['assign']);
    const w = await call<WorkOrderDetail>('GET', `/api/v6/workorder/${o.id}`, worker);
    expect(w.data.actions).toEqual(['accept', 'decline']);
    o = (await act(worker, o, 'accept')).data;
    expect(o.state).toBe('accepted');
    expect(o.accepted_at).not.toBeNull();
    o = (await act(worker, o, 'arrive')).data;
    expect(o.state).toBe('onsite');
    const noCause = await act(worker, o, 'resolve', { action_taken: 'reset' });
    expect(noCause.code).toBe(ErrorCode.Validation);
    expect(noCause.data.field).toBe('cause');
    const badPhoto = await act(worker, o, 'resolve', { cause: 'c', action_taken: 'a', photos: [Buffer.from('GIF89a').toString('base64')] });
    expect(badPhoto.data.field).toBe('photos.0');
    for (const { name, bytes } of attackImages()) {
      const r = await act(worker, o, 'resolve', { cause: 'c', action_taken: 'a', photos: [PNG.toString('base64'), bytes.toString('base64')] });
      expect([r.code, r.data.field], name).toEqual([ErrorCode.Validation, 'photos.1']);
    }
    o = (await act(worker, o, 'resolve', { cause: '风扇故障', action_taken: '更换风扇', parts: '风扇 ×1', photos: [PNG.toString('base64'), (await jpegWithGps()).toString('base64')] })).data;
    expect(o).toMatchObject({ state: 'resolved', cause: '风扇故障', action_taken: '更换风扇', parts: '风扇 ×1' });
    expect(o.photo_ids).toHaveLength(2);
    const photo = await call<{ photo_type: string; photo: string }>('GET', `/api/v6/workorder/photo/${o.photo_ids[0]}`, site);
    expect(photo.data.photo_type).toBe('image/png');
    expect(await storedImageFacts(Buffer.from(photo.data.photo, 'base64'))).toMatchObject({ format: 'png', width: 40, height: 30 });
    // The phone's JPEG is kept re-encoded, without its EXIF (GPS, camera), and served with nosniff.
    const gpsRes = await t.app.inject({ method: 'GET', url: `/api/v6/workorder/photo/${o.photo_ids[1]}`, headers: apiHeaders(site) });
    expect(gpsRes.headers['x-content-type-options']).toBe('nosniff');
    const gps = gpsRes.json<{ data: { photo_type: string; photo: string } }>().data;
    expect(gps.photo_type).toBe('image/jpeg');
    expect(await storedImageFacts(Buffer.from(gps.photo, 'base64'))).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
    // The site rejects once (reason required), the worker resolves again, the site verifies and closes.
    expect((await act(site, o, 'reject')).code).toBe(ErrorCode.Validation);
    o = (await act(site, o, 'reject', { reason: '照片看不清' })).data;
    expect(o).toMatchObject({ state: 'onsite', reject_reason: '照片看不清', resolved_at: null });
    o = (await act(worker, o, 'resolve', { cause: '风扇故障', action_taken: '更换风扇并清灰' })).data;
    o = (await act(site, o, 'verify')).data;
    expect(o.state).toBe('verified');
    const closed = await act(site, o, 'close');
    expect(closed.data.state).toBe('closed');
    expect(closed.data.timeline.map((e) => e.action)).toEqual(['create', 'assign', 'accept', 'arrive', 'resolve', 'reject', 'resolve', 'verify', 'close']);
    expect(closed.data.timeline.find((e) => e.action === 'accept')!.user_name_en).toBe('Wang Qiang');
    const ev = await sql<{ status: string; closed_at: Date | null }>`SELECT status, closed_at FROM events WHERE id = ${eventId}`.execute(t.database.db);
    expect(ev.rows[0]!.status).toBe('closed');
    const audit = await sql<{ action: string }>`SELECT action FROM audit_log WHERE target_type = 'workorder' AND target_id = ${String(o.id)} ORDER BY id`.execute(t.database.db);
    expect(audit.rows.map((r) => r.action)).toContain('workorder.close');
  });

  it('refuses illegal transitions, the wrong role, a lost version check and declines without a reason', async () => {
    const o = (await createFromEvent(await newEvent())).data;
    const early = await act(site, o, 'close');
    expect(early.code).toBe(ErrorCode.Conflict);
    expect(early.msg).toContain('cannot');
    expect((await act(site, o, 'accept')).code).toBe(ErrorCode.Forbidden); // a manager is not the worker's stand-in
    expect((await act(worker, o, 'arrive')).code).toBe(ErrorCode.Conflict);
    expect((await act(worker, { id: o.id, version: o.version + 5 }, 'accept')).code).toBe(ErrorCode.Conflict);
    const noReason = await act(worker, o, 'decline');
    expect(noReason.code).toBe(ErrorCode.Validation);
    expect(noReason.data.field).toBe('reason');
    const declined = await act(worker, o, 'decline', { reason: '今天在南京站' });
    expect(declined.data).toMatchObject({ state: 'created', assignee_id: null, reject_reason: '今天在南京站' });
    expect((await call('GET', `/api/v6/workorder/${o.id}`, worker)).code).toBe(ErrorCode.Forbidden);
    const toNobody = await act(site, declined.data, 'assign', { assignee: { kind: 'user', id: 1 } });
    expect(toNobody.data.field).toBe('assignee');
  });

  it('lets the site act for an expert, who has no login', async () => {
    const db = t.database.db;
    const org = (await db.selectFrom('projects').select('org_id').where('id', '=', szip).executeTakeFirstOrThrow()).org_id;
    const x = await sql<{ id: number }>`INSERT INTO experts (org_id, name, name_en, phone, region, status, enabled) VALUES (${org}, '孙工', 'Engineer Sun', '13900000000', 'Jiangsu', 'approved', true) RETURNING id`.execute(db);
    const list = await call<{ kind: string; id: number }[]>('GET', `/api/v6/workorder/assignees?project_id=${szip}`, site);
    expect(list.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'expert', id: x.rows[0]!.id }), expect.objectContaining({ kind: 'user', id: workerId })]));
    let o = (await createFromEvent(await newEvent(), { kind: 'expert', id: x.rows[0]!.id })).data;
    expect(o.assignee_name_en).toBe('Engineer Sun');
    expect(o.actions).toEqual(['assign', 'accept', 'decline']);
    o = (await act(site, o, 'accept')).data;
    expect(o.state).toBe('accepted');
  });

  it("shows a worker only his own orders, and nobody another tenant's", async () => {
    const mine = (await createFromEvent(await newEvent())).data;
    const list = await call<{ total: number; list: WorkOrder[] }>('GET', '/api/v6/workorder/list?size=200', worker);
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((o) => o.assignee_id === workerId && o.assignee_kind === 'user')).toBe(true);
    const theirs = await call<{ total: number; list: WorkOrder[] }>('GET', '/api/v6/workorder/list', otherWorker);
    expect(theirs.data.list.some((o) => o.id === mine.id)).toBe(false);
    expect((await call('GET', `/api/v6/workorder/${mine.id}`, otherWorker)).code).toBe(ErrorCode.Forbidden);
    expect((await act(otherWorker, mine, 'accept')).code).toBe(ErrorCode.Forbidden);
    // Another tenant: no read, no write, no create, no photo, no assignees.
    expect((await call('GET', `/api/v6/workorder/${mine.id}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await act(xihu, mine, 'assign', { assignee: { kind: 'user', id: workerId } })).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/workorder/list?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/workorder/create', xihu, { project_id: szip, source: { kind: 'manual' }, title: 'x', priority: 'low' })).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/workorder/assignees?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    const xihuList = await call<{ list: WorkOrder[] }>('GET', '/api/v6/workorder/list', xihu);
    expect(xihuList.data.list.some((o) => o.project_id === szip)).toBe(false);
  });

  it('stamps an SLA breach once, writes it to the timeline and queues a push delivery', async () => {
    const db = t.database.db;
    const centre = await loginAs(t.app, 'centre');
    const org = (await db.selectFrom('projects').select('org_id').where('id', '=', szip).executeTakeFirstOrThrow()).org_id;
    const siteUser = (await db.selectFrom('users').select('id').where('username', '=', 'site').executeTakeFirstOrThrow()).id;
    await sql`UPDATE users SET email = 'lina@example.test' WHERE id = ${siteUser}`.execute(db);
    await sql`INSERT INTO push_rules (org_id, project_id, name, event_types, min_level, user_ids, channel_ids, escalate_user_ids, enabled)
      VALUES (${org}, ${szip}, 'wo-breach', '{2,3}'::int[], 1, ${[siteUser]}::int[], '{}'::int[], '{}'::int[], true)`.execute(db);
    const sla = await call<{ rows: { priority: string; respond_minutes: number }[] }>('PUT', '/api/v6/workorder/sla', centre, {
      org_id: org,
      rows: [
        { priority: 'urgent', respond_minutes: 5, resolve_minutes: 60 },
        { priority: 'high', respond_minutes: 30, resolve_minutes: 480 },
        { priority: 'normal', respond_minutes: 120, resolve_minutes: 1440 },
        { priority: 'low', respond_minutes: 480, resolve_minutes: 4320 },
      ],
    });
    expect(sla.code).toBe(1);
    expect((await call('PUT', '/api/v6/workorder/sla', site, { org_id: org, rows: sla.data.rows })).code).toBe(ErrorCode.Forbidden);
    const o = (await createFromEvent(await newEvent(), { kind: 'user', id: workerId }, 'urgent')).data;
    expect(Date.parse(o.respond_due) - Date.parse(o.created_at)).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await t.services.workOrders.checkSla(later)).toBeGreaterThanOrEqual(1);
    expect(await t.services.workOrders.checkSla(later)).toBe(0);
    const d = await sql<{ subject: string; to_addr: string }>`SELECT subject, to_addr FROM push_deliveries WHERE subject LIKE ${`%WO-${String(o.id).padStart(6, '0')}%`}`.execute(db);
    expect(d.rows).toEqual([expect.objectContaining({ to_addr: 'lina@example.test' })]);
    expect(d.rows[0]!.subject).toContain('超时');
    const detail = await call<WorkOrderDetail>('GET', `/api/v6/workorder/${o.id}`, site);
    expect(detail.data.timeline.some((e) => e.action === 'breach' && e.note === 'respond')).toBe(true);
    const overdue = await call<{ list: WorkOrder[] }>('GET', `/api/v6/workorder/list?overdue=false&project_id=${szip}`, site);
    expect(overdue.code).toBe(1);
  });
});
