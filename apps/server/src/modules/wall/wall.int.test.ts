import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * The wall screen (issue 30): each portfolio figure is the number its detail page's route answers — the centre
 * KPI strip, each site's KPI strip and distribution overview, the event and work-order lists — and another
 * organisation's wall is refused.
 */
describe.each(backends)('wall screen on %s', (backend) => {
  let f: EnergyFixture;
  const get = (url: string, token: string) => f.t.app.inject({ method: 'GET', url, headers: apiHeaders(token) });

  beforeAll(async () => {
    f = await startEnergyFixture(backend);
  });
  afterAll(async () => f?.t.close());

  it("tells the centre strip's figures and each station's from the sites' own routes", async () => {
    const { data, centre } = f;
    const res = await get('/api/v6/wall', centre);
    expect(res.json().code).toBe(1);
    const wall = res.json().data;
    const c = await data('/api/v6/index/centreKpi', centre, {});
    expect({ ...wall.kpi, generated_at: '' }).toEqual({ ...c, generated_at: '' });
    expect(wall.stations.map((s: { project_id: number }) => s.project_id)).toEqual(c.sites.map((s: { project_id: number }) => s.project_id));
    for (const s of wall.stations) {
      const kpi = await data('/api/v6/index/siteKpi', centre, { project_id: s.project_id });
      expect(s.load_kw).toBe(kpi.load_kw);
      expect(s.energy_today_kwh).toBe(kpi.energy_today_kwh);
      expect(s.soc_pct).toBe(kpi.storage?.soc_pct ?? null);
      const dist = (await get(`/api/v6/distribution/overview?project_id=${s.project_id}`, centre)).json().data;
      expect(s.active_by_level).toEqual(dist.alarms.by_level);
      expect(s.pending_events).toBe(dist.alarms.pending);
      expect(typeof s.latitude).toBe('number');
    }
    const pending = (await get('/api/v6/event/list?status=pending&size=1', centre)).json().data.total;
    expect(wall.events.pending).toBe(pending);
    const overdue = (await get('/api/v6/workorder/list?overdue=true&size=1', centre)).json().data.total;
    expect(wall.overdue_orders).toBe(overdue);
    expect(wall.load_curve.today).toHaveLength(24);
    expect(wall.transformers.length).toBeLessThanOrEqual(5);
  });

  it("refuses a site user the centre's wall of another organisation", async () => {
    const { site, hzbj, t } = f;
    const org = await t.database.db.selectFrom('projects').select('org_id').where('id', '=', hzbj).executeTakeFirstOrThrow();
    expect((await get(`/api/v6/wall?org_id=${org.org_id}`, site)).json().code).toBe(ErrorCode.Forbidden);
  });
});
