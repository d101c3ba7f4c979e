/** Display languages supported by the console. Chinese (`zh`) is the default everywhere. */
export type Lang = 'zh' | 'en';

/** The default display language (spec §9). */
export const DEFAULT_LANG: Lang = 'zh';

/** What every formatter shows for an empty value (null, undefined, '', whitespace-only string, NaN). */
export const EMPTY_TEXT = '-';

/**
 * Maps any locale-ish string to a supported language: anything starting with `en` (case-insensitive,
 * e.g. `en`, `en-US`, `EN_gb`) is English; everything else, including `undefined`, is Chinese.
 */
export function normalizeLang(lang?: string | null): Lang {
  return typeof lang === 'string' && lang.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/**
 * True for the values the spec calls "empty": `null`, `undefined`, `''` (also a whitespace-only string)
 * and `NaN`. `0` and `false`-like numbers are not empty.
 */
export function isEmptyValue(value: unknown): value is null | undefined | '' {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}
