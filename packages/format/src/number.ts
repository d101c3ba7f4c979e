import { EMPTY_TEXT, isEmptyValue } from './lang.js';

/** Values the number formatters accept: numbers and numeric strings; empty values render as '-'. */
export type NumericInput = number | string | null | undefined;

const NUMERIC_STRING = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Largest number of fraction digits any formatter will produce. */
export const MAX_PRECISION = 20;

/**
 * Parses a number or a plain decimal string (`'12'`, `'-3.5'`, `'1e4'`; surrounding whitespace allowed).
 * Returns `null` for empty values, non-finite numbers (±Infinity) and anything else (`'1,234'`, `'0x10'`,
 * `'abc'`) — thousands separators are not accepted on input.
 */
export function toNumber(value: NumericInput): number | null {
  if (isEmptyValue(value)) return null;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMERIC_STRING.test(value.trim())) n = Number(value.trim());
  else return null;
  return Number.isFinite(n) ? n : null;
}

/** Clamps a precision option to an integer in [0, 20]; `undefined`/NaN gives the fallback. */
export function normalizePrecision(precision: number | undefined, fallback: number): number {
  if (precision === undefined || Number.isNaN(precision)) return fallback;
  return Math.min(MAX_PRECISION, Math.max(0, Math.trunc(precision)));
}

/**
 * Rounds half away from zero on the number's decimal representation, so `round(1.005, 2) === 1.01` and
 * `round(-1.005, 2) === -1.01` (unlike `toFixed`, which sees the binary value 1.00499…). Never returns -0.
 */
export function round(value: number, precision = 0): number {
  if (!Number.isFinite(value)) return value;
  const p = normalizePrecision(precision, 0);
  const abs = Math.abs(value);
  const text = String(abs);
  const rounded = text.includes('e')
    ? Number(abs.toFixed(p)) // exponent form (< 1e-6 or >= 1e21): toFixed is exact enough there
    : Number(`${Math.round(Number(`${text}e${p}`))}e-${p}`);
  if (rounded === 0) return 0;
  return value < 0 ? -rounded : rounded;
}

const grouped = new Map<number, Intl.NumberFormat>();
function numberFormat(digits: number | undefined): Intl.NumberFormat {
  const key = digits ?? -1;
  let nf = grouped.get(key);
  if (!nf) {
    // en-US is used only for its fixed separators (',' groups, '.' decimal) so output never depends on the
    // runtime's locale; the console uses the same separators in both languages.
    nf = new Intl.NumberFormat(
      'en-US',
      digits === undefined
        ? { useGrouping: true, maximumFractionDigits: MAX_PRECISION }
        : { useGrouping: true, minimumFractionDigits: digits, maximumFractionDigits: digits },
    );
    grouped.set(key, nf);
  }
  return nf;
}

/**
 * Formats a number with thousands separators: `formatNumber(1234567.891, 2) === '1,234,567.89'`.
 *
 * - `precision` given: rounded half away from zero to exactly that many fraction digits (clamped to 0–20).
 * - `precision` omitted: the value as it is, no rounding, no padding (`1234.5 → '1,234.5'`).
 * - Empty or non-numeric input (null, undefined, '', NaN, ±Infinity, 'abc') gives `'-'`.
 * - A value that rounds to zero never shows a minus sign (`-0.001, 2 → '0.00'`).
 */
export function formatNumber(value: NumericInput, precision?: number): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_TEXT;
  if (precision === undefined || Number.isNaN(precision))
    return numberFormat(undefined).format(n === 0 ? 0 : n);
  const p = normalizePrecision(precision, 0);
  return numberFormat(p).format(round(n, p));
}
