import { bundles } from '../app/i18nResources';
import { featureBundles } from '../features/bundles';
import { sharedBundles } from '../shared/bundles';
import { initI18n } from '../shared/i18n';

/** Tests render with the real strings (the start bundles and the areas' ones); zh unless a test switches. */
export const i18n = initI18n({ ...bundles, ...featureBundles, ...sharedBundles }, 'zh');
