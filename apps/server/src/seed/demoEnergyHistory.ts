import { hashString, SiteModel, siteSeedOf, type SiteDeviceDef } from '@gridops/simulator/fleet';
import { deviceCatalog, type DeviceKind } from '@gridops/contract';
import { addDays, siteDate, siteDayStart } from '@gridops/format';
import type { Db } from '../db/database.js';
import { isoOf, numericOf, type BulkRows, type BulkType } from './bulkRows.js';
import type { CounterHours } from './counterHours.js';

/**
 * Counter history for the demo stations (docs/energy-model.md, "Demo history"). The simulator only produces
 * data from the moment it starts, but year-on-year statistics need more than a year behind them, so the seed
 * writes hourly and daily rollups of every counter bound to a metering node for the last HISTORY_DAYS days.
 *
 * The values are the simulator's own site model run over the past (generateHistory): loads on the commercial
 * curve with weekends, seasons and the day's activity, PV from the real sun altitude and the day's weather,
 * storage on its dispatch strategy, EV sessions, water/gas/heat; parent meters are their children plus
 * transformer and line losses. The history ends
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
// The simulator's commercial curve (fraction of daily peak by local hour): the transformer curves of
// demoAnalogHistory.ts.
export const COMMERCIAL = [
  0.32, 0.31, 0.31, 0.3, 0.3, 0.3, 0.35, 0.5, 0.72, 0.88, 0.93, 0.95, 0.84, 0.88, 0.97, 1, 0.97, 0.9, 0.78,
  0.7, 0.62, 0.52, 0.42, 0.36,
];
const prop = (props: Record<string, number>, key: string, fallback: number) =>
  typeof props[key] === 'number' && props[key]! > 0 ? props[key]! : fallback;

/**
 * Steps per hour of the history run: quarter hours over the last FINE_DAYS (today, this month: fine enough
 * for EV sessions of 12–28 min and the SOC limits), hours before that (the year behind, for MoM and YoY),
 * which keeps the seed to a few seconds.
 */
const FINE_STEPS = 4;
const FINE_DAYS = 35;

/**
 * Hourly energy of every metered node from `start` (hour-aligned) over `hours` hours; the last hour may be
 * partial. The station runs through the simulator's own site model (`@gridops/simulator/fleet`: loads, PV,
 * storage dispatch, derived parent meters with their losses) in quarter-hour steps, with the device seeds
 * the live simulator uses, so the history and the live data obey the same physics.
 */
export function generateHistory(
  nodes: HistoryNode[],
  devices: readonly SiteDeviceDef[],
  station: { code: string; latitude: number; longitude: number; timezone: string },
  start: number,
  hours: number,
  lastFraction: number,
  onProgress?: (fraction: number) => void,
) {
  const model = new SiteModel(
    devices,
    { latitude: station.latitude, longitude: station.longitude, siteSeed: siteSeedOf(station.latitude, station.longitude), zone: station.timezone },
    (sn) => hashString(`GW-${station.code}-01/${sn}`),
  );
  const metered = nodes.filter(
    (n): n is HistoryNode & { point_id: number; point_key: string; device_sn: string } =>
      n.point_id !== null && n.point_key !== null && n.device_sn !== null,
  );
  const reading = (n: (typeof metered)[number]) => model.counters(n.device_sn)[n.point_key] ?? 0;
  const result = new Map<number, Float64Array>(metered.map((n) => [n.point_id, new Float64Array(hours)]));
  const before = metered.map(reading);
  for (let i = 0; i < hours; i++) {
    if (onProgress && i % 24 === 0) onProgress(i / hours);
    const span = (i === hours - 1 ? lastFraction : 1) * HOUR;
    const steps = hours - i <= FINE_DAYS * 24 ? FINE_STEPS : 1;
    const step = span / steps;
    // An hourly step samples at :20, inside the first half-hour's charging session window (models/renewables.ts).
    const at = (k: number) => (steps === 1 ? Math.min(span, HOUR / 3) : (k + 0.5) * step);
    for (let k = 0; k < steps; k++) model.sample(start + i * HOUR + at(k), step, { countersOnly: true });
    metered.forEach((n, j) => {
      const now = reading(n);
      result.get(n.point_id)![i] = now - before[j]!;
      before[j] = now;
    });
  }
  return result;
}

/** The columns of rollup_daily, for bulkRows. */
export const ROLLUP_COLUMNS = [
  ['point_id', 'int'],
  ['bucket', 'timestamptz'],
  ['min', 'float8'],
  ['max', 'float8'],
  ['sum', 'numeric'],
  ['count', 'int'],
  ['first', 'float8'],
  ['first_ts', 'timestamptz'],
  ['last', 'float8'],
  ['last_ts', 'timestamptz'],
] as const satisfies readonly (readonly [string, BulkType])[];

/**
 * A counter's rollup row: min = first, max = last, the sum of `count` samples rising evenly from first to last
 * ((first + last) / 2 · count, as a float8 product stored in numeric), first_ts a minute into the bucket.
 */
const counterRow = (
  point: number,
  bucketIso: string,
  firstTsIso: string,
  first: number,
  last: number,
  lastTsIso: string,
  count: number,
) =>
  [
    point,
    bucketIso,
    first,
    last,
    numericOf(((first + last) / 2) * count),
    count,
    first,
    firstTsIso,
    last,
    lastTsIso,
  ] as const;

/** One station's history run: its metered nodes and devices, ending `now`, `days` whole local days long. */
export interface StationHistoryJob {
  nodes: HistoryNode[];
  devices: readonly SiteDeviceDef[];
  station: { code: string; latitude: number; longitude: number; timezone: string };
  now: number;
  days: number;
}

/** The hours of a station's history: whole local days of the site (23 or 25 hours across a daylight-saving change). */
export function historySpan(zone: string, now: number, days: number) {
  const start = siteDayStart(addDays(siteDate(zone, now), -days), zone).getTime();
  const hours = Math.ceil((now - start) / HOUR);
  const lastFraction = (now - (start + (hours - 1) * HOUR)) / HOUR;
  return { start, hours, lastFraction };
}

/** The hourly energy of every metered node of a job (generateHistory over its span). */
export function stationEnergy(job: StationHistoryJob, onProgress?: (fraction: number) => void) {
  const { start, hours, lastFraction } = historySpan(job.station.timezone, job.now, job.days);
  return generateHistory(job.nodes, job.devices, job.station, start, hours, lastFraction, onProgress);
}

/**
 * Writes hourly rollups (inside the database, counterHours.ts), daily ones (through the step's bulk loader) and
 * point_latest for the metered nodes of one station from its hourly energy (stationEnergy, run here or in the
 * seed's worker: historyEnergies.ts). Returns the rollup rows written.
 */
export async function seedStationHistory(
  db: Db,
  out: { hourly: CounterHours; daily: BulkRows },
  job: StationHistoryJob,
  energy: Map<number, Float64Array>,
  onProgress?: (fraction: number) => void,
) {
  const { nodes, station, now } = job;
  const zone = station.timezone;
  const { start, hours, lastFraction } = historySpan(zone, now, job.days);
  const latest: { point_id: number; ts: Date; value: number }[] = [];
  // The local day of each hour, once for all points: where days begin and end, and each day's bucket.
  const dayOfHour = Array.from({ length: hours + 1 }, (_, i) => siteDate(zone, start + i * HOUR));
  const dayBucket = new Map(dayOfHour.map((d) => [d, siteDayStart(d, zone).getTime()]));
  // Timestamps as text for the daily rows, once per hour rather than once per row.
  const lastTsIso = Array.from({ length: hours }, (_, i) =>
    isoOf(i === hours - 1 ? now : start + i * HOUR + HOUR - 60_000),
  );
  const dayIso = new Map([...dayBucket].map(([d, ms]) => [d, [isoOf(ms), isoOf(ms + 60_000)] as const]));
  const lastCount = Math.max(1, Math.round(60 * lastFraction));
  let written = 0;
  let done = 0;
  for (const [pointId, e] of energy) {
    const n = nodes.find((x) => x.point_id === pointId)!;
    let counter =
      prop(n.props, 'rated_kw', prop(n.props, 'rated_flow', 100)) *
      (600 + 3000 * hash01(hashString(`${station.code}/${n.device_sn}/${n.point_key}`), 7));
    // Readings as the meter publishes them (rounded to the point's precision): the simulator continues from
    // the last one, and a seeded reading above the first live one would read as a counter reset (issue 11).
    const precision =
      deviceCatalog[n.device_kind as DeviceKind]?.points.find((p) => p.key === n.point_key)?.precision ?? 2;
    const reading = (v: number) => Math.round(v * 10 ** precision) / 10 ** precision;
    const firsts = new Float64Array(hours);
    const lasts = new Float64Array(hours);
    let dayFirst = 0;
    let dayCount = 0;
    for (let i = 0; i < hours; i++) {
      const partial = i === hours - 1;
      const first = reading(counter + e[i]! / 60);
      counter += e[i]!;
      const last = reading(counter);
      const count = partial ? lastCount : 60;
      firsts[i] = first;
      lasts[i] = last;
      if (i === 0 || dayOfHour[i] !== dayOfHour[i - 1]) {
        dayFirst = first;
        dayCount = 0;
      }
      dayCount += count;
      if (partial || dayOfHour[i + 1] !== dayOfHour[i]) {
        const [bucketIso, dayFirstTsIso] = dayIso.get(dayOfHour[i]!)!;
        out.daily.add(counterRow(pointId, bucketIso, dayFirstTsIso, dayFirst, last, lastTsIso[i]!, dayCount));
      }
    }
    await out.hourly.write(pointId, start, now, firsts, lasts, lastCount);
    written += hours;
    onProgress?.((0.95 * ++done) / energy.size);
    latest.push({ point_id: pointId, ts: new Date(now), value: reading(counter) });
  }
  const rows = written + out.daily.pending;
  await out.daily.flush();
  onProgress?.(1);
  if (latest.length)
    await db
      .insertInto('point_latest')
      .values(latest)
      .onConflict((oc) => oc.column('point_id').doNothing())
      .execute();
  return rows;
}
