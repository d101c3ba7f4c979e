import { describe, expect, it } from 'vitest';
import { breakAtGaps, commonGaps, findGaps, GAP_COLOR, markAreaData, medianStep, withGaps } from './gaps';
import { outageFixture as o } from './fixtures';
import { columnarToPoints } from './timeSeries';

describe('data gaps', () => {
  it('finds the outage and the missing end of the range, not the regular spacing', () => {
    expect(medianStep(o.t)).toBe(60_000);
    expect(findGaps(o.t, { range: { from: o.from, to: o.to } })).toEqual(o.gaps);
    // Without the range, only the hole between samples.
    expect(findGaps(o.t)).toEqual([o.gaps[0]]);
    // A larger k or expected interval tolerates more.
    expect(findGaps(o.t, { expectedMs: 3_600_000 })).toEqual([]);
  });

  it('an empty series over a range is one gap over all of it; nothing to say without a range', () => {
    expect(findGaps([], { range: { from: 0, to: 10 } })).toEqual([{ from: 0, to: 10 }]);
    expect(findGaps([])).toEqual([]);
    expect(findGaps([5])).toEqual([]);
  });

  it('breaks the line with a null at the start of each gap, keeping every sample', () => {
    const points = columnarToPoints(o.t, o.avg);
    const broken = breakAtGaps(points, o.gaps);
    expect(broken).toHaveLength(points.length + 1);
    expect(broken[10]).toEqual([o.gaps[0]!.from, null]);
    expect(broken.filter((p) => p[1] !== null)).toEqual(points);
  });

  it('builds "no data" bands as markArea pairs, on a time or a category axis', () => {
    const g = withGaps(columnarToPoints(o.t, o.avg), '无数据', { range: { from: o.from, to: o.to } });
    expect(g.gaps).toEqual(o.gaps);
    expect(g.areas).toEqual(o.gaps.map((x) => ({ name: '无数据', ...x, color: GAP_COLOR })));
    expect(markAreaData(g.areas)[0]).toEqual([{ name: '无数据', xAxis: o.gaps[0]!.from, itemStyle: { color: GAP_COLOR } }, { xAxis: o.gaps[0]!.to }]);
    expect(markAreaData(g.areas, (ms) => `t${ms}`)[1]![1]).toEqual({ xAxis: `t${o.gaps[1]!.to}` });
  });

  it('a band for several series covers only where all of them miss data', () => {
    expect(commonGaps([[{ from: 0, to: 10 }], [{ from: 5, to: 20 }]])).toEqual([{ from: 5, to: 10 }]);
    expect(commonGaps([[{ from: 0, to: 10 }], []])).toEqual([]);
  });
});
