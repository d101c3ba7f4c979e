import { toMillis } from '@gridops/format';
import type { TimePoint } from './timePoint';

/**
 * Data gaps (docs/energy-model.md, "Data gaps"): where a series has no samples for longer than k times its
 * expected interval — a gateway that was down, data older than what is kept — the chart breaks the line there
 * (a null point) and shades the span as a data-quality band ("无数据" / "No data"), so a missing hour never
 * reads as a silent empty axis. One pure function for every time chart (history curves, the event drawer's
 * curve, the alarm-rule preview, inspection readings).
 */
export interface DataGap {
  from: number;
  to: number;
}

/** A shaded span in the shape every chart here takes (TimeSeriesChartInput.markAreas). */
export interface ChartArea {
  name: string;
  from: number;
  to: number;
  color?: string;
}

/** The band's colour: a neutral grey hatch-like tint, distinct from event (red) and TOU (amber) spans. */
export const GAP_COLOR = 'rgba(140, 140, 140, 0.22)';
/** Spacing above this many expected intervals is a gap. */
export const GAP_FACTOR = 3;

/** The median spacing of sorted instants (the expected interval when the caller does not know it). */
export function medianStep(times: readonly number[]): number | undefined {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const d = times[i]! - times[i - 1]!;
    if (d > 0) steps.push(d);
  }
  if (!steps.length) return undefined;
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 2)];
}

export interface GapOptions {
  /** Expected spacing of samples (a bucket, the sampling interval); default: the median spacing. */
  expectedMs?: number;
  /** A spacing above k × expected is a gap (default GAP_FACTOR). */
  k?: number;
  /** The range asked for: missing data at its start or end (or all of it) is a gap too. */
  range?: { from: number; to: number };
}

/** The gaps of a series of sorted sample instants. An empty series over a range is one gap over all of it. */
export function findGaps(times: readonly number[], opts: GapOptions = {}): DataGap[] {
  const { range } = opts;
  if (times.length === 0) return range && range.to > range.from ? [{ from: range.from, to: range.to }] : [];
  const expected = opts.expectedMs ?? medianStep(times);
  if (!expected) return [];
  const limit = (opts.k ?? GAP_FACTOR) * expected;
  const out: DataGap[] = [];
  if (range && times[0]! - range.from > limit) out.push({ from: range.from, to: times[0]! });
  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1]!;
    const b = times[i]!;
    if (b - a > limit) out.push({ from: a + expected, to: b });
  }
  const last = times[times.length - 1]!;
  if (range && range.to - last > limit) out.push({ from: last + expected, to: range.to });
  return out;
}

/** Points with a null at the start of each gap, so the line breaks there instead of bridging it. */
export function breakAtGaps(points: readonly TimePoint[], gaps: readonly DataGap[]): TimePoint[] {
  if (!gaps.length) return [...points];
  const out: TimePoint[] = [];
  let g = 0;
  for (const p of points) {
    const ms = toMillis(p[0]);
    while (ms !== null && g < gaps.length && gaps[g]!.from <= ms) {
      if (gaps[g]!.to > gaps[g]!.from && gaps[g]!.from < ms) out.push([gaps[g]!.from, null]);
      g++;
    }
    out.push(p);
  }
  return out;
}

/** The gaps as shaded spans labelled `label` ("无数据" / "No data"). */
export const gapAreas = (gaps: readonly DataGap[], label: string): ChartArea[] =>
  gaps.map((g) => ({ name: label, from: g.from, to: g.to, color: GAP_COLOR }));

/**
 * Everything a chart needs for one series' gaps: the points with their breaks and the bands. Gaps of several
 * series are merged by the caller (`mergeGaps`) when one band should cover them all.
 */
export function withGaps(
  points: readonly TimePoint[],
  label: string,
  opts: GapOptions = {},
): { points: TimePoint[]; gaps: DataGap[]; areas: ChartArea[] } {
  const times = points
    .filter((p) => p[1] !== null)
    .map((p) => toMillis(p[0]))
    .filter((v): v is number => v !== null);
  const gaps = findGaps(times, opts);
  return { points: breakAtGaps(points, gaps), gaps, areas: gapAreas(gaps, label) };
}

/** Spans where every one of the series has a gap (a band means "no data at all here"). */
export function commonGaps(perSeries: readonly (readonly DataGap[])[]): DataGap[] {
  if (!perSeries.length) return [];
  let acc: DataGap[] = [...perSeries[0]!];
  for (const next of perSeries.slice(1)) {
    const out: DataGap[] = [];
    for (const a of acc)
      for (const b of next) {
        const from = Math.max(a.from, b.from);
        const to = Math.min(a.to, b.to);
        if (to > from) out.push({ from, to });
      }
    acc = out;
  }
  return acc;
}

/**
 * ECharts markArea data from spans: `x` maps an instant to the axis value (the instant itself on a time
 * axis, a category label on a category axis). The one place every chart builds its shaded spans.
 */
export function markAreaData(areas: readonly ChartArea[], x: (ms: number) => number | string = (ms) => ms) {
  return areas.map(
    (a) =>
      [
        { name: a.name, xAxis: x(a.from), itemStyle: { color: a.color ?? 'rgba(250, 173, 20, 0.12)' } },
        { xAxis: x(a.to) },
      ] as const,
  );
}
