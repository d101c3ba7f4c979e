import type { PageModule } from '../../shared/pageModule';

/** Data dictionary keyed by PageDef key (app/routes/pages.ts): the centre and the user-centre entry. */
export const dictionaryPageModules: Record<string, PageModule> = {
  CentreDataDictionarySet: async () => (await import('./DataDictionaryPage')).DataDictionaryPage,
  UcDataDictionarySet: async () => (await import('./DataDictionaryPage')).DataDictionaryPage,
};
