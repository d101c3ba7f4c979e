import type { PageModule } from '../../shared/pageModule';

const stats = () => import('./pages/statsPages');

/** Energy pages (/EnergyManage and its children), keyed by PageDef key; each page file is its own chunk. */
export const energyPageModules: Record<string, PageModule> = {
  EnergyFlow: async () => (await import('./pages/EnergyFlowPage')).EnergyFlowPage,
  NewEnergyOverview: async () => (await import('./pages/NewEnergyOverviewPage')).NewEnergyOverviewPage,
  NewEnergyStats: async () => (await stats()).NewEnergyStatsPage,
  NewEnergyReadings: async () => (await stats()).NewEnergyReadingsPage,
  NewEnergyMom: async () => (await stats()).NewEnergyMomPage,
  NewEnergyYoy: async () => (await stats()).NewEnergyYoyPage,
  StorageCharge: async () => (await import('./pages/StorageOverviewPage')).StorageChargePage,
  StorageDischarge: async () => (await import('./pages/StorageOverviewPage')).StorageDischargePage,
  StorageReadings: async () => (await stats()).StorageReadingsPage,
  StorageMonth: async () => (await stats()).StorageMonthPage,
  StorageYear: async () => (await stats()).StorageYearPage,
  PowerOverview: async () => (await import('./pages/PowerOverviewPage')).PowerOverviewPage,
  PowerStats: async () => (await stats()).PowerStatsPage,
  PowerReadings: async () => (await stats()).PowerReadingsPage,
  PowerMonth: async () => (await stats()).PowerMonthPage,
  PowerYear: async () => (await stats()).PowerYearPage,
  PowerLoss: async () => (await import('./pages/PowerLossPage')).PowerLossPage,
  PowerExpense: async () => (await import('./pages/PowerExpensePage')).PowerExpensePage,
};
