import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

/** Shared by the energy-setup, carbon and microgrid pages: their site prompt and query states. */
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
