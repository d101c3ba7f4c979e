import { chartsBundle } from './charts/i18n';
import { exportBundle } from './export/i18n';
import { commonBundle } from './i18n/common';
import type { Bundle } from './i18n';
import { statsBundle } from './stats/i18n';

/** Strings of the shared building blocks (`t('common.retry')`, `t('stats.period.day')`, `t('export.button')`). */
export const sharedBundles: Record<string, Bundle> = {
  common: commonBundle,
  charts: chartsBundle,
  stats: statsBundle,
  export: exportBundle,
};
