import { describe, expect, it } from 'vitest';
import { buildComparisonOption } from './comparison';
import { statsBucketsFixture } from './fixtures';
import { byId, callFormatter, localeFor, stripTags } from './testSupport';

const base = {
  categories: statsBucketsFixture.map((b) => b.key.slice(5)),
  current: statsBucketsFixture.map((b) => b.value),
  unit: 'kWh',
};

describe('buildComparisonOption', () => {
  it('pairs current and previous bars, scaled together, with the rate on a % axis', () => {
    const o = buildComparisonOption(
      { ...base, previous: statsBucketsFixture.map((b) => b.mom_value), mode: 'mom' },
      localeFor('zh'),
    );
    expect(o.yAxis).toMatchObject([{ name: '万kWh' }, { name: '%' }]);
    expect(byId(o, 'current')).toMatchObject({ name: '本期', data: [1.2, 0.9, 0] });
    expect(byId(o, 'previous')).toMatchObject({ name: '上期', data: [1, 1, 0] });
    // Zero base → no rate (null), never Infinity.
    expect(byId(o, 'change')).toMatchObject({ name: '环比', yAxisIndex: 1, data: [20, -10, null] });
  });

  it('names the year-on-year series and takes the server rate when given', () => {
    const o = buildComparisonOption(
      {
        ...base,
        previous: statsBucketsFixture.map((b) => b.yoy_value),
        changePct: statsBucketsFixture.map((b) => b.yoy_pct),
        mode: 'yoy',
      },
      localeFor('en'),
    );
    expect(byId(o, 'previous').name).toBe('Last year');
    expect(byId(o, 'change')).toMatchObject({ name: 'YoY', data: [null, 12.5, null] });
    expect((o.yAxis as { name: string }[])[0]?.name).toBe('MWh');
    const tip = callFormatter(o.tooltip, [
      { seriesId: 'current', seriesName: 'Current', value: 9, dataIndex: 1, marker: '' },
      { seriesId: 'previous', seriesName: 'Last year', value: 8, dataIndex: 1, marker: '' },
      { seriesId: 'change', seriesName: 'YoY', value: 12.5, dataIndex: 1 },
    ]);
    expect(tip.split('<br/>').map(stripTags)).toEqual([
      '05-02',
      'Current: 9.00 MWh',
      'Last year: 8.00 MWh',
      'YoY: ↑12.5%',
    ]);
    const tip0 = callFormatter(o.tooltip, [
      { seriesId: 'current', seriesName: 'Current', value: 12, dataIndex: 0 },
    ]);
    expect(stripTags(tip0)).toContain('YoY: -');
  });

  it("names why a bucket's change is '-' in the tooltip (base not covered since a date / base zero)", () => {
    const input = {
      ...base,
      previous: statsBucketsFixture.map((b) => b.yoy_value),
      changePct: [null, 12.5, null],
      changeReason: ['base_not_covered', null, 'base_zero'] as const,
      since: '2024-04-10',
      mode: 'yoy' as const,
    };
    const tipAt = (lang: 'zh' | 'en', i: number) =>
      stripTags(callFormatter(buildComparisonOption(input, localeFor(lang)).tooltip, [{ seriesId: 'current', seriesName: 'c', value: 1, dataIndex: i }]));
    expect(tipAt('en', 0)).toContain('The base period starts before the data does (data since 2024-04-10)');
    expect(tipAt('zh', 2)).toContain('对比基期为 0');
    expect(tipAt('en', 1)).not.toContain('base period');
  });

  it('can leave the rate line out', () => {
    const o = buildComparisonOption(
      { ...base, previous: [1, 2, 3], mode: 'mom', showChange: false },
      localeFor('zh'),
    );
    expect(() => byId(o, 'change')).toThrow();
  });
});
