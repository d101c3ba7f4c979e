import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

/** Every distribution page works on one site: its prompt (`<page>-no-site`) and the cards' query states. */
export const DISTRIBUTION_SITE: SitePrompt = {
  title: 'distribution.common.noSite',
  hint: 'distribution.common.noSiteHint',
  testId: (page) => `${page}-no-site`,
};

export const DISTRIBUTION_QUERY: QueryLook = {
  text: {
    loadFailed: 'distribution.common.loadFailed',
    retry: 'distribution.common.retry',
    noData: 'distribution.common.noData',
  },
  error: 'result',
  rows: 3,
  testIds: { error: 'query-error' },
  simpleEmpty: true,
};
