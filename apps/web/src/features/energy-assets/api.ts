import { energyAssetsApi, type AssetKind, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

const key = (kind: AssetKind, projectId: number) => ['energyAssets', kind, projectId] as const;

export const usePvArrays = (projectId: number) =>
  useQuery({ queryKey: key('pv', projectId), queryFn: () => api(energyAssetsApi.pv.list, { project_id: projectId }, { silent: true }) });
export const useWindTurbines = (projectId: number) =>
  useQuery({ queryKey: key('wind', projectId), queryFn: () => api(energyAssetsApi.wind.list, { project_id: projectId }, { silent: true }) });
/** Storage systems; re-read every 3 s while a PCS has not yet answered its strategy (the "On the PCS" column). */
export const useEssSystems = (projectId: number) =>
  useQuery({
    queryKey: key('ess', projectId),
    queryFn: () => api(energyAssetsApi.ess.list, { project_id: projectId }, { silent: true }),
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.sync?.state === 'pending') ? 3000 : false),
  });
export const useChargers = (projectId: number) =>
  useQuery({ queryKey: key('charger', projectId), queryFn: () => api(energyAssetsApi.charger.list, { project_id: projectId }, { silent: true }) });

/** After a write: the lists, and the new-energy overview's expected yield. */
export function useSettleAssets() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ['energyAssets'] });
    await client.invalidateQueries({ queryKey: ['energy'] });
  };
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const assetsApi = {
  pv: {
    create: (b: RouteInput<typeof energyAssetsApi.pv.create>) => api(energyAssetsApi.pv.create, b, { silent: true }),
    update: (b: RouteInput<typeof energyAssetsApi.pv.update>) => api(energyAssetsApi.pv.update, b, { silent: true }),
    remove: (id: number, version: number) => api(energyAssetsApi.pv.remove, { id, version }, { silent: true }),
  },
  wind: {
    create: (b: RouteInput<typeof energyAssetsApi.wind.create>) => api(energyAssetsApi.wind.create, b, { silent: true }),
    update: (b: RouteInput<typeof energyAssetsApi.wind.update>) => api(energyAssetsApi.wind.update, b, { silent: true }),
    remove: (id: number, version: number) => api(energyAssetsApi.wind.remove, { id, version }, { silent: true }),
  },
  ess: {
    create: (b: RouteInput<typeof energyAssetsApi.ess.create>) => api(energyAssetsApi.ess.create, b, { silent: true }),
    update: (b: RouteInput<typeof energyAssetsApi.ess.update>) => api(energyAssetsApi.ess.update, b, { silent: true }),
    remove: (id: number, version: number) => api(energyAssetsApi.ess.remove, { id, version }, { silent: true }),
  },
  charger: {
    create: (b: RouteInput<typeof energyAssetsApi.charger.create>) => api(energyAssetsApi.charger.create, b, { silent: true }),
    update: (b: RouteInput<typeof energyAssetsApi.charger.update>) => api(energyAssetsApi.charger.update, b, { silent: true }),
    remove: (id: number, version: number) => api(energyAssetsApi.charger.remove, { id, version }, { silent: true }),
  },
};
