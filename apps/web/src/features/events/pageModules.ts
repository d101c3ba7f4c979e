import type { PageModule } from '../../shared/pageModule';

/**
 * Event pages with a component of their own, keyed by PageDef key (app/routes/pages.ts): the worker's phone list.
 * EvnManage and CentreEvents are the shell's `page: 'events'` module (EventsPage).
 */
export const eventPageModules: Record<string, PageModule> = {
  WorkerEvent: async () => (await import('./WorkerEventPage')).WorkerEventPage,
};
