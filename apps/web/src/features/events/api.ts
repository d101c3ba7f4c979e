import type { EventItem } from '@gridops/contract';
import type { eventCurveResponse, eventLogResponse } from '@gridops/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../api/http';

export type EventCurve = z.infer<typeof eventCurveResponse>;
export type EventLog = z.infer<typeof eventLogResponse>;
export interface EventPage {
  total: number;
  list: EventItem[];
}

export interface EventQuery {
  project_id?: number | null;
  type?: number | null;
  status?: string | null;
  page?: number;
  size?: number;
}

const LIST = '/api/v6/event/list';

/** A short list (site home's recent events). */
export function useEvents(q: EventQuery) {
  return useQuery({
    queryKey: ['events', q],
    refetchInterval: 30_000,
    queryFn: () =>
      http.get<EventPage>(LIST, {
        query: { project_id: q.project_id ?? undefined, type: q.type ?? undefined, status: q.status ?? undefined, page: q.page ?? 1, size: q.size ?? 20 },
      }),
  });
}

/** The events page's list: the full filter query (see `toEventQuery`); keeps the last page while paging. */
export function useEventPage(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['events', 'page', query],
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<EventPage>(LIST, { query, silent: true }),
  });
}

/** Every page of a filtered list, for the export of "all matching" (bounded: the server caps size at 500). */
export async function fetchAllEvents(query: Record<string, string | number | undefined>, max = 2000): Promise<EventItem[]> {
  const out: EventItem[] = [];
  for (let page = 1; out.length < max; page++) {
    const r = await http.get<EventPage>(LIST, { query: { ...query, page, size: 500 } });
    out.push(...r.list);
    if (r.list.length < 500 || out.length >= r.total) break;
  }
  return out.slice(0, max);
}

export function useEventLog(id: number | null) {
  return useQuery({
    queryKey: ['events', 'log', id],
    enabled: id !== null,
    queryFn: () => http.get<EventLog>(`/api/v6/event/${id}/log`, { silent: true }),
  });
}

export function useEventCurve(id: number | null) {
  return useQuery({
    queryKey: ['events', 'curve', id],
    enabled: id !== null,
    staleTime: 60_000,
    queryFn: () => http.get<EventCurve>(`/api/v6/event/${id}/curve`, { silent: true }),
  });
}

export type EventAction = { kind: 'acknowledge'; ids: number[] } | { kind: 'handle'; id: number; note: string } | { kind: 'close'; ids: number[]; note?: string };

/** Acknowledge / handle / close; on success every event list (this page, homes, notices) is re-read. */
export function useEventAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: EventAction) => {
      if (a.kind === 'handle') return http.post<{ updated: number }>('/api/v6/event/handle', { id: a.id, note: a.note });
      if (a.kind === 'close') return http.post<{ updated: number }>('/api/v6/event/close', { ids: a.ids, ...(a.note ? { note: a.note } : {}) });
      return http.post<{ updated: number }>('/api/v6/event/acknowledge', { ids: a.ids });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['events'] }),
  });
}
