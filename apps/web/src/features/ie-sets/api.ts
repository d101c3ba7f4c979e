import { ieSetsApi, type EnergyType, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const ieKeys = {
  all: ['ieSets'] as const,
  categories: (projectId: number, type: EnergyType) => ['ieSets', 'categories', projectId, type] as const,
  meters: (projectId: number, type: EnergyType) => ['ieSets', 'meters', projectId, type] as const,
};

export function useIeCategories(projectId: number, type: EnergyType) {
  return useQuery({
    queryKey: ieKeys.categories(projectId, type),
    queryFn: () => api(ieSetsApi.categories, { project_id: projectId, energy_type: type }, { silent: true }),
  });
}

export function useIeMeters(projectId: number, type: EnergyType) {
  return useQuery({
    queryKey: ieKeys.meters(projectId, type),
    queryFn: () => api(ieSetsApi.meters, { project_id: projectId, energy_type: type }, { silent: true }),
  });
}

/** After an edit the counts, the assignments and the integrated-energy breakdown may all have changed. */
export function useInvalidateIe() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ieKeys.all });
    await client.invalidateQueries({ queryKey: ['carbon'] });
  };
}

/** Editors show server refusals in place (with the field), so the calls are silent. */
export const ieApi = {
  createCategory: (body: RouteInput<typeof ieSetsApi.createCategory>) => api(ieSetsApi.createCategory, body, { silent: true }),
  updateCategory: (id: number, body: Omit<RouteInput<typeof ieSetsApi.updateCategory>, 'id'>) =>
    api(ieSetsApi.updateCategory, { ...body, id }, { silent: true }),
  deleteCategory: (id: number, version: number) => api(ieSetsApi.deleteCategory, { id, version }, { silent: true }),
  assign: (body: RouteInput<typeof ieSetsApi.assign>) => api(ieSetsApi.assign, body, { silent: true }),
};
