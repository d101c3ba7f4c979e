import { describe, expect, it } from 'vitest';
import { pfAdjustmentPct } from './powerFactor.js';

/** Values from the three tables of 《功率因数调整电费办法》(〔83〕水电财字第215号). */
describe('power-factor adjustment', () => {
  it('0.90 standard', () => {
    const cases: [number, number][] = [
      [1, -0.75], [0.96, -0.75], [0.95, -0.75], [0.94, -0.6], [0.93, -0.45], [0.92, -0.3], [0.91, -0.15],
      [0.9, 0], [0.89, 0.5], [0.85, 2.5], [0.8, 5], [0.75, 7.5], [0.7, 10], [0.69, 11], [0.65, 15],
      [0.64, 17], [0.6, 25],
    ];
    for (const [pf, pct] of cases) expect(pfAdjustmentPct(pf, 0.9), `pf ${pf}`).toBeCloseTo(pct, 10);
  });
  it('0.85 standard', () => {
    const cases: [number, number][] = [
      [1, -1.1], [0.94, -1.1], [0.93, -0.95], [0.92, -0.8], [0.91, -0.65], [0.9, -0.5], [0.86, -0.1],
      [0.85, 0], [0.84, 0.5], [0.65, 10], [0.64, 11], [0.6, 15], [0.59, 17],
    ];
    for (const [pf, pct] of cases) expect(pfAdjustmentPct(pf, 0.85), `pf ${pf}`).toBeCloseTo(pct, 10);
  });
  it('0.80 standard', () => {
    const cases: [number, number][] = [
      [1, -1.3], [0.92, -1.3], [0.91, -1.15], [0.9, -1], [0.85, -0.5], [0.81, -0.1], [0.8, 0],
      [0.79, 0.5], [0.6, 10], [0.55, 15], [0.54, 17],
    ];
    for (const [pf, pct] of cases) expect(pfAdjustmentPct(pf, 0.8), `pf ${pf}`).toBeCloseTo(pct, 10);
  });
  it('rounds the power factor to two decimals first', () => {
    expect(pfAdjustmentPct(0.8949, 0.9)).toBe(0.5);
    expect(pfAdjustmentPct(0.8951, 0.9)).toBe(0);
  });
});
