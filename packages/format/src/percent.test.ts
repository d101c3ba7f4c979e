import { describe, expect, it } from 'vitest';
import { percentChange, percentOf } from './percent.js';

describe('percentChange', () => {
  it('is the change against the base in percent', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(75, 100)).toBe(-25);
    expect(percentChange(0, 100)).toBe(-100);
  });
  it('reads a rise against a negative base as a rise', () => {
    expect(percentChange(-50, -100)).toBe(50);
  });
  it('is null without a usable base or value', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(10, null)).toBeNull();
    expect(percentChange(null, 10)).toBeNull();
    expect(percentChange(10, Number.NaN)).toBeNull();
    expect(percentChange(Number.POSITIVE_INFINITY, 10)).toBeNull();
  });
});

describe('percentOf', () => {
  it('is the share in percent, null for a whole that is not positive', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(1, 0)).toBeNull();
    expect(percentOf(1, -2)).toBeNull();
  });
});
