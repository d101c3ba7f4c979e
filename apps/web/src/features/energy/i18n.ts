import type { Bundle } from '../../shared/i18n';

/** Strings of the energy pages (namespace key: `energy.*`). */
export const energyBundle: Bundle = {
  zh: {},
  en: {},
};
