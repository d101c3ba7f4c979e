import type { PageModule } from '../../shared/pageModule';

/** Pages of the billing feature, keyed by PageDef key (app/routes/pages.ts). */
export const billingPageModules: Record<string, PageModule> = {
  BillingSet: async () => (await import('./BillingSetPage')).BillingSetPage,
};
