import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

/** The events, history, analysis, security and robot pages' site prompt and query states. */
export const ANALYSIS_SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'analysis.needSiteHint',
  testId: () => 'need-site',
  hintStyle: { color: 'rgba(255,255,255,0.45)' },
};

export const ANALYSIS_QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 4,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};
