import { normalizeLang } from '@gridops/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLocale } from './builders/common';
import { useSiteZone } from '../format/useSiteZone';

/** The builders' locale for the current language; memoised so options rebuild only on a language switch. */
export function useChartLocale(): ChartLocale {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const tz = useSiteZone();
  return useMemo(() => {
    const fixed = i18n.getFixedT(lang);
    return { lang, tz, t: (key: string, options?: Record<string, unknown>) => String(fixed(key, options ?? {})) };
  }, [i18n, lang, tz]);
}
