import type {
  EnergyLoop,
  EnergyType,
  MeterNode,
  MeterNodeCreate,
  MeterNodeUpdate,
  MeterPoint,
  meterTreeResponse,
} from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, http, request } from '../../api/http';
import { useSession } from '../../session/store';

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
      http.get<MeterTree>('/api/v6/energy/meterTree', {
        query: { project_id: projectId, energy_type: energyType },
        silent: true,
      }),
  });
}

export function useMeterPoints(projectId: number) {
  return useQuery({
    queryKey: setupKeys.points(projectId),
    queryFn: () =>
      http.get<MeterPoint[]>('/api/v6/energy/meterPoints', {
        query: { project_id: projectId },
        silent: true,
      }),
  });
}

export function useLoops(projectId: number) {
  return useQuery({
    queryKey: setupKeys.loops(projectId),
    queryFn: () =>
      http.get<EnergyLoop[]>('/api/v6/energy/loops', { query: { project_id: projectId }, silent: true }),
  });
}

/** Editors show server refusals in place (with the field), so the calls are silent. */
export const setupApi = {
  createNode: (body: MeterNodeCreate) =>
    request<MeterNode>('POST', '/api/v6/energy/meterNode', { body, silent: true }),
  updateNode: (id: number, body: MeterNodeUpdate) =>
    request<MeterNode>('PUT', `/api/v6/energy/meterNode/${id}`, { body, silent: true }),
  deleteNode: (id: number) =>
    request<{ id: number }>('DELETE', `/api/v6/energy/meterNode/${id}`, { silent: true }),
  saveLayout: (projectId: number, positions: { node_id: number; x: number; y: number }[]) =>
    request<{ updated: number }>('PUT', '/api/v6/energy/flowLayout', {
      body: { project_id: projectId, positions },
      silent: true,
    }),
  createLoop: (body: { project_id: number; name: string; name_en: string; node_ids: number[] }) =>
    request<EnergyLoop>('POST', '/api/v6/energy/loop', { body, silent: true }),
  updateLoop: (id: number, body: { name?: string; name_en?: string; node_ids?: number[] }) =>
    request<EnergyLoop>('PUT', `/api/v6/energy/loop/${id}`, { body, silent: true }),
  deleteLoop: (id: number) => request<{ id: number }>('DELETE', `/api/v6/energy/loop/${id}`, { silent: true }),
};

/** After any edit the tree, the points' "bound to" and the loops' members may all have changed. */
export function useInvalidateSetup() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['energySetup'] });
}

/** Server refusal as shown in an editor: its localised message and the field it names (10006/10008). */
export interface EditError {
  message: string;
  field: string | null;
  code: number;
}

export function toEditError(e: unknown): EditError {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, code: e.code, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), code: 0, field: null };
}

/** Editing controls are offered to users who may configure; the rest see the same page read-only. */
export function useCanConfigure(): boolean {
  return useSession((s) => s.userInfo?.can_control === true);
}
