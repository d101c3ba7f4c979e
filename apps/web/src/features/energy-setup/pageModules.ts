import type { PageModule } from '../../app/routes/featurePages';

/** Pages of the energy-setup feature, keyed by PageDef key (app/routes/pages.ts). */
export const energySetupPageModules: Record<string, PageModule> = {};
