import type { PageModule } from '../../app/routes/featurePages';

/** Pages of the carbon feature, keyed by PageDef key (app/routes/pages.ts). */
export const carbonPageModules: Record<string, PageModule> = {};
