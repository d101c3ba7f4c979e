import type { PageModule } from '../../shared/pageModule';

/** /RunSetup/PvSet, FanSet, EssSet, ChargeSet, keyed by PageDef key. */
export const energyAssetsPageModules: Record<string, PageModule> = {
  PvSet: async () => (await import('./PvChargePages')).PvSetPage,
  FanSet: async () => (await import('./WindEssPages')).FanSetPage,
  EssSet: async () => (await import('./WindEssPages')).EssSetPage,
  ChargeSet: async () => (await import('./PvChargePages')).ChargeSetPage,
};
