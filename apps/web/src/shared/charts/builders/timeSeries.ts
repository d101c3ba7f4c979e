import { formatDate, toMillis } from '@gridops/format';
import type { TimeInput } from '@gridops/format';
import type { LineSeriesOption, BarSeriesOption, YAXisComponentOption } from 'echarts';
import { unitScaleFor } from '../../format/units';
import type { UnitScale } from '../../format/units';
import { seriesColors } from '../../theme/palette';
import { markAreaData } from './gaps';
import { axisTooltip, divide, escapeHtml, markerHtml, toolbox, valueText } from './common';
import type { ChartLocale, ChartOption } from './common';

import type { TimePoint } from './timePoint';
export type { TimePoint } from './timePoint';

export interface TimeSeriesInput {
  name: string;
  /** Raw unit of the values (kW, kWh, V, A, %, …); the axis scales it (kW → MW above 10000). */
  unit: string;
  points: readonly TimePoint[];
  kind?: 'line' | 'bar';
  area?: boolean;
  step?: boolean;
  /**
   * Min/max band drawn behind the line (bucket extremes); matched to `points` by time. Build it with the same
   * `columnarToPoints(t, min|max, bucketMs)` as the line, so the band breaks where the line does.
   */
  band?: { min: readonly TimePoint[]; max: readonly TimePoint[] };
  color?: string;
}

export interface TimeSeriesChartInput {
  series: readonly TimeSeriesInput[];
  /** Bucket size, for the axis and tooltip time patterns; 'raw' is like 'minute'. */
  granularity?: 'raw' | 'minute' | 'hour' | 'day' | 'month';
  /** Fraction digits in the tooltip, default 2. */
  precision?: number;
  /** Horizontal limits (rated current, contract demand) on the axis of their unit. */
  markLines?: readonly { name: string; value: number; unit: string; color?: string }[];
  /** Shaded time spans (an event, a TOU peak window). */
  markAreas?: readonly { name: string; from: TimeInput; to: TimeInput; color?: string }[];
  dataZoom?: boolean;
  /** The time axis spans exactly this range (the one asked for), not only where data happens to be. */
  xRange?: { from: TimeInput; to: TimeInput };
  /** Display zone: an IANA name or minutes east of UTC (see @gridops/format); default: the locale's site zone. */
  tz?: number | string;
}

/**
 * Columnar history (contract `historySeries`: t[], and one of min/max/avg) to points. A gap longer than two
 * buckets gets a null point, so the line breaks instead of drawing across missing data.
 */
export function columnarToPoints(
  t: readonly number[],
  values: readonly number[],
  bucketMs?: number,
): TimePoint[] {
  const out: TimePoint[] = [];
  for (let i = 0; i < t.length; i++) {
    const prev = t[i - 1];
    const ti = t[i] as number;
    if (bucketMs && prev !== undefined && ti - prev > 2 * bucketMs) out.push([prev + bucketMs, null]);
    out.push([ti, values[i] ?? null]);
  }
  return out;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function patterns(
  granularity: TimeSeriesChartInput['granularity'],
  spanMs: number,
): { axis: string; tip: string } {
  if (granularity === 'month') return { axis: 'YYYY-MM', tip: 'YYYY-MM' };
  if (granularity === 'day') return { axis: 'MM-DD', tip: 'YYYY-MM-DD' };
  if (granularity === 'hour')
    return { axis: spanMs <= DAY ? 'HH:mm' : 'MM-DD HH:mm', tip: 'YYYY-MM-DD HH:mm' };
  return { axis: spanMs <= DAY ? 'HH:mm' : 'MM-DD HH:mm', tip: 'YYYY-MM-DD HH:mm:ss' };
}

const toData = (points: readonly TimePoint[], divisor: number): [number, number | null][] =>
  points.flatMap(([time, v]) => {
    const ms = toMillis(time);
    return ms === null ? [] : [[ms, divide(v, divisor)] as [number, number | null]];
  });

const BAND_MIN = 'band-min:';
const BAND_RANGE = 'band-range:';

/** Several series on a time axis, one y axis per unit (left, right, then further right), with dataZoom. */
function xLimits(range: TimeSeriesChartInput['xRange']): { min?: number; max?: number } {
  const min = range ? toMillis(range.from) : null;
  const max = range ? toMillis(range.to) : null;
  return min !== null && max !== null && max > min ? { min, max } : {};
}

export function buildTimeSeriesOption(input: TimeSeriesChartInput, locale: ChartLocale): ChartOption {
  const { t, lang } = locale;
  const precision = input.precision ?? 2;
  const units = [...new Set(input.series.map((s) => s.unit))];
  const scales = new Map<string, UnitScale>(
    units.map((u) => {
      const values = input.series
        .filter((s) => s.unit === u)
        .flatMap((s) => [...s.points, ...(s.band?.max ?? []), ...(s.band?.min ?? [])].map((p) => p[1]));
      const limits = (input.markLines ?? []).filter((m) => m.unit === u).map((m) => m.value);
      return [u, unitScaleFor([...values, ...limits], u, { lang })];
    }),
  );
  const scaleOf = (u: string): UnitScale => scales.get(u) ?? { divisor: 1, unit: u };

  const times = input.series
    .flatMap((s) => s.points.map((p) => toMillis(p[0])))
    .filter((v): v is number => v !== null);
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  const pat = patterns(input.granularity, span);
  const tz = { tz: input.tz ?? locale.tz };

  const yAxis: YAXisComponentOption[] = units.map((u, i) => ({
    type: 'value',
    name: scaleOf(u).unit,
    position: i === 0 ? 'left' : 'right',
    offset: i >= 2 ? (i - 1) * 56 : 0,
    alignTicks: i > 0,
    splitLine: { show: i === 0 },
  }));

  const series: (LineSeriesOption | BarSeriesOption)[] = [];
  // Limits go on the first line of their unit, so they use that line's y axis.
  const firstOfUnit = new Map<string, LineSeriesOption | BarSeriesOption>();
  input.series.forEach((s, i) => {
    const color = s.color ?? seriesColors[i % seriesColors.length];
    const { divisor } = scaleOf(s.unit);
    const yAxisIndex = units.indexOf(s.unit);
    if (s.band) {
      // The band is a transparent "min" line with "max − min" stacked on it; both carry the series' name so
      // the legend toggles them with their line, and their ids let the tooltip fold them into one row.
      const maxByTime = new Map(toData(s.band.max, divisor).map(([ms, v]) => [ms, v]));
      const min = toData(s.band.min, divisor);
      const range = min.map(([ms, lo]): [number, number | null] => {
        const hi = maxByTime.get(ms);
        return [ms, lo === null || hi === null || hi === undefined ? null : hi - lo];
      });
      const common = {
        type: 'line' as const,
        name: s.name,
        yAxisIndex,
        stack: `band-${i}`,
        symbol: 'none',
        silent: true,
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
      };
      series.push({ ...common, id: `${BAND_MIN}${i}`, data: min });
      series.push({ ...common, id: `${BAND_RANGE}${i}`, data: range, areaStyle: { color, opacity: 0.16 } });
    }
    const data = toData(s.points, divisor);
    const main: LineSeriesOption | BarSeriesOption =
      s.kind === 'bar'
        ? { type: 'bar', id: `s:${i}`, name: s.name, yAxisIndex, data, itemStyle: { color }, barMaxWidth: 24 }
        : {
            type: 'line',
            id: `s:${i}`,
            name: s.name,
            yAxisIndex,
            data,
            color,
            showSymbol: data.length < 60,
            symbolSize: 4,
            step: s.step ? 'end' : false,
            connectNulls: false,
            ...(s.area ? { areaStyle: { opacity: 0.12 } } : {}),
          };
    series.push(main);
    if (!firstOfUnit.has(s.unit)) firstOfUnit.set(s.unit, main);
  });

  for (const m of input.markLines ?? []) {
    const target = firstOfUnit.get(m.unit);
    if (!target) continue;
    const { divisor, unit } = scaleOf(m.unit);
    const v = m.value / divisor;
    const prev = target.markLine?.data ?? [];
    target.markLine = {
      symbol: 'none',
      silent: true,
      data: [
        ...prev,
        {
          name: m.name,
          yAxis: v,
          lineStyle: { color: m.color ?? '#ff4d4f', type: 'dashed' },
          label: {
            formatter: `${m.name} ${valueText(v, unit, precision, lang)}`,
            position: 'insideStartTop',
          },
        },
      ],
    };
  }
  const first = series.find((s) => typeof s.id === 'string' && s.id.startsWith('s:'));
  if (first && input.markAreas?.length)
    first.markArea = {
      silent: true,
      data: markAreaData(
        input.markAreas.flatMap((a) => {
          const from = toMillis(a.from);
          const to = toMillis(a.to);
          return from === null || to === null ? [] : [{ name: a.name, from, to, ...(a.color ? { color: a.color } : {}) }];
        }),
      ) as never,
    };

  const zoom = input.dataZoom ?? true;
  return {
    color: [...seriesColors],
    legend: { top: 0, left: 'center', type: 'scroll', data: input.series.map((s) => s.name) },
    grid: {
      left: 16,
      right: 16 + Math.max(0, units.length - 2) * 56,
      top: 52,
      bottom: zoom ? 48 : 16,
      containLabel: true,
    },
    toolbox: toolbox(locale, zoom),
    tooltip: axisTooltip((params) => {
      const head = params[0] ? formatDate((params[0].value as [number, unknown])[0], pat.tip, tz) : '';
      const band = new Map<string, { min: number | null; range: number | null }>();
      for (const p of params) {
        const id = p.seriesId ?? '';
        const v = (p.value as [number, number | null])[1];
        const key = id.startsWith(BAND_MIN)
          ? id.slice(BAND_MIN.length)
          : id.startsWith(BAND_RANGE)
            ? id.slice(BAND_RANGE.length)
            : null;
        if (key === null) continue;
        const b = band.get(key) ?? { min: null, range: null };
        band.set(key, id.startsWith(BAND_MIN) ? { ...b, min: v } : { ...b, range: v });
      }
      const rows = params
        .filter((p) => (p.seriesId ?? '').startsWith('s:'))
        .map((p) => {
          const idx = (p.seriesId ?? '').slice(2);
          const src = input.series[Number(idx)];
          const unit = scaleOf(src?.unit ?? '').unit;
          const v = (p.value as [number, number | null])[1];
          const b = band.get(idx);
          const extra =
            b && b.min !== null && b.range !== null
              ? ` <span style="opacity:.65">(${t('charts.min')} ${valueText(b.min, '', precision, lang)} ~ ${t('charts.max')} ${valueText(b.min + b.range, '', precision, lang)})</span>`
              : '';
          return `${markerHtml(p)}${escapeHtml(p.seriesName ?? '')}: <b>${valueText(v, unit, precision, lang)}</b>${extra}`;
        });
      return [escapeHtml(head), ...rows].join('<br/>');
    }),
    xAxis: {
      type: 'time',
      ...xLimits(input.xRange),
      axisLabel: { formatter: (v: number) => formatDate(v, pat.axis, tz), hideOverlap: true },
    },
    yAxis,
    ...(zoom
      ? {
          dataZoom: [
            { type: 'inside', filterMode: 'none' },
            {
              type: 'slider',
              height: 18,
              bottom: 8,
              filterMode: 'none',
              labelFormatter: (v: number) => formatDate(v, pat.tip, tz),
            },
          ],
        }
      : {}),
    series,
  };
}
