import { describe, expect, it } from 'vitest';
import { hasChartData } from '../hasChartData';
import { historyFixture, HOUR_MS, T0_FIXTURE } from './fixtures';
import { buildTimeSeriesOption, columnarToPoints } from './timeSeries';
import type { TimeSeriesChartInput } from './timeSeries';
import { byId, callFormatter, localeFor, seriesOf, stripTags } from './testSupport';

const [power, volt] = historyFixture.series as [
  (typeof historyFixture.series)[number],
  (typeof historyFixture.series)[number],
];
const input: TimeSeriesChartInput = {
  granularity: 'hour',
  tz: 480,
  series: [
    {
      name: power.name,
      unit: power.unit,
      points: columnarToPoints(power.t, power.avg, historyFixture.bucket_ms),
      band: {
        min: columnarToPoints(power.t, power.min, historyFixture.bucket_ms),
        max: columnarToPoints(power.t, power.max, historyFixture.bucket_ms),
      },
    },
    {
      name: volt.name,
      unit: volt.unit,
      points: columnarToPoints(volt.t, volt.avg, historyFixture.bucket_ms),
    },
  ],
  markLines: [{ name: '需量', value: 20000, unit: 'kW' }],
  markAreas: [{ name: '峰', from: T0_FIXTURE + HOUR_MS, to: T0_FIXTURE + 2 * HOUR_MS }],
};

describe('columnarToPoints', () => {
  it('spans the time axis over the range asked for, when given one', () => {
    const from = T0_FIXTURE - 24 * HOUR_MS;
    const to = T0_FIXTURE + 48 * HOUR_MS;
    expect(buildTimeSeriesOption({ ...input, xRange: { from, to } }, localeFor('zh')).xAxis).toMatchObject({ type: 'time', min: from, max: to });
    expect(buildTimeSeriesOption({ ...input, xRange: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } }, localeFor('zh')).xAxis).toMatchObject({ min: from, max: to });
    const auto = buildTimeSeriesOption(input, localeFor('zh')).xAxis as Record<string, unknown>;
    expect([auto.min, auto.max]).toEqual([undefined, undefined]);
    const backwards = buildTimeSeriesOption({ ...input, xRange: { from: to, to: from } }, localeFor('zh')).xAxis as Record<string, unknown>;
    expect(backwards.min).toBeUndefined();
  });

  it('breaks the line where a bucket is missing', () => {
    const pts = columnarToPoints(power.t, power.avg, HOUR_MS);
    expect(pts).toHaveLength(5);
    expect(pts[3]).toEqual([T0_FIXTURE + 3 * HOUR_MS, null]);
    // Exactly two buckets apart is not a gap (contract: break when the step is more than 2 × bucket_ms).
    expect(columnarToPoints([0, 2 * HOUR_MS], [1, 2], HOUR_MS)).toHaveLength(2);
    expect(columnarToPoints(power.t, power.avg)).toHaveLength(4);
  });
});

describe('buildTimeSeriesOption', () => {
  const o = buildTimeSeriesOption(input, localeFor('zh'));

  it('puts each unit on its own axis, scaled by the largest value (kW → MW)', () => {
    expect(o.yAxis).toMatchObject([
      { name: 'MW', position: 'left' },
      { name: 'V', position: 'right' },
    ]);
    const main = byId(o, 's:0');
    expect(main.data?.[0]).toEqual([T0_FIXTURE, 12]);
    expect(main.yAxisIndex).toBe(0);
    expect(byId(o, 's:1')).toMatchObject({
      yAxisIndex: 1,
      data: expect.arrayContaining([[T0_FIXTURE, 230]]),
    });
  });

  it('draws the min/max band as a stacked pair named like its line', () => {
    const min = byId(o, 'band-min:0');
    const range = byId(o, 'band-range:0');
    expect(min).toMatchObject({ name: power.name, stack: 'band-0' });
    expect(range.data?.[0]).toEqual([T0_FIXTURE, 2]);
    expect((o.legend as { data: string[] }).data).toEqual([power.name, 'Ua']);
  });

  it('adds limits on the axis of their unit and shaded time spans', () => {
    const main = byId(o, 's:0') as {
      markLine?: { data: { yAxis: number }[] };
      markArea?: { data: unknown[] };
    };
    expect(main.markLine?.data[0]?.yAxis).toBe(20);
    expect(main.markArea?.data).toHaveLength(1);
  });

  it('has dataZoom and a localised toolbox', () => {
    expect(o.dataZoom).toHaveLength(2);
    expect(JSON.stringify(o.toolbox)).toContain('保存为图片');
    expect(
      JSON.stringify(buildTimeSeriesOption({ ...input, dataZoom: false }, localeFor('en')).toolbox),
    ).toContain('Save as image');
    expect(buildTimeSeriesOption({ ...input, dataZoom: false }, localeFor('en')).dataZoom).toBeUndefined();
  });

  it('formats the time axis and the tooltip (value, unit, band) in the display zone', () => {
    const axis = o.xAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(axis.axisLabel.formatter(T0_FIXTURE + 2 * HOUR_MS)).toBe('02:00');
    const week = buildTimeSeriesOption(
      {
        ...input,
        series: [
          {
            name: 'x',
            unit: 'kW',
            points: [
              [T0_FIXTURE, 1],
              [T0_FIXTURE + 48 * HOUR_MS, 2],
            ],
          },
        ],
      },
      localeFor('zh'),
    );
    expect((week.xAxis as typeof axis).axisLabel.formatter(T0_FIXTURE + 26 * HOUR_MS)).toBe('05-02 02:00');
    const tip = callFormatter(o.tooltip, [
      { seriesId: 'band-min:0', value: [T0_FIXTURE, 11] },
      { seriesId: 'band-range:0', value: [T0_FIXTURE, 2] },
      { seriesId: 's:0', seriesName: power.name, value: [T0_FIXTURE, 12], marker: '' },
      { seriesId: 's:1', seriesName: 'Ua', value: [T0_FIXTURE, 230], marker: '' },
    ]);
    expect(tip.split('<br/>').map(stripTags)).toEqual([
      '2024-05-01 00:00',
      '1#进线有功功率: 12.00MW (最小值 11.00 ~ 最大值 13.00)',
      'Ua: 230.00V',
    ]);
  });

  it('escapes series names in the tooltip', () => {
    const tip = callFormatter(o.tooltip, [
      { seriesId: 's:1', seriesName: '<img src=x>', value: [T0_FIXTURE, 1] },
    ]);
    expect(tip).not.toContain('<img');
    expect(tip).toContain('&#60;img');
  });

  it('is empty without values', () => {
    expect(hasChartData(o)).toBe(true);
    expect(hasChartData(buildTimeSeriesOption({ series: [] }, localeFor('zh')))).toBe(false);
    expect(
      hasChartData(
        buildTimeSeriesOption(
          { series: [{ name: 'x', unit: 'kW', points: [[T0_FIXTURE, null]] }] },
          localeFor('zh'),
        ),
      ),
    ).toBe(false);
    expect(seriesOf(buildTimeSeriesOption({ series: [] }, localeFor('zh')))).toEqual([]);
  });
});
