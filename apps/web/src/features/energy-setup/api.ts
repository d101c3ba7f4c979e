import {
  meteringApi,
  type EnergyType,
  type MeterNodeCreate,
  type MeterNodeUpdate,
  type RouteInput,
  type meterTreeResponse,
} from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/api';

export type MeterTree = z.infer<typeof meterTreeResponse>;

export const setupKeys = {
  tree: (projectId: number, energyType: EnergyType) =>
    ['energySetup', 'tree', projectId, energyType] as const,
  points: (projectId: number) => ['energySetup', 'points', projectId] as const,
  loops: (projectId: number) => ['energySetup', 'loops', projectId] as const,
};

export function useMeterTree(projectId: number, energyType: EnergyType) {
  return useQuery({
    queryKey: setupKeys.tree(projectId, energyType),
    queryFn: () =>
      api(meteringApi.tree, { project_id: projectId, energy_type: energyType }, { silent: true }),
  });
}

export function useMeterPoints(projectId: number) {
  return useQuery({
    queryKey: setupKeys.points(projectId),
    queryFn: () =>
      api(meteringApi.points, { project_id: projectId }, { silent: true }),
  });
}

export function useLoops(projectId: number) {
  return useQuery({
    queryKey: setupKeys.loops(projectId),
    queryFn: () =>
      api(meteringApi.loops, { project_id: projectId }, { silent: true }),
  });
}

/** Editors show server refusals in place (with the field), so the calls are silent. */
export const setupApi = {
  createNode: (body: MeterNodeCreate) => api(meteringApi.createNode, body, { silent: true }),
  updateNode: (id: number, body: MeterNodeUpdate) => api(meteringApi.updateNode, { ...body, id }, { silent: true }),
  deleteNode: (id: number) => api(meteringApi.deleteNode, { id }, { silent: true }),
  saveLayout: (projectId: number, positions: { node_id: number; x: number; y: number }[]) =>
    api(meteringApi.saveLayout, { project_id: projectId, positions }, { silent: true }),
  createLoop: (body: RouteInput<typeof meteringApi.createLoop>) => api(meteringApi.createLoop, body, { silent: true }),
  updateLoop: (id: number, body: Omit<RouteInput<typeof meteringApi.updateLoop>, 'id'>) =>
    api(meteringApi.updateLoop, { ...body, id }, { silent: true }),
  deleteLoop: (id: number) => api(meteringApi.deleteLoop, { id }, { silent: true }),
};

/** After any edit the tree, the points' "bound to" and the loops' members may all have changed. */
export function useInvalidateSetup() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['energySetup'] });
}

