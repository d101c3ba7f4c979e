import { describe, expect, it } from 'vitest';
import { apparentKva, combinedPowerFactor, combinedPowerFactorOf, reactiveKvar, transformerLoadPct } from './derived.js';

describe('derived electrical figures', () => {
  it('transformer load rate is S / kVA with S = P / PF (the 2#变压器 card of issue 26)', () => {
    expect(transformerLoadPct(94.44, 0.934, 800)).toBeCloseTo(12.64, 2);
    expect(transformerLoadPct(640, 0.8, 800)).toBeCloseTo(100, 6);
  });

  it('is unknown, not 0, without P, PF or a rating', () => {
    expect(transformerLoadPct(null, 0.9, 800)).toBeNull();
    expect(transformerLoadPct(100, null, 800)).toBeNull();
    expect(transformerLoadPct(100, 0, 800)).toBeNull();
    expect(transformerLoadPct(100, 0.9, 0)).toBeNull();
    expect(transformerLoadPct(100, 0.9, null)).toBeNull();
    expect(apparentKva(100, 1.2)).toBeNull();
  });

  it('reactive power and the power factor from P and Q round-trip', () => {
    const q = reactiveKvar(300, 0.8)!;
    expect(q).toBeCloseTo(225, 6);
    expect(combinedPowerFactor(300, q)).toBeCloseTo(0.8, 9);
    expect(combinedPowerFactor(0, 0)).toBeNull();
    expect(combinedPowerFactor(100, 0)).toBe(1);
  });

  it('combines circuits by ΣP and ΣQ, not by averaging their power factors', () => {
    // 500 kW at 0.95 and 5 kW at 0.5: the mean PF would be 0.725; the combined one stays near 0.94.
    const pf = combinedPowerFactorOf([{ kw: 500, pf: 0.95 }, { kw: 5, pf: 0.5 }, { kw: null, pf: 0.9 }])!;
    const p = 505;
    const q = 500 * Math.tan(Math.acos(0.95)) + 5 * Math.tan(Math.acos(0.5));
    expect(pf).toBeCloseTo(p / Math.hypot(p, q), 12);
    expect(pf).toBeGreaterThan(0.93);
    expect(combinedPowerFactorOf([])).toBeNull();
  });
});
