import { eventApi, historyApi, type EventItem, type RouteInput } from '@gridops/contract';
import type { eventCurveResponse, eventLogResponse } from '@gridops/contract';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useLiveRefresh } from '../../shared/stats';

/**
 * Event texts with a message key re-render in the new language at once (shared/i18n/eventText.ts); project and
 * device names and the texts of events stored before the catalogue come back in the request's language, so the
 * language is part of the list keys: a switch re-reads them (the previous rows stay shown meanwhile).
 */
function useLangKey(): 'zh' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

export type EventCurve = z.infer<typeof eventCurveResponse>;
export type EventLog = z.infer<typeof eventLogResponse>;

export interface EventQuery {
  project_id?: number | null;
  type?: number | null;
  status?: string | null;
  page?: number;
  size?: number;
}

/** The list's filter and page as the events API takes them (comma-separated types, levels and statuses). */
export type EventListQuery = RouteInput<typeof eventApi.list>;

/** A short list (site home's recent events). */
export function useEvents(q: EventQuery) {
  const lang = useLangKey();
  const queryKey = ['events', q, lang];
  // A live event (raised, or its state changed) makes the short list stale at once, not at the next poll.
  useLiveRefresh(queryKey, { match: (m) => m.command === 'event', throttleMs: 2000 });
  return useQuery({
    queryKey,
    refetchInterval: 30_000,
    queryFn: () =>
      api(eventApi.list, {
        project_id: q.project_id ?? undefined,
        type: q.type?.toString(),
        status: q.status ?? undefined,
        page: q.page ?? 1,
        size: q.size ?? 20,
      }),
  });
}

/** The events page's list: the full filter query (see `toEventQuery`); keeps the last page while paging. */
export function useEventPage(query: EventListQuery) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['events', 'page', query, lang],
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => api(eventApi.list, query, { silent: true }),
  });
}

/** Every page of a filtered list, for the export of "all matching" (bounded: the server caps size at 500). */
export async function fetchAllEvents(query: EventListQuery, max = 2000): Promise<EventItem[]> {
  const out: EventItem[] = [];
  for (let page = 1; out.length < max; page++) {
    const r = await api(eventApi.list, { ...query, page, size: 500 });
    out.push(...r.list);
    if (r.list.length < 500 || out.length >= r.total) break;
  }
  return out.slice(0, max);
}

export function useEventLog(id: number | null) {
  return useQuery({
    queryKey: ['events', 'log', id],
    queryFn: id === null ? skipToken : () => api(eventApi.log, { id }, { silent: true }),
  });
}

export function useEventCurve(id: number | null) {
  return useQuery({
    queryKey: ['events', 'curve', id],
    staleTime: 60_000,
    queryFn: id === null ? skipToken : () => api(historyApi.eventCurve, { id }, { silent: true }),
  });
}

export type EventAction = { kind: 'acknowledge'; ids: number[] } | { kind: 'handle'; id: number; note: string } | { kind: 'close'; ids: number[]; note?: string };

/** Acknowledge / handle / close; on success every event list (this page, homes, notices) is re-read. */
export function useEventAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: EventAction) => {
      if (a.kind === 'handle') return api(eventApi.handle, { id: a.id, note: a.note });
      if (a.kind === 'close') return api(eventApi.close, { ids: a.ids, ...(a.note ? { note: a.note } : {}) });
      return api(eventApi.acknowledge, { ids: a.ids });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['events'] }),
  });
}
