import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * Metering configuration through the API: who may change trees, loops, layouts and tariffs, the tree's rules,
 * and tariff validation (test-support/energyFixture.ts supplies the demo trees).
 */
describe.each(backends)('metering configuration on %s', (backend) => {
  let t: EnergyFixture['t'];
  let site: EnergyFixture['site'];
  let szip: EnergyFixture['szip'];
  let hzbj: EnergyFixture['hzbj'];
  let node: EnergyFixture['node'];
  let post: EnergyFixture['post'];

  beforeAll(async () => {
    ({ t, site, szip, hzbj, node, post } = await startEnergyFixture(backend));
  });
  afterAll(async () => t?.close());

  it("refuses a site user another project's metering configuration with 10004", async () => {
    for (const url of [`/api/v6/energy/meterTree?project_id=${hzbj}`, `/api/v6/energy/loops?project_id=${hzbj}`, `/api/v6/energy/tariff?project_id=${hzbj}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: apiHeaders(site) });
      expect(res.json().code, url).toBe(ErrorCode.Forbidden);
    }
  });

  it('lets only users with the configuration permission change trees, loops, layouts and tariffs', async () => {
    // The worker is assigned to Suzhou (may read it) but has no control/configuration permission.
    const worker = await loginAs(t.app, 'worker');
    const tree = await t.app.inject({ method: 'GET', url: `/api/v6/energy/meterTree?project_id=${szip}`, headers: apiHeaders(worker) });
    expect(tree.json().code).toBe(1);
    const before = await t.database.db.selectFrom('meter_nodes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const created = await post('/api/v6/energy/meterNode', worker, { project_id: szip, energy_type: 'power', name: 'x', node_type: 'load' });
    expect(created.json().code).toBe(ErrorCode.Forbidden);
    const anyNode = await t.database.db.selectFrom('meter_nodes').select('id').where('project_id', '=', szip).executeTakeFirstOrThrow();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v6/energy/meterNode/${anyNode.id}`, headers: apiHeaders(worker) });
    expect(del.json().code).toBe(ErrorCode.Forbidden);
    const after = await t.database.db.selectFrom('meter_nodes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('validates the metering tree: meter bound twice, cycles, parent in another project', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: apiHeaders(site), payload });
    const twice = await send('POST', '/api/v6/energy/meterNode', {
      project_id: szip,
      parent_id: node.grid.id,
      node_type: 'load',
      name: 'dup',
      point_id: node.f01.point_id,
    });
    expect(twice.json()).toMatchObject({ code: ErrorCode.Conflict, data: { field: 'point_id' } });
    const cycle = await send('PUT', `/api/v6/energy/meterNode/${node.t1.id}`, { parent_id: node.f01.id });
    expect(cycle.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const hzNode = await t.database.db
      .selectFrom('meter_nodes')
      .select('id')
      .where('project_id', '=', hzbj)
      .executeTakeFirstOrThrow();
    const foreign = await send('POST', '/api/v6/energy/meterNode', {
      project_id: szip,
      parent_id: hzNode.id,
      node_type: 'load',
      name: 'x',
    });
    expect(foreign.json()).toMatchObject({ code: ErrorCode.Validation, data: { field: 'parent_id' } });
    const created = (
      await send('POST', '/api/v6/energy/meterNode', {
        project_id: szip,
        parent_id: node.f01.id,
        node_type: 'load',
        name: '子回路',
      })
    ).json();
    expect(created.code).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v6/energy/meterNode/${node.f01.id}`,
      headers: apiHeaders(site),
    });
    expect(del.json().code).toBe(ErrorCode.Conflict);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v6/energy/meterNode/${created.data.id}`,
          headers: apiHeaders(site),
        })
      ).json().code,
    ).toBe(1);
  });

  it('stores a tariff through the tariff repository and reads it back as sent', async () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      periods: [
        { band: 'valley', start: '00:00', end: '08:00' },
        { band: 'peak', start: '08:00', end: '22:30' },
        { band: 'flat', start: '22:30', end: '24:00' },
      ],
      prices: { valley: 0.31, flat: 0.62, peak: 1.05 },
    }));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v6/energy/tariff',
      headers: apiHeaders(site),
      payload: { project_id: szip, months },
    });
    expect(put.json().code).toBe(1);
    const got = await t.app.inject({ method: 'GET', url: `/api/v6/energy/tariff?project_id=${szip}`, headers: apiHeaders(site) });
    expect(got.json().data).toEqual({ project_id: szip, currency: 'CNY', months });
  });

  it('answers a bad tariff with 10006, never 500', async () => {
    const badTariff = await t.app.inject({
      method: 'PUT',
      url: '/api/v6/energy/tariff',
      headers: apiHeaders(site),
      payload: { project_id: szip, months: [] },
    });
    expect(badTariff.json().code).toBe(ErrorCode.Validation);
  });
});
