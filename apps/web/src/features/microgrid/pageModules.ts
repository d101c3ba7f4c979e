import type { PageModule } from '../../shared/pageModule';

/** The micro-grid page (/EnergyHome), keyed by PageDef key (app/routes/pages.ts). */
export const microgridPageModules: Record<string, PageModule> = {
  EnergyHome: async () => (await import('./EnergyHomePage')).EnergyHomePage,
};
