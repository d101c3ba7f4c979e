import { describe, expect, it } from 'vitest';
import { expensePeriodsFixture } from './fixtures';
import { byId, callFormatter, localeFor, seriesOf, stripTags } from './testSupport';
import { buildTouStackOption, touBandsFromPeriods } from './touStack';

describe('TOU stacked bars', () => {
  it('turns expense periods into band columns (missing band → null)', () => {
    const r = touBandsFromPeriods(expensePeriodsFixture, 'cost', (k) => k.slice(5));
    expect(r.categories).toEqual(['05-01', '05-02']);
    expect(r.bands).toEqual({ sharp: [150, null], peak: [330, 330], flat: [260, 210], valley: [60, 60] });
  });

  it('stacks 尖/峰/平/谷 in order with their colours and a total in the tooltip', () => {
    const o = buildTouStackOption(
      { ...touBandsFromPeriods(expensePeriodsFixture, 'energy'), unit: 'kWh' },
      localeFor('zh'),
    );
    expect(seriesOf(o).map((s) => s.name)).toEqual(['尖', '峰', '平', '谷']);
    expect(seriesOf(o).every((s) => s.stack === 'tou')).toBe(true);
    expect(byId(o, 'sharp')).toMatchObject({ itemStyle: { color: '#ff4d4f' }, data: [100, null] });
    const tip = callFormatter(o.tooltip, [
      { seriesName: '峰', value: 300, dataIndex: 1 },
      { seriesName: '平', value: 400, dataIndex: 1 },
      { seriesName: '谷', value: 200, dataIndex: 1 },
    ]);
    expect(tip.split('<br/>').map(stripTags)).toEqual([
      '2024-05-02',
      '峰: 300.00kWh',
      '平: 400.00kWh',
      '谷: 200.00kWh',
      '合计: 900.00kWh',
    ]);
  });

  it('names the bands as grid operators do in English: critical peak, peak, flat, off-peak', () => {
    const o = buildTouStackOption({ ...touBandsFromPeriods(expensePeriodsFixture, 'cost'), unit: '元' }, localeFor('en'));
    expect(seriesOf(o).map((s) => s.name)).toEqual(['Critical peak', 'Peak', 'Flat', 'Off-peak']);
    expect(JSON.stringify(seriesOf(o).map((s) => s.name))).not.toMatch(/Sharp|Valley|[\u3400-\u9fff]/);
  });

  it('scales the axis by the largest stacked total and can lie horizontally', () => {
    const o = buildTouStackOption(
      { categories: ['A'], bands: { peak: [8000], flat: [7000] }, unit: '元', horizontal: true },
      localeFor('en'),
    );
    expect(o.xAxis).toMatchObject({ type: 'value', name: 'k CNY' });
    expect(o.yAxis).toMatchObject({ type: 'category', data: ['A'] });
    expect(seriesOf(o).map((s) => s.name)).toEqual(['Peak', 'Flat']);
    expect(byId(o, 'peak').data).toEqual([8]);
  });
});
