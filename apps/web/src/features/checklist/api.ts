import { checklistApi } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

/** The checklist refreshes every 30 s: gateways come online and devices get placed while it is open. */
const REFRESH_MS = 30_000;

export function useSiteChecklist(projectId: number) {
  return useQuery({
    queryKey: ['checklist', 'site', projectId],
    queryFn: () => api(checklistApi.site, { project_id: projectId }, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
}

export function useChecklistOverview(enabled = true) {
  return useQuery({
    queryKey: ['checklist', 'all'],
    queryFn: () => api(checklistApi.overview, {}, { silent: true }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}
