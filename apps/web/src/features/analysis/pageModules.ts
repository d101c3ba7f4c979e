import type { PageModule } from '../../app/routes/featurePages';

/** Analysis, history, security and robot pages under /ElectricalRoom, keyed by PageDef key. */
export const analysisPageModules: Record<string, PageModule> = {};
