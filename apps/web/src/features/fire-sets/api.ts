import { fireSetsApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const fireKeys = {
  all: ['fireSets'] as const,
  loops: (projectId: number) => ['fireSets', 'loops', projectId] as const,
  arcs: (projectId: number) => ['fireSets', 'arcs', projectId] as const,
  limits: (projectId: number) => ['fireSets', 'limits', projectId] as const,
};

export const useFireLoops = (projectId: number) => useQuery({ queryKey: fireKeys.loops(projectId), queryFn: () => api(fireSetsApi.loops, { project_id: projectId }, { silent: true }) });
export const useArcDetectors = (projectId: number) => useQuery({ queryKey: fireKeys.arcs(projectId), queryFn: () => api(fireSetsApi.arcs, { project_id: projectId }, { silent: true }) });
/** The limits in force per detector (what the alarm engine applies), re-read with the live values. */
export const useFireLimits = (projectId: number) =>
  useQuery({ queryKey: fireKeys.limits(projectId), queryFn: () => api(fireSetsApi.limits, { project_id: projectId }, { silent: true }), refetchInterval: 15_000 });

/** After a write: the lists, the fire page's limits and the alarm-rule list (the sets write rules). */
export function useSettleFire() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: fireKeys.all });
    await client.invalidateQueries({ queryKey: ['alarm-rules'] });
  };
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const fireCalls = {
  createLoop: (b: RouteInput<typeof fireSetsApi.createLoop>) => api(fireSetsApi.createLoop, b, { silent: true }),
  updateLoop: (b: RouteInput<typeof fireSetsApi.updateLoop>) => api(fireSetsApi.updateLoop, b, { silent: true }),
  removeLoop: (id: number, version: number) => api(fireSetsApi.removeLoop, { id, version }, { silent: true }),
  importLoops: (b: RouteInput<typeof fireSetsApi.importLoops>) => api(fireSetsApi.importLoops, b, { silent: true, timeoutMs: 60_000 }),
  createArc: (b: RouteInput<typeof fireSetsApi.createArc>) => api(fireSetsApi.createArc, b, { silent: true }),
  updateArc: (b: RouteInput<typeof fireSetsApi.updateArc>) => api(fireSetsApi.updateArc, b, { silent: true }),
  removeArc: (id: number, version: number) => api(fireSetsApi.removeArc, { id, version }, { silent: true }),
  importArcs: (b: RouteInput<typeof fireSetsApi.importArcs>) => api(fireSetsApi.importArcs, b, { silent: true, timeoutMs: 60_000 }),
};
