import { describe, expect, it } from 'vitest';
import { changePct, compare, describeChange } from './change';

describe('changePct', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [0, 100, -100],
    [50, -100, 150],
    [100, 0, null],
    [100, null, null],
    [null, 100, null],
    ['', 100, null],
    [100, undefined, null],
  ] as const)('%s vs %s → %s', (c, p, pct) => {
    const r = changePct(c, p);
    if (pct === null) expect(r).toBeNull();
    else expect(r).toBeCloseTo(pct, 10);
  });
});

describe('describeChange', () => {
  it('shows the arrow, one decimal and the direction', () => {
    expect(describeChange(12.345)).toEqual({ pct: 12.345, direction: 'up', text: '↑12.3%' });
    expect(describeChange(-4)).toEqual({ pct: -4, direction: 'down', text: '↓4.0%' });
    expect(describeChange(1234.5, 0)).toMatchObject({ text: '↑1,235%' });
  });
  it('has no arrow for a change that rounds to zero', () => {
    expect(describeChange(0.04)).toMatchObject({ direction: 'flat', text: '0.0%' });
    expect(describeChange(-0.04)).toMatchObject({ direction: 'flat', text: '0.0%' });
  });
  it("shows '-' without a base", () => {
    expect(describeChange(null)).toEqual({ pct: null, direction: null, text: '-' });
    expect(describeChange(Number.POSITIVE_INFINITY).text).toBe('-');
    expect(compare(5, 0).text).toBe('-');
    expect(compare(120, 100).text).toBe('↑20.0%');
  });
});
