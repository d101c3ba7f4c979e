import { SCALE_THRESHOLD, normalizeLang, scaleUnit } from '@gridops/format';
import type { NumericInput, ScaleUnitOptions, ScaledValue } from '@gridops/format';

/**
 * Apparent and reactive power are not in @gridops/format's unit table (it passes unknown units through), but
 * they scale exactly like kW: ÷1000 above 10000. They are mapped onto kW and renamed, so the threshold,
 * rounding and number/unit gap stay those of the format package.
 */
const POWER_ALIASES: Readonly<Record<string, readonly [base: string, scaled: string]>> = {
  VA: ['VA', 'kVA'],
  kVA: ['kVA', 'MVA'],
  var: ['var', 'kvar'],
  kvar: ['kvar', 'Mvar'],
};

/** `scaleUnit` of @gridops/format, plus VA/kVA/var/kvar (spec §9: capacity kVA → MVA above 10000). */
export function scaleValue(value: NumericInput, unit: string, options: ScaleUnitOptions = {}): ScaledValue {
  const alias = Object.hasOwn(POWER_ALIASES, unit) ? POWER_ALIASES[unit] : undefined;
  if (!alias) return scaleUnit(value, unit, options);
  const r = scaleUnit(value, unit.startsWith('k') ? 'kW' : 'W', options);
  const display = r.scaled ? alias[1] : alias[0];
  const gap = normalizeLang(options.lang) === 'en' ? ' ' : '';
  return {
    ...r,
    unit: display,
    text:
      r.value === null
        ? r.text
        : `${r.text.slice(0, r.text.length - r.unit.length).trimEnd()}${gap}${display}`,
  };
}

export interface UnitScale {
  /** Divide raw values by this for display (1, 1000 or 10000). */
  divisor: number;
  /** The display unit in the requested language. */
  unit: string;
}

/**
 * The one scale for a whole set of values (a chart axis, a table column): decided by the largest absolute
 * value, so every value on the axis shares one unit. Empty input keeps the base unit.
 */
export function unitScaleFor(
  values: Iterable<number | null | undefined>,
  unit: string,
  options: ScaleUnitOptions = {},
): UnitScale {
  let maxAbs = 0;
  for (const v of values)
    if (typeof v === 'number' && Number.isFinite(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
  const r = scaleValue(maxAbs, unit, { ...options, precision: 20 });
  if (!r.scaled || r.value === null || r.value === 0) return { divisor: 1, unit: r.unit };
  // The format package does not expose its divisor; maxAbs > 10000 so the ratio is 1000 or 10000 up to float noise.
  const ratio = maxAbs / r.value;
  return { divisor: Math.abs(ratio - 10_000) < Math.abs(ratio - 1_000) ? 10_000 : 1_000, unit: r.unit };
}

export { SCALE_THRESHOLD };
