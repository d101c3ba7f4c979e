import { faceApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { onLiveReconnect, useLiveMessages } from '../../api/live';

/** Re-read every 3 s while a person waits for a terminal (pending or deleting), so the status follows the sync. */
export const useFacePeople = (projectId: number) =>
  useQuery({
    queryKey: ['face', 'people', projectId],
    queryFn: () => api(faceApi.people, { project_id: projectId }, { silent: true }),
    refetchInterval: (q) => (q.state.data?.items.some((p) => p.sync.pending > 0 || p.sync.deleting > 0) ? 3000 : false),
  });
export const useFaceSync = (projectId: number, enabled: boolean) =>
  useQuery({ queryKey: ['face', 'sync', projectId], enabled, refetchInterval: 3000, queryFn: () => api(faceApi.sync, { project_id: projectId }, { silent: true }) });
export const useFaceTerminals = (projectId: number) =>
  useQuery({ queryKey: ['face', 'terminals', projectId], refetchInterval: 5000, queryFn: () => api(faceApi.terminals, { project_id: projectId }, { silent: true }) });
export const useFaceSettings = (projectId: number) =>
  useQuery({ queryKey: ['face', 'settings', projectId], queryFn: () => api(faceApi.settings, { project_id: projectId }, { silent: true }) });
export type FaceRecordFilter = Omit<RouteInput<typeof faceApi.records>, 'project_id'>;
/** Records of the filter: re-read on live `face_record` messages (useFaceLiveRefresh), every 60 s as a fallback. *//** Records of the filter; re-read every 10 s (new recognitions arrive all day). */
export const useFaceRecords = (projectId: number, f: FaceRecordFilter) =>
  useQuery({ queryKey: ['face', 'records', projectId, f], refetchInterval: 60_000, queryFn: () => api(faceApi.records, { project_id: projectId, ...f }, { silent: true }) });
/** A record's snapshot, fetched only when opened (each fetch is an audited view). */
export const useFaceSnapshot = (id: number | null) =>
  useQuery({ queryKey: ['face', 'snapshot', id], enabled: id !== null, staleTime: Infinity, queryFn: () => api(faceApi.snapshot, { id: id! }, { silent: true }) });
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
  updateSettings: (b: RouteInput<typeof faceApi.updateSettings>) => api(faceApi.updateSettings, b),
};

/** Records and terminal counts are re-read when the server announces a new recognition (`face_record`) of the site. */
export function useFaceLiveRefresh(projectId: number) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['face', 'records', projectId] });
    void client.invalidateQueries({ queryKey: ['face', 'terminals', projectId] });
  };
  useLiveMessages((m) => m.command === 'face_record' && (m.data as { project_id?: unknown } | null)?.project_id === projectId, refresh);
  useEffect(() => onLiveReconnect(() => void client.invalidateQueries({ queryKey: ['face', 'records', projectId] })), [client, projectId]);
}
