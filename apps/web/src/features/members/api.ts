import {
  memberApi,
  orgApi,
  type Member,
  type MemberCreateRequest,
  type MemberUpdateRequest,
  type OrgNode,
  type Permission,
  type RouteInput,
} from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';

export type MemberFilter = RouteInput<typeof memberApi.list>;

export const memberKeys = {
  all: ['members'] as const,
  list: (f: MemberFilter) => ['members', 'list', f] as const,
};

export function useMembers(filter: MemberFilter) {
  return useQuery({
    queryKey: memberKeys.list(filter),
    queryFn: () => api(memberApi.list, filter, { silent: true }),
  });
}

/** The organisations and projects the caller may place members in (the scoped organisation tree). */
export function useMemberOrgTree() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['members', 'orgTree', token], queryFn: () => api(orgApi.tree, undefined, { silent: true }) });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const membersApi = {
  create: (body: MemberCreateRequest) => api(memberApi.create, body, { silent: true }),
  update: (id: number, body: MemberUpdateRequest) => api(memberApi.update, { ...body, id }, { silent: true }),
  resetPassword: (id: number) => api(memberApi.resetPassword, { id }, { silent: true }),
  setStatus: (id: number, enabled: boolean) => api(memberApi.setStatus, { id, enabled }, { silent: true }),
  unlock: (id: number) => api(memberApi.unlock, { id }, { silent: true }),
};

export function useInvalidateMembers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memberKeys.all });
}

/** A server refusal: its localised message and the field it names. */
export interface FieldError {
  message: string;
  field: string | null;
}

export function toFieldError(e: unknown): FieldError {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

/** What the signed-in user holds (the server decides; the page only hides what would be refused). */
export function useHasPermission(p: Permission): boolean {
  // A session stored before permissions existed has none until userinfo is fetched again.
  return useSession((s) => s.userInfo?.permissions?.includes(p) === true);
}

export interface OrgOption {
  id: number;
  name: string;
  name_en: string;
  depth: number;
  projects: OrgNode['projects'];
}

/** The tree flattened in order, each organisation with the projects of its whole subtree. */
export function orgOptions(tree: OrgNode[]): OrgOption[] {
  const out: OrgOption[] = [];
  const subtreeProjects = (n: OrgNode): OrgNode['projects'] => [...n.projects, ...n.children.flatMap(subtreeProjects)];
  const walk = (nodes: OrgNode[], depth: number) => {
    for (const n of nodes) {
      out.push({ id: n.id, name: n.name, name_en: n.name_en, depth, projects: subtreeProjects(n) });
      walk(n.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

export type { Member };
