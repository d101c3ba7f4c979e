import type { PageModule } from '../../shared/pageModule';

/** /RunSetup/FireLoopSet and ArcFaultSet, keyed by PageDef key. */
export const fireSetsPageModules: Record<string, PageModule> = {
  FireLoopSet: async () => (await import('./FireLoopSetPage')).FireLoopSetPage,
  ArcFaultSet: async () => (await import('./ArcFaultSetPage')).ArcFaultSetPage,
};
