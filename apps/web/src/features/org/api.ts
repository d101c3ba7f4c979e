import { orgApi, type OrgNode, type Project } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { patchSession, session, useSession } from '../../session/store';

export function flattenProjects(nodes: OrgNode[]): Project[] {
  const out: Project[] = [];
  const walk = (ns: OrgNode[]) => {
    for (const n of ns) {
      out.push(...n.projects);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The organisation tree in scope; also mirrored into the session (orgList, proList, proTotal, proInfo). */
export function useOrgTree() {
  const token = useSession((s) => s.token);
  const q = useQuery({
    queryKey: ['org', 'tree', token],
    queryFn: () => api(orgApi.tree),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (!q.data) return;
    const proList = flattenProjects(q.data);
    const { proID } = session();
    patchSession({ orgList: q.data, proList, proTotal: proList.length, proInfo: proList.find((p) => p.id === proID) ?? null });
  }, [q.data]);
  return q;
}

/** The selected project, kept in step with proID. */
export function useCurrentProject(): Project | null {
  const proID = useSession((s) => s.proID);
  const proList = useSession((s) => s.proList);
  return proList.find((p) => p.id === proID) ?? null;
}

export const projectName = (p: { name: string; name_en: string }, lang: string) => (lang === 'en' && p.name_en ? p.name_en : p.name);
export const orgName = (o: { name: string; name_en: string }, lang: string) => (lang === 'en' && o.name_en ? o.name_en : o.name);
