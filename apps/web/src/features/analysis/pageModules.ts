import type { PageModule } from '../../shared/pageModule';

/**
 * Analysis, history and security pages under /ElectricalRoom, keyed by PageDef key. The events pages
 * (EvnManage, CentreEvents, WorkerEvent) stay on the shell's `page: 'events'` module, features/events.
 */
export const analysisPageModules: Record<string, PageModule> = {
  HisStatistics: async () => (await import('./HistoryStatsPage')).HistoryStatsPage,
  HisdataCts: async () => (await import('./HistoryCurvesPage')).HistoryCurvesPage,
  SpecAnaly: async () => (await import('./SpecialAnalysisPage')).SpecialAnalysisPage,
  SecMonitor: async () => (await import('./SecurityPage')).SecurityPage,
};
