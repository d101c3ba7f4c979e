import type { PageModule } from '../../shared/pageModule';

/** /FacerecManage, keyed by PageDef key. */
export const facePageModules: Record<string, PageModule> = {
  FacerecManage: async () => (await import('./FaceLibraryPage')).FaceLibraryPage,
};
