import { faceApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const useFacePeople = (projectId: number) =>
  useQuery({ queryKey: ['face', 'people', projectId], queryFn: () => api(faceApi.people, { project_id: projectId }, { silent: true }) });
export const useFaceGroups = (projectId: number) =>
  useQuery({ queryKey: ['face', 'groups', projectId], queryFn: () => api(faceApi.groups, { project_id: projectId }, { silent: true }) });
/** One person's photo (each fetch is an audited view on the server); keyed by version so a new photo reloads. */
export const useFacePhoto = (id: number, version: number, enabled: boolean) =>
  useQuery({ queryKey: ['face', 'photo', id, version], enabled, staleTime: Infinity, queryFn: () => api(faceApi.photo, { id }, { silent: true }) });

export function useSettleFace() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['face'] });
}

/** The writes, silent: the form shows the refusal on the field it names. */
export const faceWrites = {
  createPerson: (b: RouteInput<typeof faceApi.createPerson>) => api(faceApi.createPerson, b, { silent: true }),
  updatePerson: (b: RouteInput<typeof faceApi.updatePerson>) => api(faceApi.updatePerson, b, { silent: true }),
  removePerson: (id: number, version: number) => api(faceApi.removePerson, { id, version }, { silent: true }),
  createGroup: (b: RouteInput<typeof faceApi.createGroup>) => api(faceApi.createGroup, b, { silent: true }),
  updateGroup: (b: RouteInput<typeof faceApi.updateGroup>) => api(faceApi.updateGroup, b, { silent: true }),
  removeGroup: (id: number, version: number) => api(faceApi.removeGroup, { id, version }, { silent: true }),
};
