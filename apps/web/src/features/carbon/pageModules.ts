import type { PageModule } from '../../shared/pageModule';

/** Carbon (site and centre) and integrated energy, keyed by PageDef key (app/routes/pages.ts). */
export const carbonPageModules: Record<string, PageModule> = {
  Carbon: async () => (await import('./CarbonPage')).CarbonPage,
  CentreCarbon: async () => (await import('./CentreCarbonPage')).CentreCarbonPage,
  IntergralEnergy: async () => (await import('./IntegratedEnergyPage')).IntegratedEnergyPage,
};
