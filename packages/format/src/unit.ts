import { EMPTY_TEXT, normalizeLang } from './lang.js';
import type { Lang } from './lang.js';
import { formatNumber, normalizePrecision, round, toNumber } from './number.js';
import type { NumericInput } from './number.js';

/**
 * The one language-aware magnitude formatter of the console (spec §9, issue 11 items 4 and 6): every page,
 * chart axis, table column and export that shows a scaled figure goes through {@link scaleUnit} (or
 * `unitScaleFor` in the web app, which asks it for one divisor per axis), so one figure has one unit and one
 * rounding everywhere.
 *
 * Thresholds (the same in both languages; "above" is strict, the raw value before rounding decides, negative
 * values by their absolute value):
 *
 * | family | zh | en |
 * | --- | --- | --- |
 * | money, counts, mass, volume (元, 度, 吨/t, m³, 棵) | > 10 000 → 万 (÷10⁴); > 100 000 000 → 亿 (÷10⁸) | > 10 000 → k (÷10³); > 10 000 000 → M (÷10⁶) |
 * | kWh | as above (万kWh / 亿kWh), or MWh / GWh with `kwhScale: 'thousand'` | > 10 000 → MWh; > 10 000 000 → GWh |
 * | power (W, kW, kW·h, VA, kVA, var, kvar) | > 10 000 → one SI step ÷10³ (kW → MW), never two | the same |
 *
 * English never writes "10k" or a Chinese unit: 元 is CNY ("155.60 k CNY", "1.20 M CNY"), tonnes take SI
 * prefixes ("21.70 kt", "1.50 Mt"), 度 is kWh, 棵 is trees ("26.08 k trees"). Chinese keeps 万/亿
 * ("2.17万吨", "15.55万元", "2.61万棵", "1.23亿元"). Numbers always carry thousands separators.
 */

/**
 * How `kWh` scales in Chinese. It appears in both families of spec §9, so it is an option:
 * - `'ten-thousand'` (zh default): kWh → 万kWh → 亿kWh — the Chinese-business reading;
 * - `'thousand'`: kWh → MWh → GWh — the SI / technical reading.
 * English always uses the thousand reading (MWh / GWh); the option is ignored there, so English never shows
 * "10k kWh". `kW·h` always scales one step by 1000 (→ MW·h); `度` follows the kWh rule (万度 / MWh).
 */
export type KwhScale = 'ten-thousand' | 'thousand';

export interface ScaleUnitOptions {
  /** Display language, default `'zh'`; it selects unit names, prefixes and the number/unit gap. */
  lang?: Lang;
  /** Fraction digits of `value` and `text`, default 2 (clamped to 0–20), rounded half away from zero. */
  precision?: number;
  /** See {@link KwhScale} (Chinese only). */
  kwhScale?: KwhScale;
}

export interface ScaledValue {
  /** The (possibly scaled) value rounded to `precision`; `null` when the input was empty or non-numeric. */
  value: number | null;
  /** The display unit in the requested language (e.g. `'万元'`, `'k CNY'`, `'MW'`). */
  unit: string;
  /** `value` with thousands separators and exactly `precision` digits, then the unit; `'-'` when empty. */
  text: string;
  /** Whether the value was divided. */
  scaled: boolean;
  /** What the value was divided by: 1, 10³, 10⁴, 10⁶ or 10⁸ (one axis or column can share it). */
  divisor: number;
}

/** A value scales when its absolute value is **strictly greater** than this (spec "above 10000"). */
export const SCALE_THRESHOLD = 10_000;
/** English second step (k → M, MWh → GWh): strictly greater than ten million base units. */
export const EN_MEGA_THRESHOLD = 10_000_000;
/** Chinese second step (万 → 亿): strictly greater than one hundred million base units. */
export const ZH_YI_THRESHOLD = 100_000_000;

/** One scaling ladder: the base name, then [threshold, divisor, name] steps from the largest down. */
interface Ladder {
  base: string;
  steps: readonly (readonly [threshold: number, divisor: number, name: string])[];
}

const zh10k = (base: string, wan: string, yi: string): Ladder => ({
  base,
  steps: [
    [ZH_YI_THRESHOLD, 100_000_000, yi],
    [SCALE_THRESHOLD, 10_000, wan],
  ],
});
const enSi = (base: string, kilo: string, mega: string): Ladder => ({
  base,
  steps: [
    [EN_MEGA_THRESHOLD, 1_000_000, mega],
    [SCALE_THRESHOLD, 1_000, kilo],
  ],
});
const oneStep = (base: string, next: string): Ladder => ({ base, steps: [[SCALE_THRESHOLD, 1_000, next]] });

const KWH_THOUSAND = enSi('kWh', 'MWh', 'GWh');
const KWH_ZH = zh10k('kWh', '万kWh', '亿kWh');

interface UnitRule {
  zh: Ladder;
  en: Ladder;
  /** Chinese ladder when `kwhScale: 'thousand'` (kWh and 度 only). */
  zhThousand?: Ladder;
}

const power = (base: string, next: string): UnitRule => ({ zh: oneStep(base, next), en: oneStep(base, next) });

/** Known units (keys are what callers pass, Chinese or symbol). */
const RULES: Readonly<Record<string, UnitRule>> = {
  元: { zh: zh10k('元', '万元', '亿元'), en: enSi('CNY', 'k CNY', 'M CNY') },
  度: { zh: zh10k('度', '万度', '亿度'), en: KWH_THOUSAND, zhThousand: KWH_THOUSAND },
  吨: { zh: zh10k('吨', '万吨', '亿吨'), en: enSi('t', 'kt', 'Mt') },
  t: { zh: zh10k('t', '万吨', '亿吨'), en: enSi('t', 'kt', 'Mt') },
  'm³': { zh: zh10k('m³', '万m³', '亿m³'), en: enSi('m³', 'k m³', 'M m³') },
  m3: { zh: zh10k('m³', '万m³', '亿m³'), en: enSi('m³', 'k m³', 'M m³') },
  棵: { zh: zh10k('棵', '万棵', '亿棵'), en: enSi('trees', 'k trees', 'M trees') },
  kWh: { zh: KWH_ZH, en: KWH_THOUSAND, zhThousand: KWH_THOUSAND },
  W: power('W', 'kW'),
  kW: power('kW', 'MW'),
  'kW·h': power('kW·h', 'MW·h'),
  // Apparent and reactive power scale like active power (transformer capacity kVA → MVA).
  VA: power('VA', 'kVA'),
  kVA: power('kVA', 'MVA'),
  var: power('var', 'kvar'),
  kvar: power('kvar', 'Mvar'),
};

/** The units {@link scaleUnit} knows; any other unit passes through unscaled and unchanged. */
export const SCALABLE_UNITS: readonly string[] = Object.freeze(Object.keys(RULES));

/** The display name of a unit before any scaling, in a language (元 → CNY, 棵 → trees in English). */
export function baseUnit(unit: string, lang?: Lang): string {
  const rule = Object.hasOwn(RULES, unit) ? RULES[unit] : undefined;
  return rule ? rule[normalizeLang(lang)].base : unit;
}

/** `number` then `unit`: directly in zh (`'1.50万元'`), after a space in en (`'1.50 k CNY'`). */
export function joinUnit(number: string, unit: string, lang?: Lang): string {
  if (number === EMPTY_TEXT || unit === '') return number;
  return normalizeLang(lang) === 'en' ? `${number} ${unit}` : `${number}${unit}`;
}

/**
 * Scales a value for display; see the module comment for the thresholds and unit names.
 *
 * `text` is `formatNumber(value, precision)` followed by the unit (see {@link joinUnit}). An empty unit gives
 * just the number; unknown units pass through unscaled. Empty or non-numeric values give
 * `{ value: null, unit: <base unit>, text: '-', scaled: false, divisor: 1 }`.
 */
export function scaleUnit(value: NumericInput, unit: string, options: ScaleUnitOptions = {}): ScaledValue {
  const lang = normalizeLang(options.lang);
  const precision = normalizePrecision(options.precision, 2);
  const rule = Object.hasOwn(RULES, unit) ? RULES[unit] : undefined;
  const ladder: Ladder = !rule
    ? { base: unit, steps: [] }
    : lang === 'zh' && options.kwhScale === 'thousand' && rule.zhThousand
      ? rule.zhThousand
      : rule[lang];
  const n = toNumber(value);
  if (n === null) return { value: null, unit: ladder.base, text: EMPTY_TEXT, scaled: false, divisor: 1 };

  let divisor = 1;
  let display = ladder.base;
  const step = ladder.steps.find(([threshold]) => Math.abs(n) > threshold);
  if (step) [, divisor, display] = step;
  const scaledValue = round(n / divisor, precision);
  const text = joinUnit(formatNumber(scaledValue, precision), display, lang);
  return { value: scaledValue, unit: display, text, scaled: divisor !== 1, divisor };
}
