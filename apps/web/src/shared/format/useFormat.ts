import { formatDate, formatNumber, formatRelative, formatSiteTimeFor, normalizeLang, runtimeZone, scaleUnit } from '@gridops/format';
import type { Lang, NumericInput, ScaleUnitOptions, ScaledValue, TimeInput } from '@gridops/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { useSiteZone } from './useSiteZone';

export interface Formatters {
  lang: Lang;
  /** The zone times are shown in: the selected site's (undefined: the browser's). */
  zone: string | undefined;
  /** `formatDate` on the site's clock (default pattern `YYYY-MM-DD HH:mm:ss`, '-' when empty). */
  date: (value: TimeInput, pattern?: string) => string;
  /**
   * A time of one site in a list that mixes sites: on that site's clock, its offset appended where the browser's
   * clock reads otherwise ('08:25 (UTC+8)'). The zone comes from the project (organisation tree).
   */
  siteTime: (value: TimeInput, projectId: number | null | undefined, pattern?: string) => string;
  /** The IANA zone of a project of the user's tree (undefined until the tree has loaded). */
  zoneOf: (projectId: number | null | undefined) => string | undefined;
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
  const proList = useSession((s) => s.proList);
  return useMemo(() => {
    const zoneOf = (projectId: number | null | undefined) => proList.find((p) => p.id === projectId)?.timezone ?? undefined;
    return {
      lang,
      zone,
      zoneOf,
      date: (value: TimeInput, pattern?: string) => formatDate(value, pattern, { tz: zone }),
      siteTime: (value: TimeInput, projectId: number | null | undefined, pattern?: string) => {
        const ms = value === null || value === undefined || value === '' ? NaN : new Date(value as string | number | Date).getTime();
        return Number.isFinite(ms) ? formatSiteTimeFor(ms, zoneOf(projectId) ?? zone, runtimeZone(), pattern) : '-';
      },
      relative: (value: TimeInput, now?: TimeInput) => formatRelative(value, { lang, now, tz: zone }),
      number: (value: NumericInput, precision?: number) => formatNumber(value, precision),
      unit: (value: NumericInput, unit: string, options?: Omit<ScaleUnitOptions, 'lang'>) => scaleUnit(value, unit, { ...options, lang }),
      quantity: (value: NumericInput, unit: string) => {
        const r = scaleUnit(value, unit, { lang, precision: 2 });
        return r.scaled ? r : scaleUnit(value, unit, { lang, precision: 0 });
      },
    } satisfies Formatters;
  }, [lang, zone, proList]);
}
