import { controlConfigApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export function useControlConfig(projectId: number) {
  return useQuery({
    queryKey: ['control-config', projectId],
    queryFn: () => api(controlConfigApi.get, { project_id: projectId }),
  });
}
export function useInvalidateControlConfig() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['control-config'] });
}
export function useControlApprovals(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['control-approvals', projectId],
    queryFn: () => api(controlConfigApi.approvals, { project_id: projectId }, { silent: true }),
    enabled,
  });
}

/** Writes are silent: the page shows the server's refusal itself. */
export const controlConfigCalls = {
  saveSite: (body: RouteInput<typeof controlConfigApi.saveSite>) => api(controlConfigApi.saveSite, body, { silent: true }),
  saveBreaker: (body: RouteInput<typeof controlConfigApi.saveBreaker>) =>
    api(controlConfigApi.saveBreaker, body, { silent: true }),
  createBlock: (body: RouteInput<typeof controlConfigApi.createBlock>) =>
    api(controlConfigApi.createBlock, body, { silent: true }),
  deleteBlock: (id: number) => api(controlConfigApi.deleteBlock, { id }, { silent: true }),
  createInterlock: (body: RouteInput<typeof controlConfigApi.createInterlock>) =>
    api(controlConfigApi.createInterlock, body, { silent: true }),
  deleteInterlock: (id: number) => api(controlConfigApi.deleteInterlock, { id }, { silent: true }),
  approve: (selectionId: string) =>
    api(controlConfigApi.approve, { selection_id: selectionId }, { silent: true }),
};
