import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

/** Every distribution page works on one site: its prompt (`<page>-no-site`) and the cards' query states. */
export const DISTRIBUTION_SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'distribution.common.noSiteHint',
  testId: (page) => `${page}-no-site`,
};

export const DISTRIBUTION_QUERY: QueryLook = {
  text: {
    loadFailed: 'common.loadFailed',
    retry: 'common.retry',
    noData: 'common.noData',
  },
  error: 'result',
  rows: 3,
  testIds: { error: 'query-error' },
  simpleEmpty: true,
};
