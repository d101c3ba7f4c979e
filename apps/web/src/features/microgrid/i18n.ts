import type { Bundle } from '../../shared/i18n';

/** Strings of the microgrid feature (namespace key: `microgrid.*`). */
export const microgridBundle: Bundle = {
  zh: {},
  en: {},
};
