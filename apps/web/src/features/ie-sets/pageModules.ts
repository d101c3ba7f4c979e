import type { PageModule } from '../../shared/pageModule';

/** /RunSetup/Ie*Set (meters of each energy type) and Ie*TypeSet (its use categories), keyed by PageDef key. */
export const ieSetsPageModules: Record<string, PageModule> = {
  IeElecSet: async () => (await import('./IeSetPages')).IeElecSetPage,
  IeElecTypeSet: async () => (await import('./IeSetPages')).IeElecTypeSetPage,
  IeWaterSet: async () => (await import('./IeSetPages')).IeWaterSetPage,
  IeWaterTypeSet: async () => (await import('./IeSetPages')).IeWaterTypeSetPage,
  IeGasSet: async () => (await import('./IeSetPages')).IeGasSetPage,
  IeGasTypeSet: async () => (await import('./IeSetPages')).IeGasTypeSetPage,
  IeHeatSet: async () => (await import('./IeSetPages')).IeHeatSetPage,
  IeHeatTypeSet: async () => (await import('./IeSetPages')).IeHeatTypeSetPage,
};
