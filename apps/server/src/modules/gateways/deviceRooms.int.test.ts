import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T & { field?: string };
}
interface Row {
  id: number;
  room_id: number | null;
  room_name: string | null;
  room_name_en: string | null;
}

/** Issue 25 item 2: devices are placed in rooms on add, edit and bulk move; every room id is checked against the site. */
describe.each(backends)('device rooms on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let xihu: string;
  let suzhou: number;
  let hangzhouRoom: number;
  let hangzhouDevice: number;
  let roomA: number;
  let roomB: number;
  let gatewayId: number;

  const call = async <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
    return res.json<Envelope<T>>();
  };
  const devices = async () => (await call<Row[]>(site, 'GET', `/api/v6/gateway/devices?project_id=${suzhou}`)).data;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [site, worker, xihu] = await Promise.all(['site', 'worker', 'xihu'].map((u) => loginAs(t.app, u)));
    const db = t.database.db;
    // The one project of each site user: Suzhou's and Hangzhou's (the other group).
    const project = (username: string) =>
      db.selectFrom('user_projects as up').innerJoin('users as u', 'u.id', 'up.user_id').select('up.project_id as id').where('u.username', '=', username).executeTakeFirstOrThrow();
    suzhou = (await project('site')).id;
    const hz = (await project('xihu')).id;
    hangzhouRoom = (await db.selectFrom('rooms').select('id').where('project_id', '=', hz).executeTakeFirstOrThrow()).id;
    hangzhouDevice = (await db.selectFrom('devices').select('id').where('project_id', '=', hz).where('gateway_id', 'is not', null).executeTakeFirstOrThrow()).id;
    const rooms = await db.insertInto('rooms').values([
      { project_id: suzhou, name: '新建配电室A', name_en: 'New room A' },
      { project_id: suzhou, name: '新建配电室B', name_en: 'New room B' },
    ]).returning('id').execute();
    [roomA, roomB] = rooms.map((r) => r.id) as [number, number];
    const gw = await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: suzhou, sn: `GW-ROOMS-${backend}`, name: '房间测试网关', name_en: 'Rooms test gateway' });
    gatewayId = gw.data.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('adds a device into a room, moves it out on edit, keeps it when the edit does not name a room', async () => {
    const created = await call<Row>(site, 'POST', '/api/v6/gateway/device', { gateway_id: gatewayId, sn: 'R-1', kind: 'meter', name: '进线表', name_en: 'Incomer meter', room_id: roomA });
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ room_id: roomA, room_name: '新建配电室A', room_name_en: 'New room A' });
    expect((await devices()).find((d) => d.id === created.data.id)?.room_id).toBe(roomA);
    const rooms = await call<Array<{ id: number; devices: number }>>(site, 'GET', `/api/v6/gateway/rooms?project_id=${suzhou}`);
    expect(rooms.data.find((r) => r.id === roomA)?.devices).toBe(1);

    await call(site, 'PUT', `/api/v6/gateway/device/${created.data.id}`, { name: '进线表', name_en: 'Incomer meter' });
    expect((await devices()).find((d) => d.id === created.data.id)?.room_id).toBe(roomA);
    await call(site, 'PUT', `/api/v6/gateway/device/${created.data.id}`, { name: '进线表', name_en: 'Incomer meter', room_id: null });
    expect((await devices()).find((d) => d.id === created.data.id)?.room_id).toBeNull();
  });

  it("refuses another site's room on add and edit, naming room_id, and writes nothing", async () => {
    const before = (await devices()).length;
    const add = await call(site, 'POST', '/api/v6/gateway/device', { gateway_id: gatewayId, sn: 'R-X', kind: 'meter', name: '越界', name_en: 'Out of scope', room_id: hangzhouRoom });
    expect(add.code).toBe(ErrorCode.NotFound);
    expect(add.data.field).toBe('room_id');
    expect((await devices()).length).toBe(before);
    const mine = (await devices())[0]!;
    const edit = await call(site, 'PUT', `/api/v6/gateway/device/${mine.id}`, { name: '越界', name_en: 'x', room_id: hangzhouRoom });
    expect(edit.code).toBe(ErrorCode.NotFound);
    expect((await devices()).find((d) => d.id === mine.id)?.room_id).toBe(mine.room_id);
  });

  it('moves devices in bulk, all or nothing', async () => {
    const ids = (await devices()).slice(0, 3).map((d) => d.id);
    const moved = await call<{ moved: number }>(site, 'POST', '/api/v6/gateway/devices/room', { project_id: suzhou, device_ids: ids, room_id: roomB });
    expect(moved.code).toBe(1);
    expect((await devices()).filter((d) => ids.includes(d.id)).every((d) => d.room_id === roomB)).toBe(true);

    // One device of another site in the list refuses the whole move.
    const mixed = await call(site, 'POST', '/api/v6/gateway/devices/room', { project_id: suzhou, device_ids: [...ids, hangzhouDevice], room_id: roomA });
    expect(mixed.code).toBe(ErrorCode.NotFound);
    expect(mixed.data.field).toBe('device_ids');
    expect((await devices()).filter((d) => ids.includes(d.id)).every((d) => d.room_id === roomB)).toBe(true);
    const hz = await t.database.db.selectFrom('devices').select('room_id').where('id', '=', hangzhouDevice).executeTakeFirstOrThrow();
    expect(hz.room_id).not.toBe(roomA);

    // The worker and the other group's site user are refused.
    for (const token of [worker, xihu]) {
      const r = await call(token, 'POST', '/api/v6/gateway/devices/room', { project_id: suzhou, device_ids: ids, room_id: null });
      expect([ErrorCode.Forbidden, ErrorCode.NotFound]).toContain(r.code);
    }
    expect((await devices()).filter((d) => ids.includes(d.id)).every((d) => d.room_id === roomB)).toBe(true);
  });
});
