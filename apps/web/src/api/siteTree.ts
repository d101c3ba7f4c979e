import { distributionApi } from '@gridops/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The site's room → device → point tree with latest values. The pickers only need names and ids, so it is read
 * once and kept for a minute (the real-time page polls the same endpoint on its own schedule).
 */
export function useSiteTree(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'tree', projectId],
    staleTime: 60_000,
    queryFn: projectId === null ? skipToken : () => api(distributionApi.realtime, { project_id: projectId }, { silent: true }),
  });
}
