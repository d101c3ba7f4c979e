import type { PageModule } from '../../app/routes/featurePages';

/** Pages of the microgrid feature, keyed by PageDef key (app/routes/pages.ts). */
export const microgridPageModules: Record<string, PageModule> = {};
