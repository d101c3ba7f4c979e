import type { Bundle } from '../../shared/i18n';

/** Strings of the analysis, history, security and robot pages (namespace key: `analysis.*`). */
export const analysisBundle: Bundle = {
  zh: {},
  en: {},
};
