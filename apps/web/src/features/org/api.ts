import { orgApi, type OrgNode, type Project, type UserInfo } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { patchSession, session, useSession } from '../../session/store';
import { currentLang, t } from '../../shared/i18n';
import { feedback } from '../../shared/ui/feedback';

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

/** The site to show instead of one the user may not see: their own project, else the first in their tree. */
export function fallbackProject(proList: Project[], info: UserInfo | null): Project | null {
  const own = [info?.project_id, ...(info?.project_ids ?? [])].find((id) => proList.some((p) => p.id === id));
  return proList.find((p) => p.id === own) ?? proList[0] ?? null;
}

/**
 * A `proid` (from a link or a stored session) outside the user's tree would leave every site page waiting on
 * answers it may not get: say so and select the user's first site instead.
 */
function replaceInvisibleProject(proID: number, proList: Project[]): Project | null {
  const fallback = fallbackProject(proList, session().userInfo);
  if (fallback) feedback.warning(t('org.projectNotVisible', { id: proID, name: projectName(fallback, currentLang()) }));
  else feedback.warning(t('org.noProjectVisible', { id: proID }));
  return fallback;
}

/**
 * The organisation tree in scope; also mirrored into the session (orgList, proList, proTotal, proInfo). A
 * selected project that is not in the tree is replaced by the user's first site.
 */
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
    let { proID } = session();
    let proInfo = proList.find((p) => p.id === proID) ?? null;
    if (proID !== null && !proInfo) {
      proInfo = replaceInvisibleProject(proID, proList);
      proID = proInfo?.id ?? null;
    }
    patchSession({ orgList: q.data, proList, proTotal: proList.length, proID, proInfo });
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
