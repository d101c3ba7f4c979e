import type { PageModule } from '../../shared/pageModule';

/** Routine inspection keyed by PageDef key (app/routes/pages.ts): plans, results (site and centre), the worker's phone pages. */
export const inspectionPageModules: Record<string, PageModule> = {
  ReleaseInspect: async () => (await import('./ReleaseInspectPage')).ReleaseInspectPage,
  InspectTask: async () => (await import('./ResultsPage')).SiteResultsPage,
  CentreInspect: async () => (await import('./ResultsPage')).CentreResultsPage,
  WorkerInspect: async () => (await import('./WorkerInspectPage')).WorkerInspectPage,
  WorkerInspectForm: async () => (await import('./WorkerInspectForm')).WorkerInspectForm,
};
