import { ANALYSIS_MAX_DAYS, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { siteDate } from '@gridops/format';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import {
  DEMAND_WINDOW_MIN,
  IMBALANCE_LIMIT_PCT,
  IMBALANCE_MIN_CURRENT_A,
  NOMINAL_PHASE_V,
  PF_LIMIT,
  VOLTAGE_LIMIT_PCT,
  deviationPct,
  loadBand,
  pct,
  round,
} from './formulas.js';
import { historyRepository as repo, type PointInfo } from './repository.js';
import { checkRange } from './service.js';
import { pickLang } from '../../lib/lang.js';

const THREE_PHASE_KINDS = ['incomer', 'transformer', 'feeder', 'meter'];
const SUPPLY_KINDS = ['incomer', 'transformer'];

export interface AnalysisQuery {
  project_id: number;
  from: string;
  to: string;
  device_id?: number | undefined;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Groups points by device, in query order. */
function byDevice(points: PointInfo[]) {
  const m = new Map<number, { info: PointInfo; keys: Map<string, PointInfo> }>();
  for (const p of points) {
    let d = m.get(p.device_id);
    if (!d) m.set(p.device_id, (d = { info: p, keys: new Map() }));
    d.keys.set(p.key, p);
  }
  return [...m.values()];
}

/** Special analysis (/SpecAnaly). Formulas and limits: ./formulas.ts and docs/pages/distribution.md. */
export function createAnalysisService(db: Db, access: AccessService) {
  async function prepare(user: AuthUser, q: AnalysisQuery, kinds: string[], keys: string[]) {
    const range = checkRange(q.from, q.to, ANALYSIS_MAX_DAYS);
    await access.assertProject(user, q.project_id);
    const points = await repo.projectPoints(db, q.project_id, kinds, keys, q.device_id);
    return { ...range, points, head: { from: range.from.toISOString(), to: range.to.toISOString() } };
  }

  return {
    async voltage(user: AuthUser, q: AnalysisQuery, lang: Lang) {
      const { from, to, points, head } = await prepare(user, q, THREE_PHASE_KINDS, ['Ua', 'Ub', 'Uc']);
      const nominal = (p: PointInfo) => num(p.device_props.voltage_v) ?? NOMINAL_PHASE_V;
      const stats = await repo.voltageStats(db, points.map((p) => ({ id: p.id, nominal: nominal(p) })), VOLTAGE_LIMIT_PCT / 100, from, to);
      const byId = new Map(stats.map((s) => [s.point_id, s]));
      return {
        ...head,
        rows: points.map((p) => {
          const s = byId.get(p.id);
          const un = nominal(p);
          const n = s?.n ?? 0;
          return {
            device_id: p.device_id,
            device_name: pickLang(lang, p.device_name, p.device_name_en),
            phase: p.key.slice(1).toUpperCase() as 'A' | 'B' | 'C',
            nominal_v: un,
            limit_pct: VOLTAGE_LIMIT_PCT,
            samples: n,
            avg_v: round(s?.avg ?? null, 2),
            max_v: round(s?.max ?? null, 2),
            min_v: round(s?.min ?? null, 2),
            max_dev_pct: n && s?.max != null ? round(deviationPct(s.max, un), 2) : null,
            min_dev_pct: n && s?.min != null ? round(deviationPct(s.min, un), 2) : null,
            compliance_pct: round(pct(s?.ok ?? 0, n), 2),
          };
        }),
      };
    },

    async imbalance(user: AuthUser, q: AnalysisQuery, lang: Lang) {
      const { from, to, points, head } = await prepare(user, q, THREE_PHASE_KINDS, ['Ia', 'Ib', 'Ic']);
      const rows = [];
      for (const d of byDevice(points)) {
        const [a, b, c] = ['Ia', 'Ib', 'Ic'].map((k) => d.keys.get(k));
        if (!a || !b || !c) continue;
        const s = await repo.imbalance(db, a.id, b.id, c.id, from, to, IMBALANCE_MIN_CURRENT_A, IMBALANCE_LIMIT_PCT);
        rows.push({
          device_id: d.info.device_id,
          device_name: pickLang(lang, d.info.device_name, d.info.device_name_en),
          limit_pct: IMBALANCE_LIMIT_PCT,
          samples: s.n,
          avg_pct: round(s.avg, 2),
          max_pct: round(s.max, 2),
          max_at: s.max_at ? new Date(s.max_at).toISOString() : null,
          over_limit_pct: round(pct(s.over, s.n), 2),
        });
      }
      return { ...head, rows };
    },

    /** Transformer load rate per hour (hourly rollups of `load_rate`) sorted into operating bands. */
    async loadRate(user: AuthUser, q: AnalysisQuery, lang: Lang) {
      const { from, to, points, head } = await prepare(user, q, ['transformer'], ['load_rate']);
      const hourly = await repo.hourlyRows(db, points.map((p) => p.id), from, to);
      return {
        ...head,
        rows: points.map((p) => {
          const own = hourly.filter((h) => h.point_id === p.id);
          const bands = { light: 0, economic: 0, heavy: 0, overload: 0 };
          let sum = 0;
          let count = 0;
          let max: number | null = null;
          let min: number | null = null;
          for (const h of own) {
            bands[loadBand(h.sum / h.count)] += 1;
            sum += h.sum;
            count += h.count;
            max = max === null ? h.max : Math.max(max, h.max);
            min = min === null ? h.min : Math.min(min, h.min);
          }
          return {
            device_id: p.device_id,
            device_name: pickLang(lang, p.device_name, p.device_name_en),
            rated_kva: num(p.device_props.rated_kva),
            hours: own.length,
            avg_pct: round(count ? sum / count : null, 2),
            max_pct: round(max, 2),
            min_pct: round(min, 2),
            band_hours: bands,
            economic_pct: round(pct(bands.economic, own.length), 2),
          };
        }),
      };
    },

    async powerFactor(user: AuthUser, q: AnalysisQuery, lang: Lang) {
      const { from, to, points, head } = await prepare(user, q, SUPPLY_KINDS, ['PF']);
      const stats = new Map((await repo.pfStats(db, points.map((p) => p.id), PF_LIMIT, from, to)).map((s) => [s.point_id, s]));
      return {
        ...head,
        rows: points.map((p) => {
          const s = stats.get(p.id);
          return {
            device_id: p.device_id,
            device_name: pickLang(lang, p.device_name, p.device_name_en),
            limit: PF_LIMIT,
            samples: s?.n ?? 0,
            avg_pf: round(s?.avg ?? null, 3),
            min_pf: round(s?.min ?? null, 3),
            compliance_pct: round(pct(s?.ok ?? 0, s?.n ?? 0), 2),
          };
        }),
      };
    },

    /** Maximum demand: the highest 15-minute average of P, overall and per local day. */
    async demand(user: AuthUser, q: AnalysisQuery, lang: Lang) {
      const { from, to, points, head } = await prepare(user, q, SUPPLY_KINDS, ['P']);
      const windows = await repo.demandWindows(db, points.map((p) => p.id), DEMAND_WINDOW_MIN, from, to);
      return {
        ...head,
        rows: points.map((p) => {
          const days = new Map<string, { max_kw: number; at: Date }>();
          let best: { kw: number; at: Date } | null = null;
          for (const w of windows) {
            if (w.point_id !== p.id) continue;
            const day = siteDate(p.timezone, w.w);
            const d = days.get(day);
            if (!d || w.kw > d.max_kw) days.set(day, { max_kw: w.kw, at: w.w });
            if (!best || w.kw > best.kw) best = { kw: w.kw, at: w.w };
          }
          return {
            device_id: p.device_id,
            device_name: pickLang(lang, p.device_name, p.device_name_en),
            window_min: DEMAND_WINDOW_MIN,
            max_kw: round(best?.kw ?? null, 2),
            max_at: best ? best.at.toISOString() : null,
            days: [...days]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([day, d]) => ({ day, max_kw: round(d.max_kw, 2)!, at: d.at.toISOString() })),
          };
        }),
      };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
