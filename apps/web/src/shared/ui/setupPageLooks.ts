import type { QueryLook } from './QueryState';
import type { SitePrompt } from './SiteGate';

/** The site prompt and query states of the configuration pages (energy set-up, carbon, microgrid, rules, sets…). */
export const SETUP_SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'energySetup.common.needSiteHint',
  testId: () => 'need-site',
  hintStyle: { color: 'rgba(255,255,255,0.45)' },
};

export const SETUP_QUERY: QueryLook = {
  text: {
    loadFailed: 'common.loadFailed',
    retry: 'common.retry',
    noData: 'common.noData',
  },
  error: 'alert',
  rows: 5,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};
