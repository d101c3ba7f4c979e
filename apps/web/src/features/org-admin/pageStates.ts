import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

export const ADMIN_QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 6,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};

export const STATION_SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'energySetup.common.needSiteHint',
  testId: () => 'need-site',
};
