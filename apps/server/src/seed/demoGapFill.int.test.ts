import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { seedDemo } from './demo.js';
import { demoStations } from './demoData.js';
import { fillDemoGaps } from './demoGapFill.js';

/**
 * Issue 26, item 2: the demo's history reaches the moment the live simulator takes over, at first start (the
 * seed's own end) and after a restart (the fill of the gap since the last stop, demo gateways only).
 */
const MINUTE = 60_000;
// The case: the demo stopped at 22:20 (Shanghai) and started again at 08:00 the next day.
const SEEDED = Date.parse('2026-11-20T14:20:00Z');
const RESTART = Date.parse('2026-11-21T00:00:00Z');

describe('demo history up to now (PGlite)', () => {
  let database: Database;
  const db = () => database.db;

  /** Latest stored instant of every point of every demo device that has history, by device. */
  async function latestByDevice() {
    const r = await sql<{ device: string; kind: string; latest: Date }>`
      SELECT d.sn || '@' || g.sn AS device, d.kind, max(greatest(pl.ts, t.ts)) AS latest
      FROM devices d JOIN gateways g ON g.id = d.gateway_id JOIN device_points p ON p.device_id = d.id
      LEFT JOIN point_latest pl ON pl.point_id = p.id
      LEFT JOIN LATERAL (SELECT max(ts) AS ts FROM telemetry WHERE point_id = p.id) t ON true
      WHERE g.sn LIKE 'GW-%-01' AND (pl.ts IS NOT NULL OR t.ts IS NOT NULL)
      GROUP BY 1, 2`.execute(db());
    return r.rows;
  }

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database.db);
    await seedDemo(database.db, { energyHistoryDays: 2, now: SEEDED });
  }, 300_000);
  afterAll(async () => database?.close());

  it("ends the seeded history within a few minutes of the seed's now for every device with history", async () => {
    const rows = await latestByDevice();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.some((r) => r.kind === 'transformer')).toBe(true);
    for (const r of rows) {
      expect(SEEDED - new Date(r.latest).getTime(), r.device).toBeLessThanOrEqual(5 * MINUTE);
      expect(new Date(r.latest).getTime(), r.device).toBeLessThanOrEqual(SEEDED);
    }
  });

  it('fills the gap since the last stop for the demo gateways only, monotonic and balanced', async () => {
    // A real gateway added by hand, last heard at the stop: its gap must stay a gap.
    const project = await db().selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
    const gw = await db()
      .insertInto('gateways')
      .values({ project_id: project.id, sn: 'GW-REAL-77', secret_hash: 'x', name: '真实网关', name_en: 'Real gateway' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dev = await db()
      .insertInto('devices')
      .values({ project_id: project.id, room_id: null, gateway_id: gw.id, parent_id: null, sn: 'REAL-M1', kind: 'feeder', name: '真实表', name_en: 'Real meter', props: '{}', sort: 999 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pt = await db()
      .insertInto('device_points')
      .values({ device_id: dev.id, key: 'EP', name: '有功电能', name_en: 'Active energy', unit: 'kWh', kind: 'counter', precision: 2, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('point_latest').values({ point_id: pt.id, ts: new Date(SEEDED), value: 10 }).execute();

    const before = await sql<{ point_id: number; value: number }>`SELECT point_id, value FROM point_latest`.execute(db());
    const fill = await fillDemoGaps(db(), RESTART);
    expect(fill.samples).toBeGreaterThan(0);
    expect(fill.filled.map((f) => f.code).sort()).toEqual(demoStations.map((s) => s.code).sort());

    for (const r of await latestByDevice()) {
      if (r.device.endsWith('@GW-REAL-77')) continue;
      expect(RESTART - new Date(r.latest).getTime(), r.device).toBeLessThanOrEqual(5 * MINUTE);
    }
    const real = await db().selectFrom('point_latest').select(['ts', 'value']).where('point_id', '=', pt.id).executeTakeFirstOrThrow();
    expect(real.ts.getTime()).toBe(SEEDED);

    // Counters never go back: every filled sample is at least the one before it, starting at the last reading.
    const back = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT t.value < lag(t.value) OVER (PARTITION BY t.point_id ORDER BY t.ts) AS down
        FROM telemetry t JOIN device_points p ON p.id = t.point_id WHERE p.kind = 'counter') x WHERE down`.execute(db());
    expect(back.rows[0]!.n).toBe(0);
    const start = new Map(before.rows.map((r) => [r.point_id, r.value]));
    const firsts = await sql<{ point_id: number; value: number }>`
      SELECT DISTINCT ON (t.point_id) t.point_id, t.value FROM telemetry t JOIN device_points p ON p.id = t.point_id
      WHERE p.kind = 'counter' ORDER BY t.point_id, t.ts`.execute(db());
    for (const f of firsts.rows) expect(f.value).toBeGreaterThanOrEqual(start.get(f.point_id)!);

    // Parents are their children plus losses over the gap: each transformer's energy against its feeders'.
    const energy = await sql<{ parent: string; parent_kwh: number; children_kwh: number }>`
      WITH e AS (
        SELECT point_id, max(value) - min(value) AS kwh FROM telemetry GROUP BY 1)
      SELECT n.name_en AS parent, pe.kwh AS parent_kwh, sum(ce.kwh) AS children_kwh
      FROM meter_nodes n JOIN e pe ON pe.point_id = n.point_id
      JOIN meter_nodes c ON c.parent_id = n.id JOIN e ce ON ce.point_id = c.point_id
      WHERE n.energy_type = 'power' AND n.node_type <> 'grid'
        AND NOT EXISTS (SELECT 1 FROM meter_nodes o WHERE o.parent_id = n.id AND (o.node_type LIKE 'storage%' OR o.node_type = 'pv'))
      GROUP BY n.name_en, pe.kwh`.execute(db());
    expect(energy.rows.length).toBeGreaterThan(0);
    for (const r of energy.rows) {
      expect(r.parent_kwh, r.parent).toBeGreaterThanOrEqual(r.children_kwh * 0.999);
      expect(r.parent_kwh, r.parent).toBeLessThan(r.children_kwh * 1.1 + 1);
    }

    // The 24 h curve has no hole: a transformer's P every 15 minutes at most over the gap.
    const holes = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT t.ts - lag(t.ts) OVER (PARTITION BY t.point_id ORDER BY t.ts) AS step
        FROM telemetry t JOIN device_points p ON p.id = t.point_id JOIN devices d ON d.id = p.device_id
        WHERE d.kind = 'transformer' AND p.key = 'P' AND t.ts >= ${new Date(SEEDED - 3600_000)}) x
      WHERE step > interval '15 minutes'`.execute(db());
    expect(holes.rows[0]!.n).toBe(0);

    // A second start right after is a no-op.
    expect((await fillDemoGaps(db(), RESTART + MINUTE)).samples).toBe(0);
  }, 300_000);
});
