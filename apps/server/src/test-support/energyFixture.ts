import { apiHeaders, loginAs, startTestApp, type BackendKind } from './backends.js';

/**
 * The energy modules' integration fixture (metering, statistics, overview): the demo seed's metering trees
 * and fixed counter rollups with hand-computed expectations (docs/energy-model.md), so every figure the tests
 * read is known exactly. Each test file starts its own app (its own database).
 */
export type FixtureNode = 'grid' | 't1' | 't2' | 'pv' | 'f01';

export async function startEnergyFixture(backend: BackendKind) {
  const t = await startTestApp(backend);
  const [centre, site] = await Promise.all([loginAs(t.app, 'centre'), loginAs(t.app, 'site')]);
  const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
  const szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
  const hzbj = projects.find((p) => p.name_en.startsWith('Hangzhou'))!.id;
  const rows = await t.database.db
    .selectFrom('meter_nodes as n')
    .innerJoin('device_points as dp', 'dp.id', 'n.point_id')
    .innerJoin('devices as d', 'd.id', 'dp.device_id')
    .select(['n.id', 'n.point_id', 'd.sn'])
    .where('n.project_id', '=', szip)
    .execute();
  const of = (sn: string) => {
    const r = rows.find((x) => x.sn === sn)!;
    return { id: r.id, point_id: r.point_id! };
  };
  /** Suzhou's incomer AH1, transformers T1/T2, PV feeder F04 and feeder F01: node id and counter point id. */
  const node: Record<FixtureNode, { id: number; point_id: number }> = { grid: of('AH1'), t1: of('T1'), t2: of('T2'), pv: of('F04'), f01: of('F01') };

  const roll = async (
    table: 'rollup_daily' | 'rollup_hourly',
    pointId: number,
    bucket: string,
    first: number,
    last: number,
    min = Math.min(first, last),
    max = Math.max(first, last),
  ) => {
    const b = new Date(bucket);
    await t.database.db
      .insertInto(table)
      .values({
        point_id: pointId,
        bucket: b,
        min,
        max,
        sum: first + last,
        count: 2,
        first,
        first_ts: new Date(b.getTime() + 60_000),
        last,
        last_ts: new Date(b.getTime() + 120_000),
      })
      .execute();
  };
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: apiHeaders(token), payload });
  /** POST and return `data` (read field by field in the tests), failing on any code but 1. */
  const data = async (url: string, token: string, payload: object) => {
    const res = await post(url, token, payload);
    const body = res.json();
    if (body.code !== 1) throw new Error(`${url}: ${res.body}`);
    return body.data;
  };

  // Incomer, daily (local days): Jan 30 flat; Jan 31 +100; Feb 1 +150; Feb 2 missing (gap); Feb 3 +150
  // (1250 → 1400, the gap's energy lands here); Feb 4 meter reset to 5 … 30 (+25).
  const g = node.grid.point_id;
  await roll('rollup_daily', g, '2024-01-30T00:00:00+08:00', 1000, 1000);
  await roll('rollup_daily', g, '2024-01-31T00:00:00+08:00', 1001, 1100);
  await roll('rollup_daily', g, '2024-02-01T00:00:00+08:00', 1101, 1250);
  await roll('rollup_daily', g, '2024-02-03T00:00:00+08:00', 1300, 1400);
  await roll('rollup_daily', g, '2024-02-04T00:00:00+08:00', 5, 30);
  // Loss day, Apr 10: incomer +1000, T1 +600, T2 +380 (after a flat Apr 9), PV inverter 1 +200.
  await roll('rollup_daily', g, '2024-04-09T00:00:00+08:00', 30, 30);
  await roll('rollup_daily', g, '2024-04-10T00:00:00+08:00', 30, 1030);
  await roll('rollup_daily', node.t1.point_id, '2024-04-09T00:00:00+08:00', 500, 500);
  await roll('rollup_daily', node.t1.point_id, '2024-04-10T00:00:00+08:00', 500, 1100);
  await roll('rollup_daily', node.t2.point_id, '2024-04-09T00:00:00+08:00', 700, 700);
  await roll('rollup_daily', node.t2.point_id, '2024-04-10T00:00:00+08:00', 700, 1080);
  // The PV grid-connection feeder F04 (the generation meter over both inverters).
  await roll('rollup_daily', node.pv.point_id, '2024-04-10T00:00:00+08:00', 100, 300);
  // Hourly, across midnight Feb 29 → Mar 1 (local): 21h +10, 22h +10, 23h +10, 00h +10, then a gap to 08h +20.
  const f = node.f01.point_id;
  await roll('rollup_hourly', f, '2024-02-29T21:00:00+08:00', 1990, 2000);
  await roll('rollup_hourly', f, '2024-02-29T22:00:00+08:00', 2001, 2010);
  await roll('rollup_hourly', f, '2024-02-29T23:00:00+08:00', 2011, 2020);
  await roll('rollup_hourly', f, '2024-03-01T00:00:00+08:00', 2021, 2030);
  await roll('rollup_hourly', f, '2024-03-01T08:00:00+08:00', 2040, 2050);
  // Their local days, as the ingest writes both rollups (the expense report's hourly energy cache keys on them).
  await roll('rollup_daily', f, '2024-02-29T00:00:00+08:00', 1990, 2020);
  await roll('rollup_daily', f, '2024-03-01T00:00:00+08:00', 2021, 2050);

  // Suzhou is the site user's project, Hangzhou is not.
  return { t, centre, site, szip, hzbj, node, roll, post, data };
}

export type EnergyFixture = Awaited<ReturnType<typeof startEnergyFixture>>;
