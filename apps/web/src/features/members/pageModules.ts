import type { PageModule } from '../../shared/pageModule';

/** Member management under /CentreUser and /UserCenter, keyed by PageDef key (app/routes/pages.ts). */
export const membersPageModules: Record<string, PageModule> = {
  CentreUserManage: async () => (await import('./MembersPage')).MembersPage,
  UcUserManage: async () => (await import('./MembersPage')).MembersPage,
};
