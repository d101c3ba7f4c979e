import type { Bundle } from '../../shared/i18n';

/** Strings of the distribution pages (namespace key: `distribution.*`). */
export const distributionBundle: Bundle = {
  zh: {},
  en: {},
};
