import { SCALE_THRESHOLD, scaleUnit } from '@gridops/format';
import type { ScaleUnitOptions } from '@gridops/format';

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
  const r = scaleUnit(maxAbs, unit, options);
  return { divisor: r.divisor, unit: r.unit };
}

export { SCALE_THRESHOLD };
