import type { PageModule } from '../../shared/pageModule';

/** Work-order pages keyed by PageDef key (app/routes/pages.ts): site, centre and the worker's phone (its events page is the events feature's). */
export const workOrderPageModules: Record<string, PageModule> = {
  SolveTask: async () => (await import('./WorkOrdersPage')).SolveTaskPage,
  CentreSolve: async () => (await import('./WorkOrdersPage')).CentreSolvePage,
  WorkerSolve: async () => (await import('./WorkerSolvePage')).WorkerSolvePage,
};
