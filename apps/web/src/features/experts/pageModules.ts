import type { PageModule } from '../../shared/pageModule';

/** Expert pages keyed by PageDef key (app/routes/pages.ts): the library three times, the registration review once. */
export const expertPageModules: Record<string, PageModule> = {
  WorkerManage: async () => (await import('./ExpertsPage')).ExpertLibraryPage,
  CentreElecManage: async () => (await import('./ExpertsPage')).ExpertLibraryPage,
  // A site user's user centre: the approved experts of its organisations, read-only (the server refuses the rest).
  UcElecManage: async () => (await import('./ExpertsPage')).ExpertLibraryPage,
  WorkerProcess: async () => (await import('./ExpertsPage')).ExpertReviewPage,
};
