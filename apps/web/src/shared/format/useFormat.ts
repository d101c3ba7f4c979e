import { formatDate, formatNumber, formatRelative, normalizeLang, scaleUnit } from '@gridops/format';
import type { Lang, NumericInput, ScaleUnitOptions, ScaledValue, TimeInput } from '@gridops/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteZone } from './useSiteZone';

export interface Formatters {
  lang: Lang;
  /** The zone times are shown in: the selected site's (undefined: the browser's). */
  zone: string | undefined;
  /** `formatDate` on the site's clock (default pattern `YYYY-MM-DD HH:mm:ss`, '-' when empty). */
  date: (value: TimeInput, pattern?: string) => string;
  /** `formatRelative` in the current language. */
  relative: (value: TimeInput, now?: TimeInput) => string;
  /** `formatNumber` (thousands separators). */
  number: (value: NumericInput, precision?: number) => string;
  /** `scaleUnit` of @gridops/format in the current language (`.text` is what to show). */
  unit: (value: NumericInput, unit: string, options?: Omit<ScaleUnitOptions, 'lang'>) => ScaledValue;
  /** A stored quantity (capacity, energy): whole numbers while unscaled, two decimals once scaled (12.35MVA). */
  quantity: (value: NumericInput, unit: string) => ScaledValue;
}

/**
 * @gridops/format bound to the current i18n language and the selected site's time zone, so components
 * re-render on a language or site switch.
 */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const zone = useSiteZone();
  return useMemo(
    () => ({
      lang,
      zone,
      date: (value, pattern) => formatDate(value, pattern, { tz: zone }),
      relative: (value, now) => formatRelative(value, { lang, now, tz: zone }),
      number: (value, precision) => formatNumber(value, precision),
      unit: (value, unit, options) => scaleUnit(value, unit, { ...options, lang }),
      quantity: (value, unit) => {
        const r = scaleUnit(value, unit, { lang, precision: 2 });
        return r.scaled ? r : scaleUnit(value, unit, { lang, precision: 0 });
      },
    }),
    [lang, zone],
  );
}
