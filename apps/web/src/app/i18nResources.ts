import { apiBundle } from '../api/i18n';
import { authBundle } from '../features/auth/i18n';
import { featureBundles } from '../features/bundles';
import { sharedBundles } from '../shared/bundles';
import type { Bundle } from '../shared/i18n';
import { shellBundle } from './layout/i18n';
import { pagesBundle } from './routes/pages';

const pageTitles: Bundle = {
  zh: { Login: '登录', RegisterExpert: '注册成为专家', NotFound: '页面不存在' },
  en: { Login: 'Log in', RegisterExpert: 'Register as an expert', NotFound: 'Page not found' },
};

/** Every feature's strings, each under its own top-level key (`t('auth.login')`, `t('pages.X.title')`). */
export const bundles: Record<string, Bundle> = {
  api: apiBundle,
  auth: authBundle,
  shell: shellBundle,
  pages: pagesBundle(),
  pageTitles,
  ...featureBundles,
  ...sharedBundles,
};
