import { sql } from 'kysely';
import SunCalc from 'suncalc';
import { addDays, siteDate, siteDayStart, wallClock } from '@gridops/format';
import type { Db } from '../db/database.js';

/**
 * Counter history for the demo stations (docs/energy-model.md, "Demo history"). The simulator only produces
 * data from the moment it starts, but year-on-year statistics need more than a year behind them, so the seed
 * writes hourly and daily rollups of every counter bound to a metering node for the last HISTORY_DAYS days.
 *
 * The shapes follow the simulator's models (apps/simulator/src/curves.ts and models/): the commercial load
 * curve with its weekend factor, PV from the real sun altitude times a sunny/hazy/overcast day, storage on the
 * time-of-use schedule, EV sessions by plug-in chance, water/gas/heat by occupancy, meals and season. On top:
 * monthly seasonality (summer cooling) and ~3 %/year growth, so MoM and YoY show plausible changes. Parent
 * meters are their children plus a few percent of losses, so the loss analysis is meaningful. The history ends
 * at the seed time with the counters' current readings in point_latest; the simulator starts its counters
 * from point_latest (counter_* props in its manifest), so live rollups continue without a false reset.
 */
export const HISTORY_DAYS = 400;
const HOUR = 3600_000;

export interface HistoryNode {
  id: number;
  parent_id: number | null;
  node_type: string;
  point_id: number | null;
  point_key: string | null;
  device_kind: string | null;
  device_sn: string | null;
  props: Record<string, number>;
}

export function hash01(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
const prop = (props: Record<string, number>, key: string, fallback: number) =>
  typeof props[key] === 'number' && props[key]! > 0 ? props[key]! : fallback;

// The simulator's commercial curve (fraction of daily peak by local hour) and meal curve.
export const COMMERCIAL = [
  0.32, 0.31, 0.31, 0.3, 0.3, 0.3, 0.35, 0.5, 0.72, 0.88, 0.93, 0.95, 0.84, 0.88, 0.97, 1, 0.97, 0.9, 0.78,
  0.7, 0.62, 0.52, 0.42, 0.36,
];
const MEALS = [
  0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.3, 0.2, 0.22, 0.25, 0.85, 0.9, 0.6, 0.25, 0.27, 0.3, 0.85, 0.88,
  0.9, 0.6, 0.3, 0.1, 0.05,
];
// Electricity seasonality by month (cooling in summer, Spring Festival dip in February).
const SEASON = [1.05, 0.9, 0.95, 0.93, 0.98, 1.08, 1.22, 1.25, 1.1, 0.97, 0.96, 1.04];

interface Clock {
  hour: number;
  weekend: boolean;
  month: number;
  day: number;
  years: number;
}
/** The site's local clock at `t` (its zone: projects.timezone). */
function clock(t: number, end: number, zone: string): Clock {
  const c = wallClock(t, zone);
  return {
    hour: c.hour,
    weekend: c.weekday === 0 || c.weekday === 6,
    month: c.month,
    day: Math.floor(Date.UTC(c.year, c.month - 1, c.day) / 86_400_000),
    years: (end - t) / (365 * 86_400_000),
  };
}
const commercial = (c: Clock) => {
  const v = COMMERCIAL[c.hour]!;
  return c.weekend ? 0.3 + (v - 0.3) * 0.55 : v;
};
const heatingSeason = (m: number) => (m === 12 || m <= 2 ? 1 : m === 11 || m === 3 ? 0.6 : 0.1);
const storageCmd = (h: number) =>
  h < 6 ? -1 : h >= 8 && h < 10 ? 0.6 : h >= 11 && h < 14 ? -0.5 : h >= 17 && h < 21 ? 1 : 0;
const plugIn = (h: number) => (h < 6 ? 0.1 : h < 10 ? 0.5 : h < 17 ? 0.4 : h < 22 ? 0.65 : 0.25);

/** Hourly energy of every metered node from `start` (hour-aligned) over `hours` hours; the last hour may be partial. */
export function generateHistory(
  nodes: HistoryNode[],
  station: { code: string; latitude: number; longitude: number; timezone: string },
  start: number,
  hours: number,
  lastFraction: number,
) {
  const end = start + hours * HOUR;
  const siteSeed = hashString(station.code);
  const clocks = Array.from({ length: hours }, (_, i) => clock(start + i * HOUR, end, station.timezone));
  const span = (i: number) => (i === hours - 1 ? lastFraction : 1);
  const leaf = new Map<number, Float64Array>();

  const model = (n: HistoryNode): Float64Array => {
    const seed = hashString(`${station.code}/${n.device_sn}/${n.point_key}`);
    const out = new Float64Array(hours);
    const noise = (i: number) =>
      1 + 0.1 * (hash01(seed, clocks[i]!.day) - 0.5) + 0.04 * (hash01(seed, i) - 0.5);
    const growth = (c: Clock) => 1 - 0.03 * c.years;
    /** Every hour: `base` of its clock × the day's and hour's noise × the partial last hour. */
    const hourly = (base: (c: Clock) => number) => {
      for (let i = 0; i < hours; i++) out[i] = base(clocks[i]!) * noise(i) * span(i);
      return out;
    };
    switch (n.device_kind) {
      case 'pv_inverter': {
        const rated = prop(n.props, 'rated_kw', 100);
        for (let i = 0; i < hours; i++) {
          const alt = SunCalc.getPosition(
            new Date(start + i * HOUR + HOUR / 2),
            station.latitude,
            station.longitude,
          ).altitude;
          if (alt <= 0) continue;
          const day = hash01(siteSeed, clocks[i]!.day);
          const weather = day < 0.2 ? 0.35 : day < 0.5 ? 0.7 : 0.95;
          out[i] =
            rated *
            0.85 *
            Math.sin(alt) ** 1.2 *
            weather *
            0.82 *
            (1 + 0.04 * (hash01(seed, i) - 0.5)) *
            span(i);
        }
        return out;
      }
      case 'ev_charger': {
        const rated = prop(n.props, 'rated_kw', 60);
        return hourly((c) => rated * plugIn(c.hour) * 0.83 * (20 / 30) * 0.95);
      }
      case 'water_meter': {
        const rated = prop(n.props, 'rated_flow', 10);
        return hourly((c) => rated * (0.08 + 0.45 * commercial(c)) * (SEASON[c.month - 1]! * 0.5 + 0.5));
      }
      case 'gas_meter': {
        const rated = prop(n.props, 'rated_flow', 20);
        return hourly((c) => rated * (0.04 + 0.6 * MEALS[c.hour]!) * (heatingSeason(c.month) * 0.2 + 0.9));
      }
      case 'heat_meter': {
        const rated = prop(n.props, 'rated_kw', 500);
        return hourly((c) => rated * heatingSeason(c.month) * (0.35 + 0.5 * commercial(c)) * 0.0036);
      }
      default: {
        // A feeder or meter: its share of rating at the daily peak (45–70 %), the commercial curve, the season.
        const rated = prop(n.props, 'rated_kw', 200);
        const util = 0.45 + 0.25 * hash01(seed, 1);
        return hourly((c) => rated * util * commercial(c) * SEASON[c.month - 1]! * growth(c));
      }
    }
  };

  // Storage: the PCS's charge and discharge come from one SOC walk over the schedule (0.25 C, 95 % efficiency).
  const pcsRuns = new Map<string, { chg: Float64Array; dis: Float64Array }>();
  const storage = (n: HistoryNode) => {
    const known = pcsRuns.get(n.device_sn!);
    if (known) return known;
    const cap = prop(n.props, 'capacity_kwh', 500);
    const maxKw = Math.min(prop(n.props, 'rated_kw', 250), cap * 0.25);
    const chg = new Float64Array(hours);
    const dis = new Float64Array(hours);
    let soc = 50;
    for (let i = 0; i < hours; i++) {
      const cmd = storageCmd(clocks[i]!.hour);
      const taper =
        cmd > 0 ? Math.min(1, Math.max(0, (soc - 10) / 5)) : Math.min(1, Math.max(0, (95 - soc) / 5));
      const kwh = cmd * maxKw * taper * span(i);
      if (kwh > 0) dis[i] = kwh;
      else chg[i] = -kwh;
      soc = Math.min(95, Math.max(10, soc - (100 * (kwh > 0 ? kwh / 0.95 : kwh * 0.95)) / cap));
    }
    const run = { chg, dis };
    pcsRuns.set(n.device_sn!, run);
    return run;
  };

  const kids = new Map<number, HistoryNode[]>();
  for (const n of nodes)
    if (n.parent_id !== null) kids.set(n.parent_id, [...(kids.get(n.parent_id) ?? []), n]);
  const source = (t: string) => t === 'pv' || t === 'wind' || t === 'storage_discharge';

  const energyOf = (n: HistoryNode): Float64Array => {
    const done = leaf.get(n.id);
    if (done) return done;
    let out: Float64Array;
    const children = kids.get(n.id) ?? [];
    if (n.node_type === 'storage_charge') out = storage(n).chg;
    else if (n.node_type === 'storage_discharge') out = storage(n).dis;
    else if (children.length === 0 || n.point_id === null)
      out = children.length ? sumChildren(children) : model(n);
    else {
      // A parent meter: what its children draw minus what sources feed in, plus 1.2 % load losses and a
      // no-load loss of 0.1 % of its rating per hour (transformer iron losses).
      const net = sumChildren(children);
      const noLoad = 0.001 * prop(n.props, 'rated_kw', 1000);
      out = new Float64Array(hours);
      for (let i = 0; i < hours; i++) out[i] = Math.max(0, net[i]! * 1.012 + noLoad * span(i));
    }
    leaf.set(n.id, out);
    return out;
  };
  function sumChildren(children: HistoryNode[]): Float64Array {
    const out = new Float64Array(hours);
    for (const c of children) {
      const e = energyOf(c);
      const sign = source(c.node_type) ? -1 : 1;
      for (let i = 0; i < hours; i++) out[i]! += sign * e[i]!;
    }
    return out;
  }

  const result = new Map<number, Float64Array>();
  for (const n of nodes) if (n.point_id !== null) result.set(n.point_id, energyOf(n));
  return result;
}

/** Bulk insert of the generated rows: arrays through unnest, so one statement carries thousands of rows. */
async function insertRollups(
  db: Db,
  table: 'rollup_hourly' | 'rollup_daily',
  rows: {
    point: number[];
    bucket: number[];
    first: number[];
    last: number[];
    lastTs: number[];
    count: number[];
  },
) {
  const CHUNK = 50_000;
  for (let i = 0; i < rows.point.length; i += CHUNK) {
    const s = (xs: number[]) => xs.slice(i, i + CHUNK);
    await sql`
      INSERT INTO ${sql.table(table)} (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      SELECT p, to_timestamp(b), f, l, (f + l) / 2 * c, c, f, to_timestamp(b + 60), l, to_timestamp(lt)
      FROM unnest(${s(rows.point)}::int[], ${s(rows.bucket)}::float8[], ${s(rows.first)}::float8[], ${s(rows.last)}::float8[], ${s(rows.lastTs)}::float8[], ${s(rows.count)}::int[])
        AS t(p, b, f, l, lt, c)
      ON CONFLICT (point_id, bucket) DO NOTHING`.execute(db);
  }
}

/** Writes hourly and daily rollups and point_latest for the metered nodes of one station, ending `now`. */
export async function seedStationHistory(
  db: Db,
  nodes: HistoryNode[],
  station: { code: string; latitude: number; longitude: number; timezone: string },
  now: number,
  days = HISTORY_DAYS,
) {
  const zone = station.timezone;
  // Whole local days of the site (23 or 25 hours across a daylight-saving change).
  const start = siteDayStart(addDays(siteDate(zone, now), -days), zone).getTime();
  const hours = Math.ceil((now - start) / HOUR);
  const lastFraction = (now - (start + (hours - 1) * HOUR)) / HOUR;
  const energy = generateHistory(nodes, station, start, hours, lastFraction);
  const hourly = {
    point: [] as number[],
    bucket: [] as number[],
    first: [] as number[],
    last: [] as number[],
    lastTs: [] as number[],
    count: [] as number[],
  };
  const daily = {
    point: [] as number[],
    bucket: [] as number[],
    first: [] as number[],
    last: [] as number[],
    lastTs: [] as number[],
    count: [] as number[],
  };
  const latest: { point_id: number; ts: Date; value: number }[] = [];
  // The local day of each hour, once for all points: where days begin and end, and each day's bucket.
  const dayOfHour = Array.from({ length: hours + 1 }, (_, i) => siteDate(zone, start + i * HOUR));
  const dayBucket = new Map(dayOfHour.map((d) => [d, siteDayStart(d, zone).getTime() / 1000]));
  for (const [pointId, e] of energy) {
    const n = nodes.find((x) => x.point_id === pointId)!;
    let counter =
      prop(n.props, 'rated_kw', prop(n.props, 'rated_flow', 100)) *
      (600 + 3000 * hash01(hashString(`${station.code}/${n.device_sn}/${n.point_key}`), 7));
    let dayFirst = 0;
    let dayCount = 0;
    for (let i = 0; i < hours; i++) {
      const b = start + i * HOUR;
      const partial = i === hours - 1;
      const first = counter + e[i]! / 60;
      counter += e[i]!;
      const lastTs = partial ? now : b + HOUR - 60_000;
      const count = partial ? Math.max(1, Math.round(60 * lastFraction)) : 60;
      hourly.point.push(pointId);
      hourly.bucket.push(b / 1000);
      hourly.first.push(first);
      hourly.last.push(counter);
      hourly.lastTs.push(lastTs / 1000);
      hourly.count.push(count);
      if (i === 0 || dayOfHour[i] !== dayOfHour[i - 1]) {
        dayFirst = first;
        dayCount = 0;
      }
      dayCount += count;
      if (partial || dayOfHour[i + 1] !== dayOfHour[i]) {
        daily.point.push(pointId);
        daily.bucket.push(dayBucket.get(dayOfHour[i]!)!);
        daily.first.push(dayFirst);
        daily.last.push(counter);
        daily.lastTs.push(lastTs / 1000);
        daily.count.push(dayCount);
      }
    }
    latest.push({ point_id: pointId, ts: new Date(now), value: counter });
  }
  await insertRollups(db, 'rollup_hourly', hourly);
  await insertRollups(db, 'rollup_daily', daily);
  if (latest.length)
    await db
      .insertInto('point_latest')
      .values(latest)
      .onConflict((oc) => oc.column('point_id').doNothing())
      .execute();
  return hourly.point.length + daily.point.length;
}
