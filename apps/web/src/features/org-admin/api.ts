import {
  orgAdminApi,
  type AdminOrg,
  type AdminProject,
  type OrgCreate,
  type OrgUpdate,
  type ProjectFields,
  type ProjectUpdate,
} from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';

export const adminKeys = {
  orgs: ['orgAdmin', 'orgs'] as const,
  projects: ['orgAdmin', 'projects'] as const,
  project: (id: number) => ['orgAdmin', 'project', id] as const,
};

export function useAdminOrgs(enabled = true) {
  return useQuery({ queryKey: adminKeys.orgs, queryFn: () => api(orgAdminApi.orgs, undefined, { silent: true }), enabled });
}

export function useAdminProjects() {
  return useQuery({ queryKey: adminKeys.projects, queryFn: () => api(orgAdminApi.projects, { page: 1, size: 200 }, { silent: true }) });
}

export function useAdminProject(id: number) {
  return useQuery({ queryKey: adminKeys.project(id), queryFn: () => api(orgAdminApi.project, { id }, { silent: true }) });
}

/**
 * After a write: the administration lists and the organisation tree every page reads (site selector, site
 * pages' project data) are fetched again, so the change shows without a reload.
 */
export function useInvalidateAdmin() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: ['orgAdmin'] }), client.invalidateQueries({ queryKey: ['org'] })]);
  };
}

/** Editors show server refusals in place (with the field), so the calls are silent. */
export const adminApi = {
  createOrg: (body: OrgCreate): Promise<AdminOrg> => api(orgAdminApi.createOrg, body, { silent: true }),
  updateOrg: (id: number, body: OrgUpdate): Promise<AdminOrg> => api(orgAdminApi.updateOrg, { ...body, id }, { silent: true }),
  moveOrg: (id: number, parentId: number, version: number): Promise<AdminOrg> =>
    api(orgAdminApi.moveOrg, { id, parent_id: parentId, version }, { silent: true }),
  deleteOrg: (id: number, version: number) => api(orgAdminApi.deleteOrg, { id, version }, { silent: true }),
  createProject: (body: ProjectFields): Promise<AdminProject> => api(orgAdminApi.createProject, body, { silent: true }),
  updateProject: (id: number, body: ProjectUpdate): Promise<AdminProject> => api(orgAdminApi.updateProject, { ...body, id }, { silent: true }),
  createRoom: (projectId: number, name: string, nameEn: string) =>
    api(orgAdminApi.createRoom, { id: projectId, name, name_en: nameEn }, { silent: true }),
  renameRoom: (id: number, name: string, nameEn: string) => api(orgAdminApi.renameRoom, { id, name, name_en: nameEn }, { silent: true }),
  deleteRoom: (id: number) => api(orgAdminApi.deleteRoom, { id }, { silent: true }),
};

/** A server refusal as an editor shows it: its localised message and the field it names. */
export interface AdminError {
  message: string;
  field: string | null;
  code: number;
}

export function toAdminError(e: unknown): AdminError {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, code: e.code, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), code: 0, field: null };
}

/** Centre users with the configure permission edit the tree and all projects; site users with it their own station. */
export function useCanManage(): { orgs: boolean; station: boolean } {
  const userType = useSession((s) => s.userType);
  const canConfigure = useSession((s) => s.userInfo?.permissions.includes('configure') === true);
  return { orgs: canConfigure && userType === 0, station: canConfigure && (userType === 0 || userType === 1) };
}

/** IANA zones the browser knows (the server checks the choice again). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
}
