import type { PageModule } from '../../shared/pageModule';

/** /RunReport and /RunSetup/MonthReportSet, keyed by PageDef key. */
export const monthReportPageModules: Record<string, PageModule> = {
  RunReport: async () => (await import('./RunReportPage')).RunReportPage,
  MonthReportSet: async () => (await import('./MonthReportSetPage')).MonthReportSetPage,
};
