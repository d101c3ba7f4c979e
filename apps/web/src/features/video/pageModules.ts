import type { PageModule } from '../../shared/pageModule';

/** Live video pages (docs/video.md), keyed by PageDef key (app/routes/pages.ts). */
export const videoPageModules: Record<string, PageModule> = {
  SecMonitorSet: async () => (await import('./SecMonitorSetPage')).SecMonitorSetPage,
};
