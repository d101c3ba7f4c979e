import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ErrorCode } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages } from '../../test-support/png.js';

/**
 * Data entry through the API on a real database: a manual heat meter at the Suzhou demo site (which has no heat
 * tree of its own), readings interpolated into the counter rollups so the energy statistics and integrated
 * energy show exactly the read consumption, decreases refused on their field, a meter replacement accepted,
 * version checks, photo checks, the .xlsx import all or nothing, and scope and permission.
 */
describe.each(backends)('data entry on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let szip: number;
  let meter: { id: number; version: number; point_id: number; node_id: number };

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const reading = (read_at: string, value: number, over: Record<string, unknown> = {}) => ({ meter_id: meter.id, read_at, value, replacement: false, old_final_value: null, note: '', photo: null, ...over });
  const enter = async (read_at: string, value: number, over: Record<string, unknown> = {}) => (await send('POST', '/api/v6/data-entry/readings', site, reading(read_at, value, over))).json();
  const heat = async (period: 'month' | 'day', date: string) => {
    const body = (await send('POST', '/api/v6/energy/stats', site, { project_id: szip, category: 'heat', period, date })).json();
    expect(body.code).toBe(1);
    return body.data.total.value as number;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    szip = (await t.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    const created = (await send('POST', '/api/v6/data-entry/meters', site, { project_id: szip, energy_type: 'heat', name: '食堂热量表', name_en: 'Canteen heat meter', multiplier: 1, room_id: null, tree_parent_id: 0 })).json();
    expect(created.code).toBe(1);
    meter = created.data;
    expect(meter).toMatchObject({ unit: 'GJ', readings: 0 });
    expect(meter.point_id).toBeGreaterThan(0);
    expect(meter.node_id).toBeGreaterThan(0);
    // Seeding the demo takes long on a loaded machine.
  }, 300_000);
  afterAll(async () => t?.close());

  it('has the demo manual meters: weekly water and gas readings, the water meter replaced once, in the statistics', async () => {
    const list = (await send('GET', `/api/v6/data-entry/meters?project_id=${szip}`, site)).json().data;
    const water = list.items.find((m: { energy_type: string }) => m.energy_type === 'water');
    expect(list.items.find((m: { energy_type: string }) => m.energy_type === 'gas')).toMatchObject({ readings: 18 });
    const readings = (await send('GET', `/api/v6/data-entry/meters/${water.id}/readings`, site)).json().data.items as { consumption: number | null; replacement: boolean }[];
    expect(readings.filter((r) => r.replacement)).toHaveLength(1);
    expect(readings.slice(1).every((r) => r.consumption! > 0)).toBe(true);
    const used = readings.reduce((a, r) => a + (r.consumption ?? 0), 0);
    const custom = (await send('POST', '/api/v6/energy/stats', site, { project_id: szip, category: 'water', period: 'custom', from: formatInZone(Date.now() - 200 * 86_400_000, 'Asia/Shanghai', 'YYYY-MM-DD'), to: formatInZone(Date.now(), 'Asia/Shanghai', 'YYYY-MM-DD') })).json();
    expect(custom.code).toBe(1);
    expect(custom.data.total.value).toBeCloseTo(used, 2);
  });

  it('feeds the readings into the energy statistics exactly, interpolated over the hours between them', async () => {
    expect((await enter('2025-03-10T08:00:00+08:00', 100)).code).toBe(1);
    const second = await enter('2025-03-20T20:00:00+08:00', 250);
    expect(second.data).toMatchObject({ consumption: 150 });
    expect(await heat('month', '2025-03-01')).toBeCloseTo(150, 6);
    // 15 March is 24 of the interval's 252 hours.
    expect(await heat('day', '2025-03-15')).toBeCloseTo((150 * 24) / 252, 2);
    const integrated = (await send('POST', '/api/v6/energy/integrated', site, { project_id: szip, period: 'month', date: '2025-03-01' })).json();
    expect(integrated.data.rows.find((r: { energy_type: string }) => r.energy_type === 'heat').value).toBeCloseTo(150, 6);
  });

  it('refuses a decrease on its field and keeps nothing; accepts it as a meter replacement', async () => {
    const refused = await enter('2025-03-25T12:00:00+08:00', 200);
    expect(refused).toMatchObject({ code: ErrorCode.Validation, data: { field: 'value' } });
    expect((await send('GET', `/api/v6/data-entry/meters/${meter.id}/readings`, site)).json().data.items).toHaveLength(2);
    expect(await enter('2025-03-25T12:00:00+08:00', 5, { replacement: true, old_final_value: 240 })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'old_final_value' } });
    const swap = await enter('2025-03-25T12:00:00+08:00', 5, { replacement: true, old_final_value: 300 });
    expect(swap.data).toMatchObject({ consumption: 50, replacement: true });
    expect((await enter('2025-03-31T12:00:00+08:00', 25)).data).toMatchObject({ consumption: 20 });
    expect(await heat('month', '2025-03-01')).toBeCloseTo(220, 6);
    // Deleting the replacement would put 25 after 250: refused.
    expect((await send('DELETE', `/api/v6/data-entry/readings/${swap.data.id}?version=${swap.data.version}`, site)).json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'id' } });
  });

  it('edits with a version check and re-derives the statistics; refuses the future and bad photos', async () => {
    const items = (await send('GET', `/api/v6/data-entry/meters/${meter.id}/readings`, site)).json().data.items;
    const last = items[items.length - 1];
    const edit = { read_at: last.read_at, value: 35, replacement: false, old_final_value: null, note: '复核', version: last.version };
    expect((await send('PUT', `/api/v6/data-entry/readings/${last.id}`, site, edit)).json().code).toBe(1);
    expect((await send('PUT', `/api/v6/data-entry/readings/${last.id}`, site, edit)).json().code).toBe(ErrorCode.Conflict);
    expect(await heat('month', '2025-03-01')).toBeCloseTo(230, 6);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await enter(future, 1000)).toMatchObject({ code: ErrorCode.Validation, data: { field: 'read_at' } });
    expect(await enter('2025-04-02T09:00:00+08:00', 40, { photo: Buffer.from('not an image').toString('base64') })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'photo' } });
    for (const { name, bytes } of attackImages()) {
      expect(await enter('2025-04-02T09:00:00+08:00', 40, { photo: bytes.toString('base64') }), name).toMatchObject({ code: ErrorCode.Validation, data: { field: 'photo' } });
    }
    const withPhoto = await enter('2025-04-02T09:00:00+08:00', 40, { photo: (await jpegWithGps()).toString('base64') });
    expect(withPhoto.data.has_photo).toBe(true);
    const photoRes = await send('GET', `/api/v6/data-entry/readings/${withPhoto.data.id}/photo`, site);
    expect(photoRes.headers['x-content-type-options']).toBe('nosniff');
    const photo = photoRes.json();
    expect(photo.data.photo_type).toBe('image/jpeg');
    // Stored re-encoded: no EXIF (GPS, camera) left.
    expect(await storedImageFacts(Buffer.from(photo.data.photo, 'base64'))).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'dataEntry.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['dataEntry.meter.create', 'dataEntry.reading.create', 'dataEntry.reading.update']));
  });

  it('imports .xlsx all or nothing, with errors by row and column', async () => {
    const header = ['read_at', 'value', 'replacement', 'old_final_value', 'note'];
    const file = async (rows: (string | number)[][]) => (await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()).toString('base64');
    const before = (await send('GET', `/api/v6/data-entry/meters/${meter.id}/readings`, site)).json().data.items.length;
    const bad = (await send('POST', `/api/v6/data-entry/meters/${meter.id}/import`, site, { file_base64: await file([['2025-04-05 09:00', 50, '', '', ''], ['2025-04-06 09:00', 45, '', '', ''], ['not a time', 1, '', '', '']]) })).json();
    expect(bad.data.ok).toBe(false);
    expect(bad.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[3, 'value'], [4, 'read_at']]);
    expect((await send('GET', `/api/v6/data-entry/meters/${meter.id}/readings`, site)).json().data.items).toHaveLength(before);
    const good = (await send('POST', `/api/v6/data-entry/meters/${meter.id}/import`, site, { file_base64: await file([['2025-04-05 09:00', 50, '', '', ''], ['2025-04-06 09:00', 55, '', '', '导入']]) })).json();
    expect(good.data).toMatchObject({ ok: true, created: 2 });
    expect(await heat('day', '2025-04-05')).toBeGreaterThan(0);
  });

  it('keeps other organisations and view-only users out', async () => {
    const xihu = await loginAs(t.app, 'xihu');
    expect((await send('GET', `/api/v6/data-entry/meters?project_id=${szip}`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/data-entry/meters/${meter.id}/readings`, xihu)).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('POST', '/api/v6/data-entry/readings', worker, reading('2025-04-07T09:00:00+08:00', 60))).json().code).toBe(ErrorCode.Forbidden);
    const list = (await send('GET', `/api/v6/data-entry/meters?project_id=${szip}`, site)).json();
    expect(list.data.items.find((m: { id: number }) => m.id === meter.id)).toMatchObject({ readings: 7, last_value: 55 });
  });

  it('deletes a meter with its readings, counter, tree node and rollups', async () => {
    const m = (await send('GET', `/api/v6/data-entry/meters?project_id=${szip}`, site)).json().data.items.find((x: { id: number }) => x.id === meter.id);
    expect((await send('DELETE', `/api/v6/data-entry/meters/${meter.id}?version=${m.version}`, site)).json().code).toBe(1);
    expect(await t.database.db.selectFrom('meter_nodes').select('id').where('id', '=', meter.node_id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('rollup_daily').select('bucket').where('point_id', '=', meter.point_id).execute()).toEqual([]);
    expect(await heat('month', '2025-03-01')).toBe(0);
  });
});
