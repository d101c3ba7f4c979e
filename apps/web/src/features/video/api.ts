import { aiSecurityApi, videoApi, type LiveCamera, type RouteInput } from '@gridops/contract';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { onLiveReconnect, useLiveMessages } from '../../api/live';

export type { LiveCamera };

/** The site's cameras to watch. Play URLs are signed for a few hours and stay the same between refreshes. */
export function useLiveCameras(projectId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['video', 'live', projectId, i18n.language],
    refetchInterval: 30 * 60_000,
    queryFn: projectId === null ? skipToken : () => api(videoApi.live, { project_id: projectId }, { silent: true }),
  });
}

/** The configured cameras (configuration page). */
export function useVideoCameras(projectId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['video', 'cameras', projectId, i18n.language],
    queryFn: projectId === null ? skipToken : () => api(videoApi.cameras, { project_id: projectId }, { silent: true }),
  });
}

/** A camera's picture, re-read every `everyMs` (snapshot-only cameras). */
export function useSnapshot(cameraId: number | null, everyMs: number) {
  return useQuery({
    queryKey: ['video', 'snapshot', cameraId],
    refetchInterval: everyMs,
    queryFn: cameraId === null ? skipToken : () => api(videoApi.snapshot, { id: cameraId }, { silent: true }),
  });
}

/** An event's room camera and the capture taken when it was raised. */
export function useEventMedia(eventId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['video', 'eventMedia', eventId, i18n.language],
    queryFn: eventId === null ? skipToken : () => api(videoApi.eventMedia, { event_id: eventId }, { silent: true }),
  });
}

export function useInvalidateVideo() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['video'] });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const videoCalls = {
  create: (body: RouteInput<typeof videoApi.createCamera>) => api(videoApi.createCamera, body, { silent: true }),
  update: (body: RouteInput<typeof videoApi.updateCamera>) => api(videoApi.updateCamera, body, { silent: true }),
  remove: (id: number) => api(videoApi.deleteCamera, { id }, { silent: true }),
};

/** How often the AI page re-reads without a live message: only a fallback for a lost live channel. */
const AI_FALLBACK_POLL_MS = 60_000;

/**
 * The AI page follows the live channel: the server announces each stored detection to the site's consoles
 * (`{ command: 'ai_event', data: { project_id, id, type } }`), and the lists are re-read then, and after the
 * live connection comes back (messages may have been missed while it was down).
 */
export function useAiLiveRefresh(projectId: number | null) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: ['video', 'ai'] });
  useLiveMessages((m) => m.command === 'ai_event' && projectId !== null && (m.data as { project_id?: unknown } | null)?.project_id === projectId, refresh);
  useEffect(() => onLiveReconnect(() => void client.invalidateQueries({ queryKey: ['video', 'ai'] })), [client]);
}

/** AI security: detections (newest first) and the summary, refreshed by live messages (useAiLiveRefresh). */
export function useAiEvents(projectId: number | null, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['video', 'ai', 'events', projectId, page, size, i18n.language],
    refetchInterval: AI_FALLBACK_POLL_MS,
    queryFn: projectId === null ? skipToken : () => api(aiSecurityApi.events, { project_id: projectId, page, size }, { silent: true }),
  });
}
export function useAiSummary(projectId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['video', 'ai', 'summary', projectId, i18n.language],
    refetchInterval: AI_FALLBACK_POLL_MS,
    queryFn: projectId === null ? skipToken : () => api(aiSecurityApi.summary, { project_id: projectId }, { silent: true }),
  });
}
export const reviewAi = (id: number, verdict: 'confirmed' | 'false_positive') => api(aiSecurityApi.review, { id, verdict }, { silent: true });
