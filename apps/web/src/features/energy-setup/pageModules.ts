import type { PageModule } from '../../shared/pageModule';

/** Pages of the energy-setup feature, keyed by PageDef key (app/routes/pages.ts). */
export const energySetupPageModules: Record<string, PageModule> = {
  BranchSet: async () => (await import('./StructurePages')).BranchSetPage,
  NewEnergyStructSet: async () => (await import('./StructurePages')).NewEnergyStructSetPage,
  StorageStructSet: async () => (await import('./StructurePages')).StorageStructSetPage,
  FlowSet: async () => (await import('./FlowSetPage')).FlowSetPage,
  LoopSet: async () => (await import('./LoopSetPage')).LoopSetPage,
};
