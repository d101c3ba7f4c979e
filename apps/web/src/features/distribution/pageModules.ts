import type { PageModule } from '../../app/routes/featurePages';

/** Smart-distribution pages (/ElectricalRoom and its children), keyed by PageDef key. */
export const distributionPageModules: Record<string, PageModule> = {};
