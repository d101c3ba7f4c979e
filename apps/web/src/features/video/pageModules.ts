import type { PageModule } from '../../shared/pageModule';

/** Live video and AI security pages (docs/video.md), keyed by PageDef key (app/routes/pages.ts). */
export const videoPageModules: Record<string, PageModule> = {
  SecMonitorSet: async () => (await import('./SecMonitorSetPage')).SecMonitorSetPage,
  AISecurity: async () => (await import('./AiSecurityPage')).AiSecurityPage,
};
