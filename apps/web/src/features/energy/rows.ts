import { tariffPartsText, type ChangeReason, type Granularity, type ResolvedRange, type StatsResponse } from '@gridops/contract';
import { runtimeZone, siteNow } from '@gridops/format';
import type { ComparisonInput } from '../../shared/charts';
import { localName, localText } from '../../shared/ui/localName';
import type { ExpenseResponse, LossResponse, ReadingsResponse } from './api';

/**
 * Pure shaping of the energy API's answers into table rows and chart inputs. No i18next or store reads here
 * (names are picked by the `lang` passed in), so every function is tested on fixed answers.
 */
export type Lang = 'zh' | 'en';
export type CompareMode = 'mom' | 'yoy';

export const nameOf = (n: { name: string; name_en: string }, lang: Lang): string => localName(n, lang);

/** The site's wall clock (its zone: projects.timezone) as 'YYYY-MM-DD HH:mm', the form of the bucket keys. */
export function siteNowKey(zone: string | undefined, nowMs: number = Date.now()): string {
  return siteNow(zone ?? runtimeZone(), nowMs);
}

/**
 * A bucket that starts after the site's current time has no data yet. The server answers 0 for it; showing
 * that 0 (and a "↓100%" change) would claim the site used nothing, so such buckets are shown empty.
 */
export function isFutureBucket(key: string, nowKey: string): boolean {
  return key > nowKey.slice(0, key.length);
}

/** Axis/table label of a bucket key: '07:00' for hours, '11-05' for days, '2026-03' for months. */
export function bucketLabel(key: string, granularity: Granularity, range?: ResolvedRange): string {
  if (granularity === 'hour') return key.slice(11, 16);
  if (granularity === 'day') return range && range.from.slice(0, 4) !== range.to.slice(0, 4) ? key : key.slice(5);
  return key;
}

export interface BucketRow {
  key: string;
  label: string;
  value: number | null;
  mom_value: number | null;
  mom_pct: number | null;
  yoy_value: number | null;
  yoy_pct: number | null;
  /** Why the change is null (server reason, docs/energy-model.md "Comparisons"). */
  mom_reason: ChangeReason | null;
  yoy_reason: ChangeReason | null;
}

/** Category totals per bucket, future buckets emptied. */
export function bucketRows(stats: StatsResponse, nowKey: string): BucketRow[] {
  return stats.buckets.map((b) => {
    const future = isFutureBucket(b.key, nowKey);
    return {
      key: b.key,
      label: bucketLabel(b.key, stats.granularity, stats.range),
      value: future ? null : b.value,
      mom_value: b.mom_value,
      mom_pct: future ? null : b.mom_pct,
      yoy_value: b.yoy_value,
      yoy_pct: future ? null : b.yoy_pct,
      mom_reason: future ? null : b.mom_reason,
      yoy_reason: future ? null : b.yoy_reason,
    };
  });
}

/** Current vs the chosen base, per bucket, for `buildComparisonOption` (server change % kept as is). */
export function comparisonInput(
  rows: readonly BucketRow[],
  mode: CompareMode,
  unit: string,
  since?: string | null,
): ComparisonInput {
  return {
    changeReason: rows.map((r) => (mode === 'mom' ? r.mom_reason : r.yoy_reason)),
    since: since ?? null,
    categories: rows.map((r) => r.label),
    current: rows.map((r) => r.value),
    previous: rows.map((r) => (mode === 'mom' ? r.mom_value : r.yoy_value)),
    changePct: rows.map((r) => (mode === 'mom' ? r.mom_pct : r.yoy_pct)),
    unit,
    mode,
  };
}

export interface NodeRow {
  key: number;
  name: string;
  node_type: StatsResponse['nodes'][number]['node_type'];
  /** Depth in the metering tree among the answered nodes (0 = top-most), for indentation. */
  depth: number;
  value: number;
  mom_value: number | null;
  mom_pct: number | null;
  yoy_value: number | null;
  yoy_pct: number | null;
  /** Why the change is null (server reason, docs/energy-model.md "Comparisons"). */
  mom_reason: ChangeReason | null;
  yoy_reason: ChangeReason | null;
}

/** Per node (branch) totals with their comparisons, in tree order as the server sends them. */
export function nodeRows(stats: StatsResponse, lang: Lang): NodeRow[] {
  const parent = new Map(stats.nodes.map((n) => [n.node_id, n.parent_id]));
  const depthOf = (id: number): number => {
    let d = 0;
    for (let p = parent.get(id) ?? null; p !== null && parent.has(p) && d < 50; p = parent.get(p) ?? null) d++;
    return d;
  };
  return stats.nodes.map((n) => ({
    key: n.node_id,
    name: nameOf(n, lang),
    node_type: n.node_type,
    depth: depthOf(n.node_id),
    value: n.value,
    mom_value: n.mom_value,
    mom_pct: n.mom_pct,
    yoy_value: n.yoy_value,
    yoy_pct: n.yoy_pct,
    mom_reason: n.mom_reason,
    yoy_reason: n.yoy_reason,
  }));
}

export interface StorageRow {
  key: string;
  label: string;
  charged: number | null;
  discharged: number | null;
  /** discharged / charged × 100; null when nothing was charged. */
  efficiency_pct: number | null;
  /** Equivalent full cycles: discharged / capacity; null without a capacity. */
  cycles: number | null;
  /** Server change % of the discharged energy. */
  mom_pct: number | null;
  yoy_pct: number | null;
  mom_reason: ChangeReason | null;
  yoy_reason: ChangeReason | null;
}

/** Charge and discharge statistics of the same period merged per bucket, with efficiency and cycles. */
export function storageRows(
  charge: StatsResponse,
  discharge: StatsResponse,
  capacityKwh: number | null,
  nowKey: string,
): StorageRow[] {
  const dis = new Map(discharge.buckets.map((b) => [b.key, b]));
  return charge.buckets.map((b) => {
    const future = isFutureBucket(b.key, nowKey);
    const d = dis.get(b.key);
    const charged = future ? null : b.value;
    const discharged = future ? null : (d?.value ?? null);
    return {
      key: b.key,
      label: bucketLabel(b.key, charge.granularity, charge.range),
      charged,
      discharged,
      efficiency_pct: charged && discharged !== null ? (discharged / charged) * 100 : null,
      cycles: capacityKwh && discharged !== null ? discharged / capacityKwh : null,
      mom_pct: future ? null : (d?.mom_pct ?? null),
      yoy_pct: future ? null : (d?.yoy_pct ?? null),
      mom_reason: future ? null : (d?.mom_reason ?? null),
      yoy_reason: future ? null : (d?.yoy_reason ?? null),
    };
  });
}

export type ReadingTableRow = ReadingsResponse['rows'][number] & { key: number; display_name: string };

export function readingRows(resp: ReadingsResponse, lang: Lang): ReadingTableRow[] {
  return resp.rows.map((r) => ({
    ...r,
    key: r.node_id,
    display_name: nameOf(r, lang),
    device_name: r.device_name === null ? null : localText(r.device_name, r.device_name_en, lang),
  }));
}

/** Why a loss row is flagged: losses above the threshold, or a negative loss (children metered above input). */
export type LossFlag = 'high' | 'negative' | null;

/** `children` is renamed: antd's Table would read a `children` field as nested tree rows. */
export type LossTableRow = Omit<LossResponse['rows'][number], 'children'> & {
  key: number;
  display_name: string;
  child_count: number;
  flag: LossFlag;
};

export function lossFlag(ratePct: number | null, thresholdPct: number): LossFlag {
  if (ratePct === null) return null;
  if (ratePct > thresholdPct) return 'high';
  if (ratePct < -thresholdPct) return 'negative';
  return null;
}

export function lossRows(resp: LossResponse, lang: Lang): LossTableRow[] {
  return resp.rows.map(({ children, ...r }) => ({
    ...r,
    key: r.node_id,
    display_name: nameOf(r, lang),
    child_count: children,
    // The server's `flagged` decides; the kind only says which way, for the tag.
    flag: r.flagged ? (lossFlag(r.loss_rate_pct, resp.threshold_pct) ?? 'high') : null,
  }));
}

export const flaggedRows = (rows: readonly LossTableRow[]): LossTableRow[] => rows.filter((r) => r.flag !== null);

const BANDS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type BandKey = (typeof BANDS)[number];
type BandFields = { [K in `${BandKey}_energy` | `${BandKey}_cost`]: number };

/** `tariff`: which tariff (name, version, validity) priced the period — each part when two did; '' for node rows. */
export type ExpenseRow = { key: string; label: string; energy: number | null; cost: number | null; tariff: string } & BandFields;

function bandFields(bands: ExpenseResponse['total']['bands']): BandFields {
  const out = {} as BandFields;
  for (const b of BANDS) {
    const x = bands.find((y) => y.band === b);
    out[`${b}_energy`] = x?.energy ?? 0;
    out[`${b}_cost`] = x?.cost ?? 0;
  }
  return out;
}

/** Cost per period bucket with the four bands flattened into columns (the table and the export). */
export function expensePeriodRows(resp: ExpenseResponse, nowKey: string, lang: Lang): ExpenseRow[] {
  return resp.periods
    .filter((p) => !isFutureBucket(p.key, nowKey))
    .map((p) => ({
      key: p.key,
      label: bucketLabel(p.key, resp.granularity, resp.range),
      energy: p.energy,
      cost: p.cost,
      tariff: tariffPartsText(p.tariffs, lang),
      ...bandFields(p.bands),
    }));
}

/** Cost per branch over the whole range. */
export function expenseNodeRows(resp: ExpenseResponse, lang: Lang): ExpenseRow[] {
  return resp.nodes.map((n) => ({
    key: String(n.node_id),
    label: nameOf(n, lang),
    energy: n.energy,
    cost: n.cost,
    tariff: '',
    ...bandFields(n.bands),
  }));
}

export { BANDS as TOU_BANDS_ORDER };
