import type { WallResponse } from '@gridops/contract';
import { round } from '../statistics/counterEnergy.js';

/*
 * The wall's portfolio sums, pure so that they are tested without a database (compose.test.ts). Each input
 * is a figure another page shows; these only add them up.
 */

export type Levels = WallResponse['events']['active_by_level'];
const LEVELS = [1, 2, 3, 4] as const;

export const zeroLevels = (): Levels => ({ 1: 0, 2: 0, 3: 0, 4: 0 });

/** Σ of the sites' counts per level. */
export function sumLevels(xs: Levels[]): Levels {
  const out = zeroLevels();
  for (const x of xs) for (const l of LEVELS) out[l] += x[l];
  return out;
}

/** The highest level with an active event, 0 when none. */
export const worstLevel = (x: Levels): number => [...LEVELS].reverse().find((l) => x[l] > 0) ?? 0;

/** Capacity-weighted SOC of the sites that have storage and report a SOC; null when none does. */
export function weightedSoc(sites: { capacity_kwh: number; soc_pct: number | null }[]): { capacity_kwh: number; soc_pct: number | null; sites: number } {
  const withStorage = sites.filter((s) => s.capacity_kwh > 0);
  const known = withStorage.filter((s) => s.soc_pct !== null);
  const cap = known.reduce((a, s) => a + s.capacity_kwh, 0);
  return {
    capacity_kwh: round(withStorage.reduce((a, s) => a + s.capacity_kwh, 0), 2),
    soc_pct: cap > 0 ? round(known.reduce((a, s) => a + s.capacity_kwh * s.soc_pct!, 0) / cap, 1) : null,
    sites: withStorage.length,
  };
}

/**
 * Hour-by-hour sum of the sites' day curves (each is its own local day, 24 values): an hour is null when no
 * site has a value for it (not reached yet), else the sum of the sites that have one.
 */
export function sumCurves(curves: (number | null)[][], hours = 24): (number | null)[] {
  return Array.from({ length: hours }, (_, h) => {
    const vals = curves.map((c) => c[h] ?? null).filter((v): v is number => v !== null);
    return vals.length === 0 ? null : round(vals.reduce((a, v) => a + v, 0), 2);
  });
}

/**
 * A site's day statistics as the wall's curve: today's completed hours only — the hour under way (`hourNow`) would
 * read as a sudden drop, and later hours are not reached (null).
 */
export function dayCurve(buckets: { value: number; mom_value: number | null }[], hourNow: number): { today: (number | null)[]; yesterday: (number | null)[] } {
  return {
    today: buckets.map((b, h) => (h < hourNow ? b.value : null)),
    yesterday: buckets.map((b) => b.mom_value),
  };
}

export type WallTransformer = WallResponse['transformers'][number];

/** The `n` most loaded transformers over every site (unknown load rates left out), highest first. */
export function topTransformers(
  sites: { project_id: number; site_name: string; transformers: { device_id: number; name: string; load_rate: number | null; rated_kva: number | null }[] }[],
  n = 5,
): WallTransformer[] {
  return sites
    .flatMap((s) =>
      s.transformers.flatMap((t) => (t.load_rate === null ? [] : [{ project_id: s.project_id, site_name: s.site_name, device_id: t.device_id, name: t.name, load_pct: t.load_rate, rated_kva: t.rated_kva }])),
    )
    .sort((a, b) => b.load_pct - a.load_pct || a.device_id - b.device_id)
    .slice(0, n);
}
