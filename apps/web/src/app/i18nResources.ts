import { apiBundle } from '../api/i18n';
import { authBundle } from '../features/auth/i18n';
import { commonBundle } from '../shared/i18n/common';
import { addBundles, type Bundle } from '../shared/i18n';
import { shellBundle } from './layout/i18n';
import { pagesBundle } from './routes/pages';

const pageTitles: Bundle = {
  zh: { Login: '登录', RegisterExpert: '注册成为专家', NotFound: '页面不存在' },
  en: { Login: 'Log in', RegisterExpert: 'Register as an expert', NotFound: 'Page not found' },
};

/**
 * The strings the login page and the frame need at start, each under its own top-level key (`t('auth.login')`,
 * `t('pages.X.title')`). The areas' strings are loaded with the console shell: see loadAreaStrings.
 */
export const bundles: Record<string, Bundle> = {
  api: apiBundle,
  auth: authBundle,
  shell: shellBundle,
  pages: pagesBundle(),
  pageTitles,
  common: commonBundle,
};

let areaStrings: Promise<void> | null = null;

/**
 * Loads every area feature's strings and the shared blocks' (charts, stats, export; ~200 kB of text) the first time a route outside the login page
 * needs them. The shell's route awaits it, so pages and the shell's own widgets render with their strings.
 */
export function loadAreaStrings(): Promise<void> {
  areaStrings ??= Promise.all([import('../features/bundles'), import('../shared/bundles')]).then(([features, shared]) => {
    addBundles(features.featureBundles);
    addBundles(shared.sharedBundles);
  });
  // A failed chunk load (a deploy replaced it) may be retried by the next navigation.
  areaStrings.catch(() => {
    areaStrings = null;
  });
  return areaStrings;
}
