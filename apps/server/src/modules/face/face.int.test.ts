import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, FACE_PHOTO_MAX_BYTES } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages, makePng } from '../../test-support/png.js';

/**
 * The face library through the API on a real database: people and groups CRUD, photo checks (type by magic
 * bytes, size, pixel dimensions → 10006 naming `photo`), photos encrypted at rest and every view audited,
 * scope and permission, and a deleted person's photo gone.
 */
describe.each(backends)('face library on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  let hzbj: number;
  const png = makePng(240, 260);

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const person = (over: Record<string, unknown> = {}) => ({
    project_id: szip,
    name: '王芳',
    name_en: 'Wang Fang',
    kind: 'staff',
    company: '苏州园区运维',
    phone: '13800000000',
    group_id: null,
    valid_from: null,
    valid_until: null,
    enabled: true,
    photo: png.toString('base64'),
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp(backend, { env: { FACE_PHOTO_KEY: Buffer.alloc(32, 7).toString('base64') } });
    site = await loginAs(t.app, 'site');
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
  });
  afterAll(async () => t?.close());

  it('adds a person with an encrypted photo, shows it back (audited), edits, deletes photo and all', async () => {
    const created = (await send('POST', '/api/v6/face/people', site, person())).json();
    expect(created).toMatchObject({ code: 1, data: { name_en: 'Wang Fang', has_photo: true, photo_width: 240, photo_height: 260, version: 1 } });
    const id = created.data.id as number;

    const row = await t.database.db.selectFrom('face_photos').selectAll().where('person_id', '=', id).executeTakeFirstOrThrow();
    expect(row.ciphertext.equals(png)).toBe(false);
    expect(row.ciphertext.includes(png.subarray(0, 16))).toBe(false);
    expect(row.iv).toHaveLength(12);

    const shownRes = await send('GET', `/api/v6/face/people/${id}/photo`, site);
    expect(shownRes.headers['x-content-type-options']).toBe('nosniff');
    const shown = shownRes.json();
    expect(shown.data.photo_type).toBe('image/png');
    // Re-encoded (lib/imageGuard): the same picture, not the same bytes.
    expect(await storedImageFacts(Buffer.from(shown.data.photo, 'base64'))).toMatchObject({ format: 'png', width: 240, height: 260, hasExif: false });
    const views = await t.database.db.selectFrom('audit_log').select(['kind', 'action', 'target_id']).where('action', '=', 'face.photo.view').execute();
    expect(views).toContainEqual({ kind: 'read', action: 'face.photo.view', target_id: String(id) });

    const edited = (await send('PUT', `/api/v6/face/people/${id}`, site, { ...person({ kind: 'visitor', valid_from: '2026-01-01', valid_until: '2026-01-31' }), project_id: undefined, photo: undefined, version: 1 })).json();
    expect(edited.data).toMatchObject({ kind: 'visitor', valid_until: '2026-01-31', version: 2, has_photo: true });
    expect((await send('PUT', `/api/v6/face/people/${id}`, site, { ...person(), project_id: undefined, version: 1 })).json().code).toBe(ErrorCode.Conflict);

    const list = (await send('GET', `/api/v6/face/people?project_id=${szip}`, site)).json();
    expect(list.data.items.map((p: { id: number }) => p.id)).toContain(id);
    expect(JSON.stringify(list.data)).not.toContain(png.toString('base64').slice(0, 40));

    expect((await send('DELETE', `/api/v6/face/people/${id}?version=2`, site)).json()).toMatchObject({ code: 1, data: { id } });
    expect(await t.database.db.selectFrom('face_photos').select('person_id').where('person_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('face_people').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses photos that are not images, too small or too large, naming `photo`, and keeps nothing', async () => {
    const before = await t.database.db.selectFrom('face_people').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const bad = [
      Buffer.from('GIF89a not a face'),
      makePng(199, 400),
      Buffer.concat([makePng(200, 200), Buffer.alloc(FACE_PHOTO_MAX_BYTES)]),
    ];
    const answers = [];
    for (const b of bad) answers.push((await send('POST', '/api/v6/face/people', site, person({ photo: b.toString('base64') }))).json());
    for (const a of answers) expect(a).toMatchObject({ code: ErrorCode.Validation, data: { field: 'photo' } });
    expect(answers[1].msg).toContain('199');
    for (const { name, bytes } of attackImages()) {
      expect((await send('POST', '/api/v6/face/people', site, person({ photo: bytes.toString('base64') }))).json(), name).toMatchObject({ code: ErrorCode.Validation, data: { field: 'photo' } });
    }
    const visitor = (await send('POST', '/api/v6/face/people', site, person({ kind: 'visitor' }))).json();
    expect(visitor).toMatchObject({ code: ErrorCode.Validation, data: { field: 'valid_until' } });
    const after = await t.database.db.selectFrom('face_people').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('stores a new photo re-encoded without its EXIF (GPS); an attack file on update changes nothing', async () => {
    const p = (await send('POST', '/api/v6/face/people', site, person({ name_en: 'Photo swap' }))).json().data as { id: number; version: number };
    const body = (photo: Buffer, version: number) => ({ ...person(), project_id: undefined, photo: photo.toString('base64'), version });
    for (const { name, bytes } of attackImages()) {
      expect((await send('PUT', `/api/v6/face/people/${p.id}`, site, body(bytes, p.version))).json(), name).toMatchObject({ code: ErrorCode.Validation, data: { field: 'photo' } });
    }
    expect((await send('PUT', `/api/v6/face/people/${p.id}`, site, body(await jpegWithGps(), p.version))).json()).toMatchObject({ code: 1, data: { photo_width: 400, photo_height: 300 } });
    const shown = (await send('GET', `/api/v6/face/people/${p.id}/photo`, site)).json();
    expect(shown.data.photo_type).toBe('image/jpeg');
    expect(await storedImageFacts(Buffer.from(shown.data.photo, 'base64'))).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
  });

  it('groups: doors of the site only, a weekly window, people in them; deleting a group keeps its people', async () => {
    const doors = (await send('GET', `/api/v6/face/groups?project_id=${szip}`, site)).json().data.doors as { id: number; kind: string }[];
    expect(doors.length).toBeGreaterThan(0);
    const hzDoor = await t.database.db.selectFrom('devices').select('id').where('project_id', '=', hzbj).where('kind', '=', 'env_sensor').executeTakeFirst();
    const g = { project_id: szip, name: '运维班组', name_en: 'Maintenance crew', door_ids: [doors[0]!.id], days: [5, 1, 2], time_from: '07:30', time_to: '19:00' };
    if (hzDoor) expect((await send('POST', '/api/v6/face/groups', site, { ...g, door_ids: [hzDoor.id] })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'door_ids.0' } });
    expect((await send('POST', '/api/v6/face/groups', site, { ...g, time_to: '07:00' })).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'time_to' } });
    const group = (await send('POST', '/api/v6/face/groups', site, g)).json();
    expect(group.data).toMatchObject({ days: [1, 2, 5], door_ids: [doors[0]!.id], version: 1 });
    const p = (await send('POST', '/api/v6/face/people', site, person({ group_id: group.data.id }))).json();
    expect(p.data.group_id).toBe(group.data.id);
    const upd = (await send('PUT', `/api/v6/face/groups/${group.data.id}`, site, { ...g, project_id: undefined, name_en: 'Crew', version: 1 })).json();
    expect(upd.data).toMatchObject({ name_en: 'Crew', version: 2 });
    expect((await send('DELETE', `/api/v6/face/groups/${group.data.id}?version=2`, site)).json().code).toBe(1);
    const list = (await send('GET', `/api/v6/face/people?project_id=${szip}`, site)).json();
    expect(list.data.items.find((x: { id: number }) => x.id === p.data.id).group_id).toBeNull();
  });

  it('keeps to scope and permission: another site refused, a viewer cannot write', async () => {
    const p = (await send('POST', '/api/v6/face/people', site, person({ name_en: 'Scoped' }))).json().data as { id: number; version: number };
    const xihu = await loginAs(t.app, 'xihu');
    expect((await send('GET', `/api/v6/face/people?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/face/people/${p.id}/photo`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('DELETE', `/api/v6/face/people/${p.id}?version=${p.version}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('POST', '/api/v6/face/people', xihu, person())).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('PUT', `/api/v6/face/people/${p.id}`, worker, { ...person(), project_id: undefined, version: p.version })).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/face/people/${p.id}/photo`, site)).json().code).toBe(1);
  });
});
