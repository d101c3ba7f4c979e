import type { Bundle } from '../../shared/i18n';

/** Strings of the carbon feature (namespace key: `carbon.*`). */
export const carbonBundle: Bundle = {
  zh: {},
  en: {},
};
