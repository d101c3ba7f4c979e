import { buildingApi, type EquipmentSet, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Polled while the page is open (paused in a background tab), as the distribution live views are. */
export const BUILDING_POLL_MS = 5_000;

export const useBuildings = (projectId: number) =>
  useQuery({ queryKey: ['building', 'buildings', projectId], queryFn: () => api(buildingApi.buildings.list, { project_id: projectId }, { silent: true }) });

export const useEquipment = <S extends EquipmentSet>(set: S, projectId: number) =>
  useQuery({ queryKey: ['building', set, projectId], queryFn: () => api(buildingApi[set].list, { project_id: projectId }, { silent: true }) });

export const useBuildingLive = (projectId: number) =>
  useQuery({
    queryKey: ['building', 'live', projectId],
    queryFn: () => api(buildingApi.live, { project_id: projectId }, { silent: true }),
    refetchInterval: BUILDING_POLL_MS,
    refetchIntervalInBackground: false,
  });

/** After a write or an operation: every building query (sets and live view). */
export function useSettleBuilding() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['building'] });
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const buildingWrites = {
  buildings: {
    create: (b: RouteInput<typeof buildingApi.buildings.create>) => api(buildingApi.buildings.create, b, { silent: true }),
    update: (b: RouteInput<typeof buildingApi.buildings.update>) => api(buildingApi.buildings.update, b, { silent: true }),
    remove: (id: number, version: number) => api(buildingApi.buildings.remove, { id, version }, { silent: true }),
  },
  /** One set's writes; the body is the set's form values (the server validates them with the set's schema). */
  equipment: (set: EquipmentSet) => ({
    create: (b: Record<string, unknown>) => api(buildingApi[set].create, b as RouteInput<(typeof buildingApi)['air']['create']>, { silent: true }),
    update: (b: Record<string, unknown>) => api(buildingApi[set].update, b as RouteInput<(typeof buildingApi)['air']['update']>, { silent: true }),
    remove: (id: number, version: number) => api(buildingApi[set].remove, { id, version }, { silent: true }),
  }),
};
