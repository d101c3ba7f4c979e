import { EMPTY_TEXT, normalizeLang } from './lang.js';
import type { Lang } from './lang.js';
import { formatNumber, normalizePrecision, round, toNumber } from './number.js';
import type { NumericInput } from './number.js';

/**
 * How `kWh` scales. It appears in both families of spec §9, so it is an option:
 * - `'ten-thousand'`: kWh → 万kWh (zh) / 10k kWh (en) — the Chinese-business reading;
 * - `'thousand'`: kWh → MWh — the SI / technical reading.
 * Default: `'ten-thousand'` for zh, `'thousand'` for en. `kW·h` always scales by 1000 (→ MW·h) and `度`
 * always by 10000 (→ 万度), whatever this option says.
 */
export type KwhScale = 'ten-thousand' | 'thousand';

export interface ScaleUnitOptions {
  /** Display language, default `'zh'`; it selects unit names, the kWh default and the number/unit gap. */
  lang?: Lang;
  /** Fraction digits of `value` and `text`, default 2 (clamped to 0–20), rounded half away from zero. */
  precision?: number;
  /** See {@link KwhScale}. */
  kwhScale?: KwhScale;
}

export interface ScaledValue {
  /** The (possibly scaled) value rounded to `precision`; `null` when the input was empty or non-numeric. */
  value: number | null;
  /** The display unit in the requested language (e.g. `'万元'`, `'10k yuan'`, `'MW'`). */
  unit: string;
  /** `value` with thousands separators and exactly `precision` digits, then the unit; `'-'` when empty. */
  text: string;
  /** Whether the value was divided (by 10000 or 1000). */
  scaled: boolean;
  /** What the value was divided by: 1, 1000 or 10000 (one axis or column can share it). */
  divisor: number;
}

/** A value scales when its absolute value is **strictly greater** than this (spec "above 10000"). */
export const SCALE_THRESHOLD = 10_000;

interface UnitRule {
  /** Divisor applied when scaling, or `'kwh'` for the kWh conflict resolved by {@link KwhScale}. */
  divisor: 10_000 | 1_000 | 'kwh';
  zh: readonly [base: string, scaled: string];
  en: readonly [base: string, scaled: string];
}

/**
 * Known units (keys are what callers pass, Chinese or symbol). Ten-thousand units in English are written
 * "10k <unit>" (`10k yuan`, `10k kWh`, `10k t`, `10k m³`, `10k trees`); Chinese-only names get English
 * display names (元 → yuan, 度 → kWh, 吨 → t, 棵 → trees).
 */
const RULES: Readonly<Record<string, UnitRule>> = {
  元: { divisor: 10_000, zh: ['元', '万元'], en: ['yuan', '10k yuan'] },
  度: { divisor: 10_000, zh: ['度', '万度'], en: ['kWh', '10k kWh'] },
  吨: { divisor: 10_000, zh: ['吨', '万吨'], en: ['t', '10k t'] },
  t: { divisor: 10_000, zh: ['t', '万吨'], en: ['t', '10k t'] },
  'm³': { divisor: 10_000, zh: ['m³', '万m³'], en: ['m³', '10k m³'] },
  m3: { divisor: 10_000, zh: ['m³', '万m³'], en: ['m³', '10k m³'] },
  棵: { divisor: 10_000, zh: ['棵', '万棵'], en: ['trees', '10k trees'] },
  W: { divisor: 1_000, zh: ['W', 'kW'], en: ['W', 'kW'] },
  kW: { divisor: 1_000, zh: ['kW', 'MW'], en: ['kW', 'MW'] },
  'kW·h': { divisor: 1_000, zh: ['kW·h', 'MW·h'], en: ['kW·h', 'MW·h'] },
  kWh: { divisor: 'kwh', zh: ['kWh', '万kWh'], en: ['kWh', '10k kWh'] },
  // Apparent and reactive power scale like active power (transformer capacity kVA → MVA).
  VA: { divisor: 1_000, zh: ['VA', 'kVA'], en: ['VA', 'kVA'] },
  kVA: { divisor: 1_000, zh: ['kVA', 'MVA'], en: ['kVA', 'MVA'] },
  var: { divisor: 1_000, zh: ['var', 'kvar'], en: ['var', 'kvar'] },
  kvar: { divisor: 1_000, zh: ['kvar', 'Mvar'], en: ['kvar', 'Mvar'] },
};

/** The units {@link scaleUnit} knows; any other unit passes through unscaled and unchanged. */
export const SCALABLE_UNITS: readonly string[] = Object.freeze(Object.keys(RULES));

/**
 * Scales a value for display (spec §9).
 *
 * Threshold: a value scales when **|value| > 10000, strictly** — `10000` stays, `10000.01` scales — and the
 * same threshold applies to both families; negative values are compared by absolute value and keep their
 * sign. The test uses the raw value, before rounding (so 9999.999 元 at precision 2 is `10,000.00元`).
 * - Ten-thousand family, ÷10000: 元→万元, 度→万度, 吨/t→万吨, m³ (or m3)→万m³, 棵→万棵.
 * - Thousand family, ÷1000: W→kW, kW→MW, kW·h→MW·h (so 10000.01 kW → 10.00 MW); apparent and reactive
 *   power the same way: VA→kVA, kVA→MVA, var→kvar, kvar→Mvar.
 * - kWh: ÷10000 → 万kWh / 10k kWh, or ÷1000 → MWh, per {@link KwhScale} (default by language).
 * Scaling is one step only (W never becomes MW). Unknown units pass through unchanged and unscaled.
 *
 * `text` is `formatNumber(value, precision)` followed by the unit — directly in zh (`'1.50万元'`,
 * `'12.00MW'`), after a space in en (`'1.50 10k yuan'`, `'12.00 MW'`). An empty unit gives just the number.
 * Empty or non-numeric values give `{ value: null, unit, text: '-', scaled: false, divisor: 1 }` with the base unit.
 */
export function scaleUnit(value: NumericInput, unit: string, options: ScaleUnitOptions = {}): ScaledValue {
  const lang = normalizeLang(options.lang);
  const precision = normalizePrecision(options.precision, 2);
  const rule = Object.hasOwn(RULES, unit) ? RULES[unit] : undefined;
  const names = rule ? rule[lang] : ([unit, unit] as const);
  const n = toNumber(value);
  if (n === null) return { value: null, unit: names[0], text: EMPTY_TEXT, scaled: false, divisor: 1 };

  let divisor = 1;
  let display = names[0];
  if (rule && Math.abs(n) > SCALE_THRESHOLD) {
    const kwhScale = options.kwhScale ?? (lang === 'zh' ? 'ten-thousand' : 'thousand');
    if (rule.divisor === 'kwh' && kwhScale === 'thousand') {
      divisor = 1_000;
      display = 'MWh';
    } else {
      divisor = rule.divisor === 'kwh' ? 10_000 : rule.divisor;
      display = names[1];
    }
  }
  const scaledValue = round(n / divisor, precision);
  const number = formatNumber(scaledValue, precision);
  const gap = lang === 'en' && display !== '' ? ' ' : '';
  return { value: scaledValue, unit: display, text: `${number}${gap}${display}`, scaled: divisor !== 1, divisor };
}
