import type { PageModule } from '../../shared/pageModule';

/** Pages of the account feature, keyed by PageDef key (app/routes/pages.ts). */
export const accountPageModules: Record<string, PageModule> = {
  CentreUserData: async () => (await import('./UserDataPage')).UserDataPage,
  UcUserData: async () => (await import('./UserDataPage')).UserDataPage,
  WorkerUser: async () => (await import('./UserDataPage')).WorkerUserPage,
};
