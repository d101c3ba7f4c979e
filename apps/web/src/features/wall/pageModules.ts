import type { PageModule } from '../../shared/pageModule';

/** The wall screen /CentreWall (app/routes/pages.ts key CentreWall). */
export const wallPageModules: Record<string, PageModule> = {
  CentreWall: async () => (await import('./WallPage')).WallPage,
};
