import type { PageModule } from '../../shared/pageModule';

/** /RunSetup/AuxDeviceSet keyed by PageDef key (app/routes/pages.ts). */
export const auxDevicePageModules: Record<string, PageModule> = {
  AuxDeviceSet: async () => (await import('./AuxDeviceSetPage')).AuxDeviceSetPage,
};
