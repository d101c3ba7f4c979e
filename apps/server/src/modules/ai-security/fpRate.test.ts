import { describe, expect, it } from 'vitest';
import { fpRate } from './fpRate.js';

describe('false-positive rate', () => {
  it('is false positives over reviewed detections, null when none was reviewed', () => {
    expect(fpRate(3, 1)).toBe(0.25);
    expect(fpRate(0, 2)).toBe(1);
    expect(fpRate(5, 0)).toBe(0);
    expect(fpRate(0, 0)).toBeNull();
  });
});
