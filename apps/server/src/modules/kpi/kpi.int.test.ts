import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, transformerLoadPct } from '@gridops/contract';
import { siteDate } from '@gridops/format';
import { apiHeaders, backends } from '../../test-support/backends.js';
import { startEnergyFixture, type EnergyFixture } from '../../test-support/energyFixture.js';

/**
 * The KPI strips (issue 26 item 9): each figure is the one the detail page's route answers, the centre's sums
 * are its sites' figures, and a site user cannot read another project's strip.
 */
describe.each(backends)('home KPIs on %s', (backend) => {
  let f: EnergyFixture;

  beforeAll(async () => {
    f = await startEnergyFixture(backend);
    const { t, node, roll, szip } = f;
    // Today (Suzhou's local day): the incomer +120 kWh after yesterday's close.
    const today = siteDate('Asia/Shanghai', new Date());
    const yesterday = siteDate('Asia/Shanghai', new Date(Date.now() - 86_400_000));
    await roll('rollup_daily', node.grid.point_id, `${yesterday}T00:00:00+08:00`, 4000, 4000);
    await roll('rollup_daily', node.grid.point_id, `${today}T00:00:00+08:00`, 4000, 4120);
    // 2#变压器 of issue 26: 94.44 kW at PF 0.934 on 800 kVA, with a wrong gateway load_rate of 1.2 %.
    const points = await t.database.db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.id', 'p.key', 'd.props'])
      .where('d.project_id', '=', szip)
      .where('d.sn', 'like', '%T2')
      .where('d.kind', '=', 'transformer')
      .execute();
    const now = new Date();
    for (const [key, value] of [['P', 94.44], ['PF', 0.934], ['load_rate', 1.2]] as const) {
      const p = points.find((x) => x.key === key)!;
      await t.database.db.insertInto('point_latest').values({ point_id: p.id, ts: now, value }).execute();
    }
  });
  afterAll(async () => f?.t.close());

  it("reads each site figure from the detail page's own route", async () => {
    const { data, site, szip } = f;
    const kpi = await data('/api/v6/index/siteKpi', site, { project_id: szip });
    const power = await data('/api/v6/energy/powerOverview', site, { project_id: szip });
    const expense = await data('/api/v6/energy/expense', site, { project_id: szip, period: 'day' });
    const pv = await data('/api/v6/energy/newEnergyOverview', site, { project_id: szip });
    const dist = (await f.t.app.inject({ method: 'GET', url: `/api/v6/distribution/overview?project_id=${szip}`, headers: apiHeaders(site) })).json().data;
    expect(kpi.energy_today_kwh).toBe(power.consumption.today);
    expect(kpi.energy_today_kwh).toBeGreaterThan(0);
    expect(kpi.load_kw).toBe(power.live_kw);
    expect(kpi.cost_today).toBe(expense.total.cost);
    expect(kpi.pv).toEqual({ now_kw: pv.live_kw, today_kwh: pv.generation.today });
    expect(kpi.storage).not.toBeNull();
    // The transformer card's gauge and the strip: S / kVA from the P and PF shown, not the gateway's 1.2 %.
    const t2 = dist.transformers.find((x: { p_kw: number | null }) => x.p_kw === 94.44);
    expect(t2.load_rate).toBeCloseTo(transformerLoadPct(94.44, 0.934, t2.rated_kva)!, 9);
    expect(t2.load_rate).toBeGreaterThan(10);
    expect(kpi.transformer).toMatchObject({ device_id: t2.device_id, load_pct: t2.load_rate });
    expect(kpi.power_factor).toBeCloseTo(0.934, 6);
  });

  it("sums the sites' figures on the centre", async () => {
    const { data, centre, szip } = f;
    const c = await data('/api/v6/index/centreKpi', centre, {});
    expect(c.site_count).toBe(c.sites.length);
    const sum = (k: 'energy_today_kwh' | 'generation_today_kwh') => c.sites.reduce((a: number, s: Record<string, number | null>) => a + (s[k] ?? 0), 0);
    expect(c.energy_today_kwh).toBeCloseTo(sum('energy_today_kwh'), 2);
    expect(c.generation_today_kwh).toBeCloseTo(sum('generation_today_kwh'), 2);
    const suzhou = c.sites.find((s: { project_id: number }) => s.project_id === szip);
    const kpi = await data('/api/v6/index/siteKpi', centre, { project_id: szip });
    expect(suzhou.energy_today_kwh).toBe(kpi.energy_today_kwh);
    expect(c.worst_site).toMatchObject({ project_id: szip, load_pct: kpi.transformer.load_pct });
  });

  it("refuses a site user another project's strip and another organisation's centre figures", async () => {
    const { post, site, hzbj, t } = f;
    expect((await post('/api/v6/index/siteKpi', site, { project_id: hzbj })).json().code).toBe(ErrorCode.Forbidden);
    const orgs = await t.database.db.selectFrom('projects').select('org_id').where('id', '=', hzbj).executeTakeFirstOrThrow();
    expect((await post('/api/v6/index/centreKpi', site, { org_id: orgs.org_id })).json().code).toBe(ErrorCode.Forbidden);
  });
});
