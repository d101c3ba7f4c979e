/**
 * Power-factor adjustment of the electricity bill (力调电费), per 《功率因数调整电费办法》 (水利电力部、国家物价局
 * 〔83〕水电财字第215号, 1983), still the national basis of every provincial tariff. Three tables by the standard
 * value the user is assessed against: 0.90 (industrial users ≥ 160 kVA), 0.85 (other users ≥ 100 kVA, large
 * agricultural users), 0.80 (agricultural and wholesale users). The month's power factor is rounded to two
 * decimals; the percentage applies to the month's basic charge + energy charge (not to surcharges or funds).
 * Positive = surcharge (增收), negative = reduction (减收).
 *
 * Each table, as published: above the standard the reduction grows in steps up to a cap; below it the surcharge
 * is 0.5 % per 0.01 for the first 0.20, then 1 % per 0.01 for the next 0.05, then 2 % per 0.01 below that.
 */

/** Reduction (%) per 0.01 above the standard, in hundredths of PF; the last value holds up to 1.00. */
const REDUCTION: Record<string, number[]> = {
  // 0.91 … 0.95–1.00
  '0.9': [0.15, 0.3, 0.45, 0.6, 0.75],
  // 0.86 … 0.94–1.00
  '0.85': [0.1, 0.2, 0.3, 0.4, 0.5, 0.65, 0.8, 0.95, 1.1],
  // 0.81 … 0.92–1.00
  '0.8': [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.15, 1.3],
};

/** Adjustment in % for a month's power factor against a standard (0.90, 0.85 or 0.80). */
export function pfAdjustmentPct(powerFactor: number, standard: number): number {
  const table = REDUCTION[String(standard)];
  if (!table) throw new Error(`no power-factor table for standard ${standard}`);
  // Rounded to 0.01 as the standard does; integers of hundredths avoid float steps.
  const pf = Math.round(Math.min(Math.max(powerFactor, 0), 1) * 100);
  const std = Math.round(standard * 100);
  if (pf >= std) {
    const above = pf - std;
    return above === 0 ? 0 : -table[Math.min(above, table.length) - 1]!;
  }
  const below = std - pf;
  if (below <= 20) return below * 0.5;
  if (below <= 25) return 10 + (below - 20) * 1;
  return 15 + (below - 25) * 2;
}
