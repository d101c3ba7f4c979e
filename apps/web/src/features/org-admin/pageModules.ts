import type { PageModule } from '../../shared/pageModule';

/** Pages of the organisation/project administration, keyed by PageDef key (app/routes/pages.ts). */
export const orgAdminPageModules: Record<string, PageModule> = {
  CentreOrganManage: async () => (await import('./OrgManagePage')).OrgManagePage,
  UcOrganManage: async () => (await import('./OrgManagePage')).OrgManagePage,
  CentreProjectManage: async () => (await import('./ProjectManagePage')).ProjectManagePage,
  UcProjectManage: async () => (await import('./ProjectManagePage')).ProjectManagePage,
  StationSet: async () => (await import('./StationSetPage')).StationSetPage,
};
