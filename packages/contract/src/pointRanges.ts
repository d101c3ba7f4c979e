import type { PointKind } from './devices.js';

/** Inclusive bounds a point's value must lie within to be stored. */
export interface ValueRange {
  min: number;
  max: number;
}

/**
 * Physically sane values per point type. The bounds are generous on purpose (a 35 kV incomer, a 10 GW plant, a
 * terawatt-hour meter all fit): they exist to refuse what no instrument can measure (1e308, a −5 000 °C cable),
 * which would otherwise poison rollups and alarms. Applied at decode; docs/gateway-protocol.md lists them.
 */
const BY_UNIT: Record<string, ValueRange> = {
  V: { min: -1e6, max: 1e6 },
  A: { min: -1e6, max: 1e6 },
  mA: { min: -1e7, max: 1e7 },
  kW: { min: -1e7, max: 1e7 },
  kvar: { min: -1e7, max: 1e7 },
  kVA: { min: -1e7, max: 1e7 },
  Hz: { min: 0, max: 1000 },
  '%': { min: -1000, max: 1000 },
  '%RH': { min: 0, max: 100 },
  '°C': { min: -273.15, max: 3000 },
  'm³/h': { min: -1e7, max: 1e7 },
};

/** Points whose meaning bounds them more tightly than their unit does. */
const BY_KEY: Record<string, ValueRange> = {
  PF: { min: -1, max: 1 },
  SOC: { min: 0, max: 100 },
  SOH: { min: 0, max: 100 },
};

/** Cumulative totals (kWh, m³, GJ) never go below zero; a terawatt-hour register is the largest we expect. */
const COUNTER: ValueRange = { min: 0, max: 1e12 };
const DIGITAL: ValueRange = { min: 0, max: 1 };
/** A point of a unit not listed above (a site's own point): still finite and far from overflowing a sum. */
const FALLBACK: ValueRange = { min: -1e12, max: 1e12 };

/** The range a point's values must lie in, from its kind, key and unit (device catalogue or a site's own point). */
export function pointValueRange(point: { key: string; unit: string; kind: PointKind }): ValueRange {
  if (point.kind === 'digital') return DIGITAL;
  if (point.kind === 'counter') return COUNTER;
  return BY_KEY[point.key] ?? BY_UNIT[point.unit] ?? FALLBACK;
}
