import type { EventItem } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export interface EventQuery {
  project_id?: number | null;
  type?: number | null;
  status?: string | null;
  page?: number;
  size?: number;
}

export function useEvents(q: EventQuery) {
  return useQuery({
    queryKey: ['events', q],
    refetchInterval: 30_000,
    queryFn: () =>
      http.get<{ total: number; list: EventItem[] }>('/api/v6/event/list', {
        query: { project_id: q.project_id ?? undefined, type: q.type ?? undefined, status: q.status ?? undefined, page: q.page ?? 1, size: q.size ?? 20 },
      }),
  });
}
