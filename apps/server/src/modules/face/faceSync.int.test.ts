import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, gatewayTopics, type FacePerson, type FaceRecord, type FaceSyncRow, type FaceTerminal } from '@gridops/contract';
import { zonedInstant } from '@gridops/format';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { storedImageFacts } from '../../test-support/photo.js';
import { attackImages, makePng } from '../../test-support/png.js';

interface Sent {
  gateway: string;
  id: string;
  command: string;
  params: { device_sn: string; person_id: number; photo?: string; days?: number[]; time_from?: string };
}

/**
 * Face terminals through the API and the gateway channel on a real database: a person goes to the terminals of
 * their group's doors only, an acknowledgement makes the row synced, a refusal failed with the reason, a change
 * re-queues, a delete sends face_delete to every terminal and the person goes on the last acknowledgement;
 * recognition records are stored once, listed, their snapshots sealed and audited; a stranger at night raises
 * exactly one event; another site's people and records are refused.
 */
describe.each(backends)('face terminal sync on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  let gatewaySn: string;
  let terminals: { id: number; sn: string; room_id: number | null }[];
  let doorOfRoom1: number;
  let sent: Sent[] = [];
  const raised: RaisedEvent[] = [];
  const png = makePng(220, 220, 3);

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const ack = (s: Sent, ok = true, error?: string) => t.services.faceSync.onResult(s.gateway, Buffer.from(JSON.stringify({ id: s.id, ok, ts: Date.now(), ...(error ? { error } : {}) })));
  const pass = async () => {
    sent = [];
    await t.services.faceSync.runOnce();
    return sent;
  };
  const syncOf = async (personId: number) => ((await send('GET', `/api/v6/face/sync?project_id=${szip}`, site)).json().data.items as FaceSyncRow[]).filter((r) => r.person_id === personId);
  const person = (over: Record<string, unknown> = {}) => ({
    project_id: szip,
    name: '赵敏',
    name_en: 'Zhao Min',
    kind: 'staff',
    company: '',
    phone: '',
    group_id: null,
    valid_from: null,
    valid_until: null,
    enabled: true,
    photo: png.toString('base64'),
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp(backend, { env: { FACE_PHOTO_KEY: Buffer.alloc(32, 9).toString('base64') } });
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    terminals = await db.selectFrom('devices').select(['id', 'sn', 'room_id']).where('project_id', '=', szip).where('kind', '=', 'access_terminal').orderBy('id').execute();
    gatewaySn = (await db.selectFrom('gateways').select('sn').where('project_id', '=', szip).executeTakeFirstOrThrow()).sn;
    // A second terminal in a room of its own: a group naming only the first door must never reach it.
    const room = await db.insertInto('rooms').values({ project_id: szip, name: '值班室', name_en: 'Duty room', kind: 'security' }).returning('id').executeTakeFirstOrThrow();
    const gw = await db.selectFrom('gateways').select('id').where('sn', '=', gatewaySn).executeTakeFirstOrThrow();
    const extra = await db.insertInto('devices').values({ project_id: szip, room_id: room.id, gateway_id: gw.id, sn: 'ACT-DUTY', kind: 'access_terminal', name: '值班室人脸门禁', name_en: 'Duty room terminal', props: JSON.stringify({}) }).returning(['id', 'sn', 'room_id']).executeTakeFirstOrThrow();
    terminals.push(extra);
    doorOfRoom1 = (await db.selectFrom('devices').select('id').where('project_id', '=', szip).where('kind', '=', 'env_sensor').where('room_id', '=', terminals[0]!.room_id).executeTakeFirstOrThrow()).id;
    t.services.faceSync.attach({
      publish: async (topic, payload) => {
        const m = JSON.parse(payload) as Omit<Sent, 'gateway'>;
        sent.push({ ...m, gateway: topic.split('/')[2]! });
        expect(topic).toBe(gatewayTopics(topic.split('/')[2]!).command);
      },
      log: { warn: () => undefined },
    });
    t.services.faceRecords.attach({ publish: async () => undefined, onRaised: async (e) => void raised.push(...e), log: { warn: () => undefined } });
  });
  afterAll(async () => t?.close());

  it('sends a person to the terminals of their doors only; ack → synced, refusal → failed with the reason, changes re-queue', async () => {
    expect(terminals.length).toBeGreaterThanOrEqual(2);
    const group = (await send('POST', '/api/v6/face/groups', site, { project_id: szip, name: '一号门', name_en: 'Door 1', door_ids: [doorOfRoom1], days: [1, 2, 3, 4, 5], time_from: '08:00', time_to: '18:00' })).json().data;
    const p = (await send('POST', '/api/v6/face/people', site, person({ group_id: group.id }))).json().data as FacePerson;
    expect(p.sync).toMatchObject({ pending: 1, synced: 0 });

    const first = await pass();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ gateway: gatewaySn, command: 'face_sync', params: { device_sn: terminals[0]!.sn, person_id: p.id, days: [1, 2, 3, 4, 5], time_from: '08:00' } });
    expect(await storedImageFacts(Buffer.from(first[0]!.params.photo!, 'base64'))).toMatchObject({ format: 'png', width: 220, height: 220 });
    expect(first.some((s) => s.params.device_sn === 'ACT-DUTY')).toBe(false);
    // Another gateway cannot settle it, nor an unknown id; the right answer does.
    expect(await t.services.faceSync.onResult('NOT-THE-GW', Buffer.from(JSON.stringify({ id: first[0]!.id, ok: true })))).toBe(true);
    expect((await syncOf(p.id))[0]!.status).toBe('pending');
    expect(await t.services.faceSync.onResult(gatewaySn, Buffer.from(JSON.stringify({ id: 'c-control-1', ok: true })))).toBe(false);
    await ack(first[0]!);
    expect(await syncOf(p.id)).toEqual([expect.objectContaining({ terminal_id: terminals[0]!.id, status: 'synced', reason: '' })]);
    expect(await pass()).toHaveLength(0);

    const term = ((await send('GET', `/api/v6/face/terminals?project_id=${szip}`, site)).json().data.items as FaceTerminal[]).find((x) => x.id === terminals[0]!.id)!;
    expect(term.enrolled).toBeGreaterThanOrEqual(1);
    expect(term.last_seen).not.toBeNull();

    // A group now naming the duty-room terminal too: the person is re-sent to the first and sent to the second.
    await send('PUT', `/api/v6/face/groups/${group.id}`, site, { name: '一号门', name_en: 'Door 1', door_ids: [doorOfRoom1, terminals.at(-1)!.id], days: [1, 2, 3, 4, 5], time_from: '08:00', time_to: '18:00', version: 1 });
    const second = await pass();
    expect(second.map((s) => s.params.device_sn).sort()).toEqual([terminals[0]!.sn, 'ACT-DUTY'].sort());
    await ack(second.find((s) => s.params.device_sn === 'ACT-DUTY')!, false, 'face quality too low');
    await ack(second.find((s) => s.params.device_sn !== 'ACT-DUTY')!);
    const rows = await syncOf(p.id);
    expect(rows.find((r) => r.terminal_id === terminals.at(-1)!.id)).toMatchObject({ status: 'failed', reason: 'face quality too low' });
    expect(rows.find((r) => r.terminal_id === terminals[0]!.id)).toMatchObject({ status: 'synced' });

    // Out of the duty room again: a face_delete goes there (never a photo), and the row goes on its answer.
    await send('PUT', `/api/v6/face/groups/${group.id}`, site, { name: '一号门', name_en: 'Door 1', door_ids: [doorOfRoom1], days: [1, 2, 3, 4, 5], time_from: '08:00', time_to: '18:00', version: 2 });
    const third = await pass();
    const del = third.find((s) => s.params.device_sn === 'ACT-DUTY')!;
    expect(del).toMatchObject({ command: 'face_delete', params: { person_id: p.id } });
    expect(del.params.photo).toBeUndefined();
    for (const s of third) await ack(s);
    expect((await syncOf(p.id)).map((r) => r.terminal_id)).toEqual([terminals[0]!.id]);
  });

  it('deleting a person: photo gone at once, face_delete to every terminal, the person gone on the last answer', async () => {
    const group = (await send('POST', '/api/v6/face/groups', site, { project_id: szip, name: '全部门', name_en: 'All doors', door_ids: terminals.map((x) => x.id), days: [1, 2, 3, 4, 5, 6, 7], time_from: '00:00', time_to: '24:00' })).json().data;
    const p = (await send('POST', '/api/v6/face/people', site, person({ name_en: 'Leaving', group_id: group.id }))).json().data as FacePerson;
    for (const s of await pass()) await ack(s);
    expect((await syncOf(p.id)).every((r) => r.status === 'synced')).toBe(true);

    expect((await send('DELETE', `/api/v6/face/people/${p.id}?version=${p.version}`, site)).json()).toMatchObject({ code: 1 });
    const db = t.database.db;
    expect(await db.selectFrom('face_photos').select('person_id').where('person_id', '=', p.id).executeTakeFirst()).toBeUndefined();
    const listed = ((await send('GET', `/api/v6/face/people?project_id=${szip}`, site)).json().data.items as FacePerson[]).find((x) => x.id === p.id)!;
    expect(listed).toMatchObject({ deleting: true, has_photo: false, sync: { deleting: terminals.length } });
    expect((await send('PUT', `/api/v6/face/people/${p.id}`, site, { ...person(), project_id: undefined, version: listed.version })).json().code).toBe(ErrorCode.NotFound);

    const deletes = await pass();
    expect(deletes.map((s) => s.command)).toEqual(terminals.map(() => 'face_delete'));
    expect(deletes.map((s) => s.params.device_sn).sort()).toEqual(terminals.map((x) => x.sn).sort());
    for (const s of deletes.slice(1)) await ack(s);
    // One terminal has not answered: the person is still listed as being deleted, with one pending delete.
    expect(await db.selectFrom('face_people').select('id').where('id', '=', p.id).executeTakeFirst()).toBeDefined();
    await ack(deletes[0]!);
    expect(await db.selectFrom('face_people').select('id').where('id', '=', p.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('face_sync').select('person_id').where('person_id', '=', p.id).executeTakeFirst()).toBeUndefined();
  });

  it('stores recognition records once, seals and audits the snapshot, raises one event for a stranger at night', async () => {
    const db = t.database.db;
    const zone = (await db.selectFrom('projects').select('timezone').where('id', '=', szip).executeTakeFirstOrThrow()).timezone;
    const snap = `data:image/png;base64,${makePng(64, 64, 1).toString('base64')}`;
    const at = (h: number) => zonedInstant(zone, 2026, 11, 20, h, 15);
    const rec = (id: string, ts: number, personId: number | null) => Buffer.from(JSON.stringify({ id, ts, device_sn: terminals[0]!.sn, person_id: personId, score: personId ? 0.93 : 0.31, result: personId ? 'pass' : 'deny', snapshot: snap }));

    const day = await t.services.faceRecords.onFaceEvent(gatewaySn, rec('r-day-stranger', at(14), null));
    expect(day).toMatchObject({ ok: true, eventId: null });
    const night = await t.services.faceRecords.onFaceEvent(gatewaySn, rec('r-night-stranger', at(2), null));
    expect(night).toMatchObject({ ok: true });
    const again = await t.services.faceRecords.onFaceEvent(gatewaySn, rec('r-night-stranger', at(2), null));
    expect(again).toMatchObject({ ok: true, id: null, eventId: null });
    expect(raised).toHaveLength(1);
    const ev = await db.selectFrom('events').select(['message_key', 'message_en', 'event_type', 'device_id']).where('id', '=', raised[0]!.eventId).executeTakeFirstOrThrow();
    expect(ev).toMatchObject({ message_key: 'face.strangerAtNight', event_type: 2, device_id: terminals[0]!.id });
    expect(ev.message_en).toContain('02:15');
    expect(await t.services.faceRecords.onFaceEvent(gatewaySn, Buffer.from('{"id":"x"}'))).toMatchObject({ ok: false, reason: 'bad_shape' });
    expect(await t.services.faceRecords.onFaceEvent(gatewaySn, Buffer.from(JSON.stringify({ ...JSON.parse(rec('r-x', at(3), null).toString()), device_sn: 'NOPE' })))).toMatchObject({ ok: false, reason: 'unknown_terminal' });

    const stored = await db.selectFrom('face_record_snapshots').selectAll().where('record_id', '=', (night as { id: number }).id).executeTakeFirstOrThrow();
    expect(stored.ciphertext.includes(Buffer.from(snap.slice(22, 60), 'base64'))).toBe(false);

    const list = (await send('GET', `/api/v6/face/records?project_id=${szip}&stranger=true&from=${new Date(at(0)).toISOString()}&to=${new Date(at(23)).toISOString()}`, site)).json().data as { total: number; list: FaceRecord[] };
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ stranger: true, result: 'deny', has_snapshot: true, terminal_id: terminals[0]!.id });
    expect(list.list.filter((r) => r.event_id !== null)).toHaveLength(1);
    const shot = (await send('GET', `/api/v6/face/records/${list.list[0]!.id}/snapshot`, site)).json().data;
    expect(shot.photo_type).toBe('image/png');
    expect(await storedImageFacts(Buffer.from(shot.photo, 'base64'))).toMatchObject({ format: 'png', width: 64, height: 64 });
    const views = await db.selectFrom('audit_log').select(['kind', 'target_id']).where('action', '=', 'face.snapshot.view').execute();
    expect(views).toContainEqual({ kind: 'read', target_id: String(list.list[0]!.id) });

    // A "snapshot" that is no image (lib/imageGuard) is left out; the record itself is kept.
    for (const [k, { name, bytes }] of attackImages().entries()) {
      const body = { ...JSON.parse(rec(`r-attack-${k}`, at(15), null).toString()), snapshot: `data:image/png;base64,${bytes.toString('base64')}` };
      const r = await t.services.faceRecords.onFaceEvent(gatewaySn, Buffer.from(JSON.stringify(body)));
      expect(r, name).toMatchObject({ ok: true, id: expect.any(Number) });
      expect(await db.selectFrom('face_record_snapshots').select('record_id').where('record_id', '=', (r as { id: number }).id).executeTakeFirst(), name).toBeUndefined();
    }

    // A wider night window in the site's settings makes 14:15 night too.
    expect((await send('PUT', '/api/v6/face/settings', site, { project_id: szip, night_from: '13:00', night_to: '07:00' })).json().data).toMatchObject({ night_from: '13:00' });
    expect(await t.services.faceRecords.onFaceEvent(gatewaySn, rec('r-afternoon', at(14), null))).toMatchObject({ ok: true, eventId: expect.any(Number) });
  });

  it('a deleted person\'s recognition snapshots go too; another site sees nothing of this one', async () => {
    const p = (await send('POST', '/api/v6/face/people', site, person({ name_en: 'Seen' }))).json().data as FacePerson;
    const snap = `data:image/png;base64,${makePng(64, 64, 2).toString('base64')}`;
    const r = await t.services.faceRecords.onFaceEvent(gatewaySn, Buffer.from(JSON.stringify({ id: 'r-seen', ts: Date.now(), device_sn: terminals[0]!.sn, person_id: p.id, score: 0.95, result: 'pass', snapshot: snap })));
    const id = (r as { id: number }).id;
    const mine = (await send('GET', `/api/v6/face/records?project_id=${szip}&person_id=${p.id}`, site)).json().data.list as FaceRecord[];
    expect(mine).toEqual([expect.objectContaining({ id, person_name: '赵敏', stranger: false, result: 'pass' })]);

    const xihu = await loginAs(t.app, 'xihu');
    expect((await send('GET', `/api/v6/face/records?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/face/records/${id}/snapshot`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/face/terminals?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/face/sync?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('PUT', '/api/v6/face/settings', worker, { project_id: szip, night_from: '20:00', night_to: '06:00' })).json().code).toBe(ErrorCode.Forbidden);

    await send('DELETE', `/api/v6/face/people/${p.id}?version=${p.version}`, site);
    expect(await t.database.db.selectFrom('face_record_snapshots').select('record_id').where('record_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await send('GET', `/api/v6/face/records?project_id=${szip}&person_id=${p.id}`, site)).json().data.total).toBe(0);
  });
});
