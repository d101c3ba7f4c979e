import type { PageModule } from '../../shared/pageModule';

/** /Ledger, keyed by PageDef key. */
export const ledgerPageModules: Record<string, PageModule> = {
  Ledger: async () => (await import('./LedgerPage')).LedgerPage,
};
