import { auxDeviceApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const useAuxDevices = (projectId: number) =>
  useQuery({ queryKey: ['auxDevices', 'devices', projectId], queryFn: () => api(auxDeviceApi.list, { project_id: projectId }, { silent: true }) });
export const useAuxRules = (projectId: number) =>
  useQuery({ queryKey: ['auxDevices', 'rules', projectId], queryFn: () => api(auxDeviceApi.rules, { project_id: projectId }, { silent: true }) });

/** After a write: both lists, and AuxControl's devices (names, limits, remote control). */
export function useSettleAux() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ['auxDevices'] });
    await client.invalidateQueries({ queryKey: ['aux-targets'] });
  };
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const auxCalls = {
  create: (b: RouteInput<typeof auxDeviceApi.create>) => api(auxDeviceApi.create, b, { silent: true }),
  update: (b: RouteInput<typeof auxDeviceApi.update>) => api(auxDeviceApi.update, b, { silent: true }),
  remove: (id: number, version: number) => api(auxDeviceApi.remove, { id, version }, { silent: true }),
  importXlsx: (b: RouteInput<typeof auxDeviceApi.importXlsx>) => api(auxDeviceApi.importXlsx, b, { silent: true }),
  createRule: (b: RouteInput<typeof auxDeviceApi.createRule>) => api(auxDeviceApi.createRule, b, { silent: true }),
  updateRule: (b: RouteInput<typeof auxDeviceApi.updateRule>) => api(auxDeviceApi.updateRule, b, { silent: true }),
  removeRule: (id: number, version: number) => api(auxDeviceApi.removeRule, { id, version }, { silent: true }),
};
