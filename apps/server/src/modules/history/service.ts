import { ErrorCode, HISTORY_MAX_DAYS, HISTORY_MAX_POINTS, type HistoryResponse, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { siteDate, siteDayStart } from '@gridops/format';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { counterDeltas } from './formulas.js';
import { historyRepository as repo, type Bucket, type PointInfo } from './repository.js';
import { pickLang } from '../../lib/lang.js';

const QUARTER = 900_000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Raw samples are only counted for short ranges; over longer ranges they never fit a chart's width. */
const RAW_CHECK_MAX_RANGE = DAY;


/** Throws a 10006 naming the field unless from < to and the range is at most maxDays. */
export function checkRange(fromIso: string, toIso: string, maxDays: number): { from: Date; to: Date } {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  if (!(to > from)) throw new AppError(ErrorCode.Validation, { zh: '结束时间 to 必须晚于开始时间 from', en: 'to must be later than from' }, 'to');
  if (to.getTime() - from.getTime() > maxDays * DAY) {
    throw new AppError(ErrorCode.Validation, { zh: `时间范围不能超过 ${maxDays} 天`, en: `The range may span at most ${maxDays} days` }, 'from');
  }
  return { from, to };
}

/**
 * Picks the source of a history query: the coarsest that still has at least one value per pixel bucket.
 * Daily rollups when a bucket spans a day or more, hourly when it spans an hour or more, quarter-hour ones
 * from 15 minutes, otherwise raw telemetry aggregated per bucket in SQL — or the raw rows themselves when they
 * fit the width. Rollup buckets are whole multiples of the rollup, so each holds whole rollup rows.
 */
/** `zone`: the site's zone, whose local midnights the daily rollups start at. */
/**
 * `rawSince`: raw samples before it were dropped by retention (RETENTION_RAW_DAYS); a range reaching back before it
 * reads the quarter-hour rollups, which are kept, instead of raw rows that are gone.
 */
export function planHistory(
  from: Date,
  to: Date,
  width: number,
  zone: string,
  rawSince: Date | null = null,
): { source: HistoryResponse['source']; bucketMs: number; origin: Date } {
  const range = to.getTime() - from.getTime();
  const pixel = Math.ceil(range / width);
  if (rawSince && from < rawSince && pixel < QUARTER) {
    return { source: 'quarter_hour', bucketMs: QUARTER, origin: new Date(Math.floor(from.getTime() / QUARTER) * QUARTER) };
  }
  if (pixel >= DAY) {
    const origin = siteDayStart(siteDate(zone, from), zone);
    return { source: 'daily', bucketMs: Math.ceil(pixel / DAY) * DAY, origin };
  }
  if (pixel >= HOUR) return { source: 'hourly', bucketMs: Math.ceil(pixel / HOUR) * HOUR, origin: new Date(Math.floor(from.getTime() / HOUR) * HOUR) };
  if (pixel >= QUARTER) {
    return { source: 'quarter_hour', bucketMs: Math.ceil(pixel / QUARTER) * QUARTER, origin: new Date(Math.floor(from.getTime() / QUARTER) * QUARTER) };
  }
  // Whole seconds keep bucket starts on round instants.
  return { source: 'telemetry', bucketMs: Math.max(1000, Math.ceil(pixel / 1000) * 1000), origin: from };
}

const ROLLUP_TABLE: Partial<Record<HistoryResponse['source'], 'rollup_hourly' | 'rollup_daily'>> = { hourly: 'rollup_hourly', daily: 'rollup_daily' };

export function createHistoryService(db: Db, access: AccessService) {
  /** Loads the points and checks every one is in the caller's scope (10005 unknown, 10004 outside). */
  async function scopedPoints(user: AuthUser, ids: number[]): Promise<PointInfo[]> {
    const unique = [...new Set(ids)];
    if (unique.length > HISTORY_MAX_POINTS) {
      throw new AppError(ErrorCode.Validation, { zh: `一次最多查询 ${HISTORY_MAX_POINTS} 个测点`, en: `At most ${HISTORY_MAX_POINTS} points per call` }, 'point_ids');
    }
    const points = await repo.points(db, unique);
    if (points.length !== unique.length) throw new AppError(ErrorCode.NotFound, { zh: '测点不存在', en: 'Unknown point' }, 'point_ids');
    const scope = await access.scope(user);
    if (points.some((p) => !scope.projectIds.includes(p.project_id))) throw forbidden();
    return points;
  }

  async function series(points: PointInfo[], from: Date, to: Date, width: number) {
    const ids = points.map((p) => p.id);
    // Points of one chart share a site in practice; the first point's zone aligns the daily buckets.
    const plan = planHistory(from, to, width, points[0]?.timezone ?? 'UTC', await repo.rawSince(db));
    let rows: Bucket[];
    let source = plan.source;
    let bucketMs = plan.bucketMs;
    const rollup = ROLLUP_TABLE[plan.source];
    // One query per point: on PostgreSQL they run on several pooled connections (and cores) at once; PGlite
    // serialises them, at no extra cost.
    const perPoint = async (query: (id: number) => Promise<Bucket[]>) => (await Promise.all(ids.map(query))).flat();
    if (plan.source === 'quarter_hour') {
      rows = await perPoint((id) => repo.fromQuarterHours(db, [id], plan.origin, to, plan.bucketMs, plan.origin));
    } else if (rollup) {
      // From the aligned origin: the rollup bucket that contains `from` overlaps the range, so it counts.
      rows = await perPoint((id) => repo.fromRollup(db, rollup, [id], plan.origin, to, plan.bucketMs, plan.origin));
    } else if (to.getTime() - from.getTime() <= RAW_CHECK_MAX_RANGE && (await repo.maxCount(db, ids, from, to, width)) <= width) {
      rows = await repo.raw(db, ids, from, to);
      source = 'raw';
      bucketMs = 0;
    } else {
      rows = await perPoint((id) => repo.bucketed(db, [id], from, to, plan.bucketMs, plan.origin));
    }
    const byPoint = new Map<number, Bucket[]>();
    for (const r of rows) {
      let list = byPoint.get(r.point_id);
      if (!list) byPoint.set(r.point_id, (list = []));
      list.push(r);
    }
    return { source, bucketMs, byPoint };
  }

  // Averages are rounded to two digits beyond the point's precision: full doubles tripled the payload for no
  // visible difference. min/max are stored samples and stay exact.
  const columns = (rows: Bucket[] = [], precision = 4) => {
    const f = 10 ** Math.min(10, precision + 2);
    return { t: rows.map((r) => r.t), min: rows.map((r) => r.min), max: rows.map((r) => r.max), avg: rows.map((r) => Math.round(r.avg * f) / f) };
  };

  return {
    async series(user: AuthUser, q: { point_ids: number[]; from: string; to: string; width: number }, lang: Lang): Promise<HistoryResponse> {
      const { from, to } = checkRange(q.from, q.to, HISTORY_MAX_DAYS);
      const points = await scopedPoints(user, q.point_ids);
      const s = await series(points, from, to, q.width);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        source: s.source,
        bucket_ms: s.bucketMs,
        series: points.map((p) => ({
          point_id: p.id,
          device_id: p.device_id,
          device_name: pickLang(lang, p.device_name, p.device_name_en),
          key: p.key,
          name: pickLang(lang, p.name, p.name_en),
          unit: p.unit,
          precision: p.precision,
          ...columns(s.byPoint.get(p.id), p.precision),
        })),
      };
    },

    /** min/max/avg per point per local day or month from the daily rollups; counters also get their delta. */
    async stats(user: AuthUser, q: { point_ids: number[]; from: string; to: string; period: 'day' | 'month' }, lang: Lang) {
      const { from, to } = checkRange(q.from, q.to, HISTORY_MAX_DAYS);
      const points = await scopedPoints(user, q.point_ids);
      const ids = points.map((p) => p.id);
      const [rows, before] = await Promise.all([repo.dailyRows(db, ids, from, to), repo.lastBefore(db, ids, from)]);
      return points.map((p) => {
        const own = rows.filter((r) => r.point_id === p.id);
        const deltas = p.kind === 'counter' ? counterDeltas(own, before.get(p.id) ?? null) : null;
        const groups = new Map<string, { min: number; max: number; sum: number; count: number; delta: number | null }>();
        own.forEach((r, i) => {
          const day = siteDate(p.timezone, r.bucket);
          const key = q.period === 'day' ? day : day.slice(0, 7);
          const g = groups.get(key);
          const delta = deltas ? deltas[i]! : null;
          if (!g) groups.set(key, { min: r.min, max: r.max, sum: r.sum, count: r.count, delta });
          else {
            g.min = Math.min(g.min, r.min);
            g.max = Math.max(g.max, r.max);
            g.sum += r.sum;
            g.count += r.count;
            if (g.delta !== null && delta !== null) g.delta += delta;
          }
        });
        return {
          point_id: p.id,
          device_name: pickLang(lang, p.device_name, p.device_name_en),
          name: pickLang(lang, p.name, p.name_en),
          unit: p.unit,
          kind: p.kind,
          rows: [...groups].map(([period, g]) => ({ period, min: g.min, max: g.max, avg: g.count ? g.sum / g.count : 0, count: g.count, delta: g.delta })),
        };
      });
    },

    /** The event's point (or its device's main analog points) from 1 h before to 1 h after it was raised. */
    async eventCurve(user: AuthUser, eventId: number, lang: Lang) {
      const e = await repo.event(db, eventId);
      const scope = await access.scope(user);
      if (!e || !scope.projectIds.includes(e.project_id)) throw notFound();
      let ids: number[] = [];
      if (e.point_id !== null) ids = [e.point_id];
      else if (e.device_id !== null) {
        const pts = await repo.devicePoints(db, e.device_id);
        const main = pts.filter((p) => ['P', 'Ia', 'temp', 'IR', 'SOC', 'temp_winding', 'load_rate'].includes(p.key));
        ids = (main.length ? main : pts.filter((p) => p.kind === 'analog')).slice(0, 4).map((p) => p.id);
      }
      const from = new Date(e.raised_at.getTime() - HOUR);
      const to = new Date(e.raised_at.getTime() + HOUR);
      const points = await repo.points(db, ids);
      const s = await series(points, from, to, 720);
      // An event older than the raw samples kept (or than the demo's seeded raw day) still has its quarter-hour
      // rollups: a point without raw rows in the window reads those instead of coming back empty.
      for (const p of points) {
        if (s.byPoint.get(p.id)?.length) continue;
        const quarters = await repo.fromQuarterHours(db, [p.id], from, to, QUARTER, from);
        if (quarters.length) s.byPoint.set(p.id, quarters);
      }
      return {
        event_id: e.id,
        raised_at: e.raised_at.toISOString(),
        from: from.toISOString(),
        to: to.toISOString(),
        limit_value: e.limit_value,
        series: points.map((p) => ({ point_id: p.id, key: p.key, name: pickLang(lang, p.name, p.name_en), unit: p.unit, ...columns(s.byPoint.get(p.id), p.precision) })),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
