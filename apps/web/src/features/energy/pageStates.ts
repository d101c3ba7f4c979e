import type { QueryLook } from '../../shared/ui/QueryState';
import type { SitePrompt } from '../../shared/ui/SiteGate';

/** Every energy page reads one site (remounted on a switch so it starts clean): its prompt and query states. */
export const ENERGY_SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'energy.needSiteHint',
  testId: () => 'energy-need-site',
  hintStyle: { opacity: 0.65 },
  className: 'energy-page',
  remountOnSwitch: true,
};

export const ENERGY_QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'energy.noData' },
  error: 'result',
  rows: 4,
  testIds: { loading: 'energy-loading', error: 'energy-error', empty: 'energy-empty' },
  simpleEmpty: true,
};
