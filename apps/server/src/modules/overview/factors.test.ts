import { describe, expect, it } from 'vitest';
import { co2Kg, coalKgce, treesFor } from './factors.js';

describe('factors', () => {
  it('converts with the documented factors', () => {
    expect(co2Kg('power', 1000)).toBeCloseTo(570.3, 6); // 0.5703 kgCO2/kWh
    expect(co2Kg('gas', 100)).toBeCloseTo(216.22, 6); // 2.1622 kgCO2/m³
    expect(co2Kg('heat', 10)).toBeCloseTo(1100, 6); // 0.11 tCO2/GJ
    expect(co2Kg('water', 100)).toBe(0);
    expect(coalKgce('power', 10_000)).toBeCloseTo(1229, 6);
    expect(coalKgce('gas', 1000)).toBeCloseTo(1214.3, 6);
    expect(coalKgce('water', 1000)).toBeCloseTo(85.7, 6);
    expect(coalKgce('heat', 1)).toBeCloseTo(34.12, 6); // 1 GJ = 1000 MJ × 0.03412
    expect(treesFor(1830)).toBe(100);
    expect(treesFor(477_300)).toBe(26_082); // 477.30 t: "2.61万棵" on every page
  });
});
