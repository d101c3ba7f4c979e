import type { PageModule } from '../../shared/pageModule';

/** /IntergralBuilding and the smart-building sets, keyed by PageDef key. */
export const buildingPageModules: Record<string, PageModule> = {
  IntergralBuilding: async () => (await import('./BuildingPage')).BuildingPage,
  BuildGroupSet: async () => (await import('./GroupSetPage')).BuildGroupSetPage,
  BuildAirSet: async () => (await import('./EquipmentSetPages')).BuildAirSetPage,
  BuildOutdoorSet: async () => (await import('./EquipmentSetPages')).BuildOutdoorSetPage,
  BuildWaterSet: async () => (await import('./EquipmentSetPages')).BuildWaterSetPage,
  BuildPowerSet: async () => (await import('./EquipmentSetPages')).BuildPowerSetPage,
};
