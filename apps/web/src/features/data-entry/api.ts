import { dataEntryApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const useManualMeters = (projectId: number) =>
  useQuery({ queryKey: ['dataEntry', 'meters', projectId], queryFn: () => api(dataEntryApi.meters, { project_id: projectId }, { silent: true }) });
export const useReadings = (meterId: number | null) =>
  useQuery({ queryKey: ['dataEntry', 'readings', meterId], enabled: meterId !== null, queryFn: () => api(dataEntryApi.readings, { id: meterId! }, { silent: true }) });
/** A reading's photo; keyed by version so a replaced photo reloads. */
export const useReadingPhoto = (id: number, version: number, enabled: boolean) =>
  useQuery({ queryKey: ['dataEntry', 'photo', id, version], enabled, staleTime: Infinity, queryFn: () => api(dataEntryApi.photo, { id }, { silent: true }) });

/** After a write: the lists, and the energy pages (readings feed the statistics). */
export function useSettleDataEntry() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ['dataEntry'] });
    await client.invalidateQueries({ queryKey: ['energy'] });
  };
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const dataEntryWrites = {
  createMeter: (b: RouteInput<typeof dataEntryApi.createMeter>) => api(dataEntryApi.createMeter, b, { silent: true }),
  updateMeter: (b: RouteInput<typeof dataEntryApi.updateMeter>) => api(dataEntryApi.updateMeter, b, { silent: true }),
  removeMeter: (id: number, version: number) => api(dataEntryApi.removeMeter, { id, version }, { silent: true }),
  createReading: (b: RouteInput<typeof dataEntryApi.createReading>) => api(dataEntryApi.createReading, b, { silent: true }),
  updateReading: (b: RouteInput<typeof dataEntryApi.updateReading>) => api(dataEntryApi.updateReading, b, { silent: true }),
  removeReading: (id: number, version: number) => api(dataEntryApi.removeReading, { id, version }, { silent: true }),
  importReadings: (id: number, file_base64: string) => api(dataEntryApi.importReadings, { id, file_base64 }, { silent: true }),
};
