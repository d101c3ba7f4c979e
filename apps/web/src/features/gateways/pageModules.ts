import type { PageModule } from '../../shared/pageModule';

/** Pages of the gateways feature, keyed by PageDef key (app/routes/pages.ts). */
export const gatewayPageModules: Record<string, PageModule> = {
  DevMonitorSet: async () => (await import('./DevMonitorSetPage')).DevMonitorSetPage,
  DevTemplateSet: async () => (await import('./DevTemplateSetPage')).DevTemplateSetPage,
};
