import type { PageModule } from '../../shared/pageModule';

/** /RunSetup/DataEntrySet, keyed by PageDef key. */
export const dataEntryPageModules: Record<string, PageModule> = {
  DataEntrySet: async () => (await import('./DataEntryPage')).DataEntryPage,
};
