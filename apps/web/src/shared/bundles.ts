import { chartsBundle } from './charts/i18n';
import { exportBundle } from './export/i18n';
import type { Bundle } from './i18n';
import { statsBundle } from './stats/i18n';

/** Strings of the shared building blocks (`t('charts.noData')`, `t('stats.period.day')`, `t('export.button')`). */
export const sharedBundles: Record<string, Bundle> = {
  charts: chartsBundle,
  stats: statsBundle,
  export: exportBundle,
};
