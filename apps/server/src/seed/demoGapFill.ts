import { hashString, SiteModel, siteSeedOf } from '@gridops/simulator/fleet';
import { deviceCatalog, type DeviceKind } from '@gridops/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { telemetryRepository } from '../modules/telemetry/repository.js';
import type { Sample } from '../modules/telemetry/decode.js';
import { demoStations } from './demoData.js';
import { ANALOG_KEYS, RAW_DAYS, transformerValues } from './demoAnalogHistory.js';

/**
 * Restart fill of the demo (docs/energy-model.md, "Data gaps"). The seed writes history up to the moment it runs
 * and the live simulator continues from there; a demo that was stopped (overnight, say) and started again would
 * otherwise show a hole from the stop to the start. Before the simulator starts, this writes what the demo's
 * simulated gateways would have sent meanwhile, through the ingest's own store (telemetry, hourly and daily
 * rollups, point_latest, late quarters marked for the compaction):
 *
 * - counters (every counter point with a last reading) in quarter-hour samples, their energy from the
 *   simulator's site model run over the gap (parents are children plus losses, as in the seed), continuing
 *   from the last reading (monotonic);
 * - the transformers' analog points the seed writes (demoAnalogHistory.ts), one-minute samples over the last
 *   RAW_DAYS of the gap, quarter-hour ones before.
 *
 * Only the demo's own gateways (`GW-<station code>-01` of the demo stations): a gateway added by hand is real,
 * and its gap stays a gap. A stop longer than FILL_MAX_DAYS is filled over its last FILL_MAX_DAYS only; the
 * part before stays a gap (drawn as "no data" by the charts).
 */
export const FILL_MAX_DAYS = 7;
/** A gap shorter than this is left alone (the simulator's own first samples close it). */
export const FILL_MIN_GAP_MS = 2 * 60_000;
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;
const CHUNK = 20_000;

interface PointRow {
  point_id: number;
  key: string;
  kind: string;
  device_id: number;
  sn: string;
  device_kind: string;
  parent_id: number | null;
  props: Record<string, unknown>;
  last_ts: Date | null;
  last_value: number | null;
}

const numericProps = (props: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(props).filter((e): e is [string, number] => typeof e[1] === 'number'));

/** Sample instants after `last` up to `now`: on the grid of `step`, and `now` itself (the minute) last. */
function instants(last: number, now: number, step: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(last / step) * step + step; t < now; t += step) out.push(t);
  const end = Math.floor(now / MINUTE) * MINUTE;
  if (end > last && out.at(-1) !== end) out.push(end);
  return out;
}

export interface GapFillResult {
  /** Station codes that had a gap, with its start (the last stored sample before the fill). */
  filled: { code: string; from: Date }[];
  samples: number;
}

export async function fillDemoGaps(db: Db, now = Date.now()): Promise<GapFillResult> {
  const result: GapFillResult = { filled: [], samples: 0 };
  const floor = now - FILL_MAX_DAYS * DAY;
  for (const st of demoStations) {
    const rows = (await db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .innerJoin('projects as pr', 'pr.id', 'd.project_id')
      .innerJoin('device_points as dp', 'dp.device_id', 'd.id')
      .leftJoin('point_latest as pl', 'pl.point_id', 'dp.id')
      .select([
        'dp.id as point_id',
        'dp.key',
        'dp.kind',
        'd.id as device_id',
        'd.sn',
        'd.kind as device_kind',
        'd.parent_id',
        'd.props',
        'pl.ts as last_ts',
        'pl.value as last_value',
      ])
      .where('g.sn', '=', `GW-${st.code}-01`)
      .where('pr.enabled', '=', true)
      .orderBy('d.sort')
      .execute()) as PointRow[];
    if (rows.length === 0) continue;
    const counters = rows.filter((r) => r.kind === 'counter' && r.last_ts !== null && r.last_value !== null);
    const analog = rows.filter(
      (r) => r.device_kind === 'transformer' && (ANALOG_KEYS as readonly string[]).includes(r.key) && r.last_ts !== null,
    );
    const lastOf = (list: PointRow[]) => Math.max(0, ...list.map((r) => r.last_ts!.getTime()));
    const stationLast = Math.max(lastOf(counters), lastOf(analog));
    if (stationLast === 0 || now - stationLast < FILL_MIN_GAP_MS) continue;
    result.filled.push({ code: st.code, from: new Date(stationLast) });
    const samples: Sample[] = [];
    const flush = async (force: boolean) => {
      if (samples.length === 0 || (!force && samples.length < CHUNK)) return;
      result.samples += await telemetryRepository.storeCounted(db, samples.splice(0));
    };

    // Counters: the site model over the gap, quarter-hour steps, each counter continuing from its last reading.
    if (counters.length) {
      // The devices with meters (what the seed's model ran; cameras, robots and the like have no energy model).
      const metered = new Set(rows.filter((r) => r.kind === 'counter').map((r) => r.device_id));
      const devices = [...new Map(rows.filter((r) => metered.has(r.device_id)).map((r) => [r.device_id, r])).values()];
      const snOf = new Map(devices.map((d) => [d.device_id, d.sn]));
      const model = new SiteModel(
        devices.map((d) => ({
          sn: d.sn,
          kind: d.device_kind as DeviceKind,
          props: numericProps(d.props),
          parent_sn: d.parent_id === null ? undefined : snOf.get(d.parent_id),
        })),
        { latitude: st.latitude, longitude: st.longitude, siteSeed: siteSeedOf(st.latitude, st.longitude), zone: st.timezone },
        (sn) => hashString(`GW-${st.code}-01/${sn}`),
      );
      const start = Math.max(floor, lastOf(counters));
      const reading = counters.map((c) => c.last_value!);
      const precision = counters.map(
        (c) => deviceCatalog[c.device_kind as DeviceKind]?.points.find((p) => p.key === c.key)?.precision ?? 2,
      );
      const raw = (c: PointRow) => model.counters(c.sn)[c.key] ?? 0;
      let before = counters.map(raw);
      let t0 = start;
      for (const t of instants(start, now, QUARTER)) {
        model.sample(t0 + (t - t0) / 2, t - t0, { countersOnly: true });
        const after = counters.map(raw);
        counters.forEach((c, i) => {
          // Only samples after the point's own last one; readings as the meter publishes them (rounded).
          reading[i]! += Math.max(0, after[i]! - before[i]!);
          if (t <= c.last_ts!.getTime()) return;
          const f = 10 ** precision[i]!;
          samples.push({ pointId: c.point_id, ts: t, value: Math.max(c.last_value!, Math.round(reading[i]! * f) / f) });
        });
        before = after;
        t0 = t;
        await flush(false);
      }
    }

    // Transformer analogs: the seed's own curves, minutes over the last RAW_DAYS, quarter hours before that.
    for (const a of analog) {
      const props = a.props;
      const ratedKw = typeof props.rated_kw === 'number' ? props.rated_kw : 800;
      const ratedKva = typeof props.rated_kva === 'number' ? props.rated_kva : ratedKw / 0.8;
      const start = Math.max(floor, a.last_ts!.getTime());
      const fine = Math.max(start, now - RAW_DAYS * DAY);
      const times = [...instants(start, fine, QUARTER).filter((t) => t < fine), ...instants(Math.max(start, fine - MINUTE), now, MINUTE)];
      for (const t of times) {
        const v = transformerValues(t, a.device_id * 7919, ratedKw, ratedKva, st.timezone, t < fine ? QUARTER : MINUTE)[a.key as (typeof ANALOG_KEYS)[number]];
        samples.push({ pointId: a.point_id, ts: t, value: v });
      }
      await flush(false);
    }
    await flush(true);
  }
  if (result.samples > 0) await sql`ANALYZE telemetry`.execute(db);
  return result;
}
