import type { PageModule } from '../../shared/pageModule';

/** Remote-control configuration keyed by PageDef key (app/routes/pages.ts). */
export const controlConfigPageModules: Record<string, PageModule> = {
  RemoteCtrlSet: async () => (await import('./RemoteCtrlSetPage')).RemoteCtrlSetPage,
};
