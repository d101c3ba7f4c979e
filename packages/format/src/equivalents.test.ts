import { describe, expect, it } from 'vitest';
import { formatTrees, treesForCo2Kg, treesForCo2T, treesPrecision } from './equivalents.js';

describe('tree equivalents', () => {
  it('turns 477.30 t of CO2 into one figure with one rounding', () => {
    expect(treesForCo2T(477.3)).toBe(26_082);
    expect(treesForCo2Kg(477_300)).toBe(26_082);
    expect(formatTrees(treesForCo2T(477.3), 'zh').text).toBe('2.61万棵');
    expect(formatTrees(treesForCo2T(477.3), 'en').text).toBe('26.08 k trees');
  });

  it('shows whole trees up to ten thousand and nothing without a value', () => {
    expect(treesPrecision(850)).toBe(0);
    expect(treesPrecision(10_000)).toBe(0);
    expect(treesPrecision(-10_001)).toBe(2);
    expect(formatTrees(850, 'zh').text).toBe('850棵');
    expect(formatTrees(850, 'en').text).toBe('850 trees');
    expect(formatTrees(0, 'en').text).toBe('0 trees');
    expect(formatTrees(null, 'zh').text).toBe('-');
    expect(formatTrees(Number.NaN, 'en').text).toBe('-');
  });
});
