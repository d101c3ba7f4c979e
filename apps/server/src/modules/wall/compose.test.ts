import { describe, expect, it } from 'vitest';
import { dayCurve, sumCurves, sumLevels, topTransformers, weightedSoc, worstLevel } from './compose.js';

describe('wall sums', () => {
  it('adds levels and names the worst active one', () => {
    const s = sumLevels([{ 1: 1, 2: 0, 3: 2, 4: 0 }, { 1: 0, 2: 1, 3: 0, 4: 0 }]);
    expect(s).toEqual({ 1: 1, 2: 1, 3: 2, 4: 0 });
    expect(worstLevel(s)).toBe(3);
    expect(worstLevel({ 1: 0, 2: 0, 3: 0, 4: 0 })).toBe(0);
  });

  it('weights SOC by capacity and leaves out sites without storage or without a reading', () => {
    expect(weightedSoc([{ capacity_kwh: 1000, soc_pct: 80 }, { capacity_kwh: 3000, soc_pct: 40 }, { capacity_kwh: 0, soc_pct: null }, { capacity_kwh: 500, soc_pct: null }])).toEqual({
      capacity_kwh: 4500,
      soc_pct: 50,
      sites: 3,
    });
    expect(weightedSoc([{ capacity_kwh: 0, soc_pct: null }]).soc_pct).toBeNull();
  });

  it('sums day curves hour by hour; the hour under way and later ones are null, not 0', () => {
    const a = dayCurve([{ value: 10, mom_value: 9 }, { value: 12, mom_value: 11 }, { value: 3, mom_value: 13 }], 2);
    expect(a).toEqual({ today: [10, 12, null], yesterday: [9, 11, 13] });
    expect(sumCurves([a.today, [1.5, null, null]], 3)).toEqual([11.5, 12, null]);
  });

  it('ranks transformers over every site, unknown load rates left out', () => {
    const t = (device_id: number, load_rate: number | null) => ({ device_id, name: `T${device_id}`, load_rate, rated_kva: 800 });
    const top = topTransformers(
      [
        { project_id: 1, site_name: 'A', transformers: [t(1, 40), t(2, null), t(3, 90)] },
        { project_id: 2, site_name: 'B', transformers: [t(4, 60), t(5, 10), t(6, 55), t(7, 70)] },
      ],
      5,
    );
    expect(top.map((x) => [x.site_name, x.device_id, x.load_pct])).toEqual([['A', 3, 90], ['B', 7, 70], ['B', 4, 60], ['B', 6, 55], ['A', 1, 40]]);
  });
});
