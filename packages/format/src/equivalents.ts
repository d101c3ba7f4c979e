import type { Lang } from './lang.js';
import { SCALE_THRESHOLD, scaleUnit, type ScaledValue } from './unit.js';

/**
 * CO₂ equivalents shown to people ("相当于植树"): one conversion and one rounding for every page and the
 * server, so 477.30 t avoided reads "2.61万棵" everywhere (docs/energy-model.md, "Carbon").
 */

/** kg of CO₂ one tree absorbs in a year (the factor table lists it with its source). */
export const TREE_CO2_KG_PER_YEAR = 18.3;

/** Whole trees that absorb `co2Kg` in a year. */
export const treesForCo2Kg = (co2Kg: number): number => Math.round(co2Kg / TREE_CO2_KG_PER_YEAR);

/** Trees for tonnes of CO₂ (the carbon pages' display unit). */
export const treesForCo2T = (co2T: number): number => treesForCo2Kg(co2T * 1000);

/**
 * Fraction digits of a tree count: whole trees, or 2 once scaled (万棵 / k trees) — the same threshold as
 * {@link scaleUnit}, so 10 000 trees read "10,000棵", never "10,000.00棵".
 */
export const treesPrecision = (trees: number | null | undefined): number =>
  typeof trees === 'number' && Math.abs(trees) > SCALE_THRESHOLD ? 2 : 0;

/** A tree count as shown: "2.61万棵", "26.08 k trees", "850棵", "850 trees". */
export function formatTrees(trees: number | null | undefined, lang?: Lang): ScaledValue {
  return scaleUnit(trees, '棵', { lang, precision: treesPrecision(trees) });
}
