import type { PageModule } from '../../shared/pageModule';

/** The usage log (/UseLogs), keyed by PageDef key (app/routes/pages.ts). */
export const usageLogsPageModules: Record<string, PageModule> = {
  UseLogs: async () => (await import('./UsageLogsPage')).UsageLogsPage,
};
