import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, IE_CATEGORY_DEFAULTS } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * Integrated-energy sets through the API (/RunSetup/Ie*Set): built-in categories, edits with version checks,
 * scope and permission, the no-double-counting rule, and the integrated-energy breakdown that adds up to the
 * total (the fixture's Apr 10 figures: T1 +600 kWh).
 */
describe.each(backends)('integrated-energy sets on %s', (backend) => {
  let t: EnergyFixture['t'];
  let site: string;
  let szip: number;
  let hzbj: number;
  let node: EnergyFixture['node'];
  let data: EnergyFixture['data'];

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
  const categories = async (projectId: number, type: string, token = site) => {
    const body = (await send('GET', `/api/v6/ie/categories?project_id=${projectId}&energy_type=${type}`, token)).json();
    expect(body.code).toBe(1);
    return body.data.categories as { id: number; key: string; name: string; name_en: string; version: number; meter_count: number }[];
  };
  const meters = async (projectId: number, type: string) =>
    (await send('GET', `/api/v6/ie/meters?project_id=${projectId}&energy_type=${type}`, site)).json().data.meters as {
      node_id: number;
      category_id: number | null;
      assignable: boolean;
      leaf: boolean;
    }[];

  beforeAll(async () => {
    ({ t, site, szip, hzbj, node, data } = await startEnergyFixture(backend));
  });
  afterAll(async () => t?.close());

  it('starts a site from the built-in categories, and the demo seed assigned its feeders', async () => {
    const list = await categories(szip, 'power');
    expect(list.map((c) => c.key)).toEqual(IE_CATEGORY_DEFAULTS.power.map((c) => c.key));
    expect(list.every((c) => c.name && c.name_en)).toBe(true);
    // A second read creates nothing more (idempotent defaults).
    expect(await categories(szip, 'power')).toHaveLength(list.length);
    // The demo seed put Suzhou's office feeder F01 under lighting and sockets.
    const f01 = (await meters(szip, 'power')).find((m) => m.node_id === node.f01.id)!;
    expect(f01).toMatchObject({ leaf: true, assignable: true, category_id: list[0]!.id });
  });

  it("refuses another site's categories, and writes without the configure permission", async () => {
    expect((await send('GET', `/api/v6/ie/categories?project_id=${hzbj}&energy_type=power`, site)).json().code).toBe(ErrorCode.Forbidden);
    expect((await send('GET', `/api/v6/ie/meters?project_id=${hzbj}&energy_type=water`, site)).json().code).toBe(ErrorCode.Forbidden);
    const xihu = await loginAs(t.app, 'xihu');
    const [own] = await categories(szip, 'power');
    expect((await send('PUT', `/api/v6/ie/categories/${own!.id}`, xihu, { name: 'x', name_en: 'x', sort: 1, version: own!.version })).json().code).toBe(ErrorCode.Forbidden);
    const worker = await loginAs(t.app, 'worker');
    expect((await send('POST', '/api/v6/ie/categories', worker, { project_id: szip, energy_type: 'power', name: '数据机房', name_en: 'Data room' })).json().code).toBe(ErrorCode.Forbidden);
    const after = await categories(szip, 'power');
    expect(after.find((c) => c.id === own!.id)!.name).toBe(own!.name);
  });

  it('adds, renames with a version check, and deletes only unused categories', async () => {
    const created = (await send('POST', '/api/v6/ie/categories', site, { project_id: szip, energy_type: 'power', name: '充电桩用电', name_en: 'EV charging', sort: 50 })).json();
    expect(created.code).toBe(1);
    expect(created.data.key).toBe(`c${created.data.id}`);
    const dup = (await send('POST', '/api/v6/ie/categories', site, { project_id: szip, energy_type: 'power', name: '充电桩用电', name_en: 'Other', sort: 1 })).json();
    expect(dup).toMatchObject({ code: ErrorCode.Validation, data: { field: 'name' } });
    const empty = (await send('POST', '/api/v6/ie/categories', site, { project_id: szip, energy_type: 'power', name: ' ', name_en: 'x' })).json();
    expect(empty).toMatchObject({ code: ErrorCode.Validation, data: { field: 'name' } });

    const renamed = (await send('PUT', `/api/v6/ie/categories/${created.data.id}`, site, { name: '充电用电', name_en: 'Charging', sort: 60, version: created.data.version })).json();
    expect(renamed.data).toMatchObject({ name: '充电用电', version: created.data.version + 1 });
    const stale = (await send('PUT', `/api/v6/ie/categories/${created.data.id}`, site, { name: '旧', name_en: 'Old', sort: 1, version: created.data.version })).json();
    expect(stale.code).toBe(ErrorCode.Conflict);

    const used = (await categories(szip, 'power')).find((c) => c.meter_count > 0)!;
    const refused = (await send('DELETE', `/api/v6/ie/categories/${used.id}?version=${used.version}`, site)).json();
    expect(refused.code).toBe(ErrorCode.Conflict);
    expect(refused.msg).toMatch(/仍有计量点属于该分类/);
    const gone = (await send('DELETE', `/api/v6/ie/categories/${created.data.id}?version=${renamed.data.version}`, site)).json();
    expect(gone).toMatchObject({ code: 1, data: { id: created.data.id } });
  });

  it('refuses double counting and non-consumption meters, keeping what was stored', async () => {
    const [lighting, hvac] = await categories(szip, 'power');
    const before = await meters(szip, 'power');
    const clear = before.map((m) => ({ node_id: m.node_id, category_id: null }));
    expect((await send('PUT', '/api/v6/ie/meters', site, { project_id: szip, energy_type: 'power', assignments: clear })).json().code).toBe(1);

    // T1 (a transformer's load node) and F01 below it cannot both have a category.
    const both = (
      await send('PUT', '/api/v6/ie/meters', site, {
        project_id: szip,
        energy_type: 'power',
        assignments: [
          { node_id: node.t1.id, category_id: hvac!.id },
          { node_id: node.f01.id, category_id: lighting!.id },
        ],
      })
    ).json();
    expect(both.code).toBe(ErrorCode.Validation);
    expect(both.data.field).toMatch(/^assignments\.\d\.category_id$/);
    expect((await meters(szip, 'power')).every((m) => m.category_id === null)).toBe(true);

    const grid = (await send('PUT', '/api/v6/ie/meters', site, { project_id: szip, energy_type: 'power', assignments: [{ node_id: node.grid.id, category_id: hvac!.id }] })).json();
    expect(grid).toMatchObject({ code: ErrorCode.Validation, data: { field: 'assignments.0.category_id' } });
    const foreign = (await send('PUT', '/api/v6/ie/meters', site, { project_id: szip, energy_type: 'water', assignments: [{ node_id: node.t1.id, category_id: hvac!.id }] })).json();
    expect(foreign).toMatchObject({ code: ErrorCode.Validation, data: { field: 'assignments.0.node_id' } });
  });

  it('breaks the integrated-energy total down by category, adding up to it', async () => {
    const [, hvac] = await categories(szip, 'power');
    const ok = (await send('PUT', '/api/v6/ie/meters', site, { project_id: szip, energy_type: 'power', assignments: [{ node_id: node.t1.id, category_id: hvac!.id }] })).json();
    expect(ok).toMatchObject({ code: 1, data: { assigned: 1 } });
    const res = await data('/api/v6/energy/integrated', site, { project_id: szip, period: 'month', date: '2024-04-10' });
    const power = res.rows.find((r: { energy_type: string }) => r.energy_type === 'power');
    const rows = power.categories as { key: string; value: number; share_pct: number | null }[];
    expect(rows.map((r) => r.key)).toEqual(['hvac', 'unassigned']);
    expect(rows[0]!.value).toBe(600);
    expect(rows[0]!.value + rows[1]!.value).toBeCloseTo(power.value, 6);
    expect(rows[0]!.share_pct).toBeCloseTo((600 / power.value) * 100, 1);
  });
});
