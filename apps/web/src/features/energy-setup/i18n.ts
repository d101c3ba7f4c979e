import type { Bundle } from '../../shared/i18n';

/** Strings of the energy-setup feature (namespace key: `energySetup.*`). */
export const energySetupBundle: Bundle = {
  zh: {},
  en: {},
};
