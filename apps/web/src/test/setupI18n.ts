import { bundles } from '../app/i18nResources';
import { initI18n } from '../shared/i18n';

/** Tests render with the real strings; zh unless a test switches. */
export const i18n = initI18n(bundles, 'zh');
