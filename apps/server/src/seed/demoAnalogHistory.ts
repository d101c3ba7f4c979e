import { transformerLoadPct } from '@gridops/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { compactRange } from '../modules/telemetry/quarterHours.js';
import { wallClock } from '@gridops/format';
import { COMMERCIAL, hash01 } from './demoEnergyHistory.js';

/**
 * Quarter-hour history of every demo transformer's analog points, so the history curves show "last 7 / 30 days"
 * on a fresh demo rather than only what the simulator produced since the start. The values follow the
 * simulator's transformer model (apps/simulator/src/models/electrical.ts): the commercial load curve with its
 * weekend dip, 45–70 % of rating at the daily peak, power factor rising with load, voltages sagging a little
 * under load, currents from power, voltage and power factor. The last RAW_DAYS are one-minute telemetry; before
 * that, quarter-hour rollups only (a month of 1-minute samples for 100 points would be 4.3 million rows). The
 * hourly and daily rollups are derived from both in SQL, as ingest and compaction would have written them. The
 * simulator's live data continues from the seed time.
 */
export const ANALOG_HISTORY_DAYS = 31;
/** The last day is seeded as one-minute telemetry (the "today / 24 h" views and the special analyses). */
export const RAW_DAYS = 1;
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const ANALOG_KEYS = ['P', 'Q', 'PF', 'load_rate', 'Ia', 'Ib', 'Ic', 'Ua', 'Ub', 'Uc'] as const;
type Key = (typeof ANALOG_KEYS)[number];
/**
 * Keys that also get the month of quarter-hours before the raw day: what operators chart over weeks. Phase
 * currents and voltages only get the raw day (the special analyses' default week then shows that day), which
 * keeps PGlite's first start ~10 s shorter.
 */
const MONTH_KEYS: ReadonlySet<Key> = new Set(['P', 'Q', 'PF', 'load_rate']);

/** Fraction of the daily peak at the site's local time, interpolated between the hourly curve's points. */
function loadCurve(t: number, zone: string): number {
  const local = wallClock(t, zone);
  const h = local.hour + local.minute / 60;
  const a = COMMERCIAL[Math.floor(h) % 24]!;
  const b = COMMERCIAL[(Math.floor(h) + 1) % 24]!;
  const v = a + (b - a) * (h - Math.floor(h));
  const wd = local.weekday;
  return wd === 0 || wd === 6 ? 0.3 + (v - 0.3) * 0.55 : v;
}

/**
 * One transformer's values at `t`: the quarter-hour average (`slotMs` = 15 min, evaluated mid-quarter) or a
 * one-minute sample (`slotMs` = 1 min). The noise is drawn per slot, so the same slot always gets the same value.
 */
export function transformerValues(t: number, seed: number, ratedKw: number, ratedKva: number, zone: string, slotMs = QUARTER): Record<Key, number> {
  const curve = loadCurve(t + slotMs / 2, zone);
  const slot = Math.floor(t / slotMs);
  const noise = (n: number) => 2 * hash01(seed + n, slot) - 1;
  const p = ratedKw * (0.45 + 0.25 * hash01(seed, 1)) * curve * (1 + 0.04 * noise(1));
  const pf = Math.min(0.99, Math.max(0.85, 0.9 + 0.06 * curve + 0.008 * noise(2)));
  const u = (i: number) => 230 * (0.978 + 0.018 * (1 - curve) + 0.003 * noise(10 + i));
  const w = [1, 2, 3].map((i) => 1 + 0.03 * noise(20 + i));
  const wSum = w[0]! + w[1]! + w[2]!;
  const current = (i: 0 | 1 | 2, volts: number) => (((p * w[i]!) / wSum) * 1000) / (volts * pf);
  const [ua, ub, uc] = [u(1), u(2), u(3)];
  return {
    P: p,
    Q: p * Math.tan(Math.acos(pf)),
    PF: pf,
    load_rate: transformerLoadPct(p, pf, ratedKva) ?? 0,
    Ia: current(0, ua),
    Ib: current(1, ub),
    Ic: current(2, uc),
    Ua: ua,
    Ub: ub,
    Uc: uc,
  };
}

/**
 * Writes the history; `onProgress` gets the fraction done (0..1) after each point and each closing statement, so
 * the start's output never sits silent through the step.
 */
export async function seedAnalogHistory(
  db: Db,
  days: number,
  now = Date.now(),
  onProgress?: (fraction: number) => void,
): Promise<{ quarters: number; samples: number }> {
  const points = await db
    .selectFrom('device_points as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .innerJoin('projects as pr', 'pr.id', 'd.project_id')
    .select(['p.id', 'p.key', 'd.id as device_id', 'd.props', 'pr.timezone'])
    .where('d.kind', '=', 'transformer')
    .where('p.key', 'in', [...ANALOG_KEYS])
    .execute();
  if (points.length === 0 || days <= 0) return { quarters: 0, samples: 0 };
  const cut = (await db.selectFrom('rollup_15m_state').select('done_until').executeTakeFirstOrThrow()).done_until.getTime();
  const end = Math.floor(now / MINUTE) * MINUTE;
  // An hour more than RAW_DAYS: "the last 24 h" stays whole from the seed until the simulator (and a restart's
  // fill) has taken over, even when the start after the seed takes minutes.
  const rawStart = Math.max(cut - days * DAY, Math.floor((end - RAW_DAYS * DAY - HOUR) / QUARTER) * QUARTER);
  const start = cut - days * DAY;
  let quarters = 0;
  let samples = 0;
  let done = 0;
  const series = new Map<string, Record<Key, number>[]>();
  for (const pt of points) {
    const props = pt.props as Record<string, unknown>;
    const ratedKw = typeof props.rated_kw === 'number' ? props.rated_kw : 800;
    const ratedKva = typeof props.rated_kva === 'number' ? props.rated_kva : ratedKw / 0.8;
    const seed = pt.device_id * 7919;
    const key = pt.key as Key;
    // A transformer's values at each instant, once for all its points (the ten keys share one evaluation).
    const valuesOf = (from: number, to: number, slotMs: number) => {
      const id = `${pt.device_id}/${from}/${to}/${slotMs}`;
      let list = series.get(id);
      if (!list) {
        list = [];
        for (let t = from; t < to; t += slotMs) list.push(transformerValues(t, seed, ratedKw, ratedKva, pt.timezone, slotMs));
        series.set(id, list);
      }
      return list;
    };
    // Older than RAW_DAYS: quarter-hour rollups only; 15 one-minute samples each, min/max a few percent around
    // the average, first/last at the ends. The buckets follow from the position (start + 15 min · i): only the
    // values are shipped, the database makes the rows.
    const avg: number[] = [];
    const spread: number[] = [];
    if (MONTH_KEYS.has(key)) {
      for (const [i, v] of valuesOf(start, rawStart, QUARTER).entries()) {
        const t = start + i * QUARTER;
        avg.push(v[key]);
        spread.push(key.startsWith('U') || key === 'PF' ? 0.004 : 0.03 + 0.04 * hash01(pt.id, t / QUARTER));
      }
    }
    if (avg.length)
      await sql`
        INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
        SELECT ${pt.id}::int, b, a * (1 - s), a * (1 + s), a * 15, 15, a * (1 - s / 2), b, a * (1 + s / 2), b + interval '14 minutes'
        FROM unnest(${avg}::float8[], ${spread}::float8[]) WITH ORDINALITY AS x(a, s, o)
        CROSS JOIN LATERAL (SELECT ${new Date(start)}::timestamptz + (o - 1) * interval '15 minutes' AS b) y
        ON CONFLICT DO NOTHING`.execute(db);
    quarters += avg.length;
    // The last RAW_DAYS as one-minute telemetry, as the gateways would have sent it (rawStart + 1 min · i).
    const values = valuesOf(rawStart, end, MINUTE).map((v) => v[key]);
    if (values.length)
      await sql`
        INSERT INTO telemetry (point_id, ts, value)
        SELECT ${pt.id}::int, ${new Date(rawStart)}::timestamptz + (o - 1) * interval '1 minute', v
        FROM unnest(${values}::float8[]) WITH ORDINALITY AS x(v, o)
        ON CONFLICT DO NOTHING`.execute(db);
    samples += values.length;
    onProgress?.((0.6 * ++done) / points.length);
  }
  const ids = points.map((p) => p.id);
  // Quarter-hour rollups of the seeded telemetry up to the cut (what the compaction job would have written) …
  await compactRange(db, new Date(rawStart), new Date(cut));
  onProgress?.(0.7);
  // … and hourly and daily ones of everything: quarters before the cut, samples after it (what the ingest merges).
  // A daily bucket starts at the site's local midnight (its project's zone), as the ingest's.
  for (const [table, bucket] of [
    ['rollup_hourly', sql`date_trunc('hour', bucket, 'UTC')`],
    ['rollup_daily', sql`date_trunc('day', bucket, z.tz)`],
  ] as const) {
    await sql`
      INSERT INTO ${sql.table(table)} (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      SELECT point_id, ${bucket}, min(min), max(max), sum(sum), sum(count)::int,
             (array_agg(first ORDER BY first_ts))[1], min(first_ts), (array_agg(last ORDER BY last_ts DESC))[1], max(last_ts)
      FROM (
        SELECT point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts
        FROM rollup_15m WHERE point_id = ANY(${ids}::int[]) AND bucket >= ${new Date(start)} AND bucket < ${new Date(cut)}
        UNION ALL
        SELECT point_id, ts, value, value, value, 1, value, ts, value, ts
        FROM telemetry WHERE point_id = ANY(${ids}::int[]) AND ts >= ${new Date(cut)}) x
      JOIN (SELECT dp.id AS pid, pr.timezone AS tz FROM device_points dp JOIN devices d ON d.id = dp.device_id JOIN projects pr ON pr.id = d.project_id) z ON z.pid = x.point_id
      GROUP BY 1, 2
      ON CONFLICT DO NOTHING`.execute(db);
    onProgress?.(table === 'rollup_hourly' ? 0.85 : 0.95);
  }
  await sql`ANALYZE telemetry, rollup_15m`.execute(db);
  return { quarters, samples };
}
