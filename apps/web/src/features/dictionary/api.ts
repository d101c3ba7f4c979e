import { dictionaryApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';
import { setDictionaryEntries } from './store';

export const dictionaryKeys = { all: ['dictionary'] as const, labels: ['dictionary', 'labels'] as const };

/** How long a console keeps labels before it asks again (also on window focus): another user's edit shows within it. */
const LABELS_STALE_MS = 60_000;

/**
 * Keeps the dictionary store filled for the logged-in user (called once by each shell). Refetched after an edit
 * in this console (the page invalidates `dictionary`), on window focus and every few minutes for other consoles.
 */
export function useDictionarySync() {
  const token = useSession((s) => s.token);
  const q = useQuery({
    queryKey: [...dictionaryKeys.labels, token],
    queryFn: () => api(dictionaryApi.labels, {}, { silent: true }),
    enabled: !!token,
    staleTime: LABELS_STALE_MS,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * LABELS_STALE_MS,
  });
  useEffect(() => {
    setDictionaryEntries(q.data?.entries);
  }, [q.data]);
}

export function useDictionaryView(orgId: number | null) {
  return useQuery({ queryKey: [...dictionaryKeys.all, 'view', orgId], queryFn: () => api(dictionaryApi.view, orgId === null ? {} : { org_id: orgId }, { silent: true }) });
}

export function useInvalidateDictionary() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dictionaryKeys.all });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const dictionaryCalls = {
  update: (body: RouteInput<typeof dictionaryApi.update>) => api(dictionaryApi.update, body, { silent: true }),
  create: (body: RouteInput<typeof dictionaryApi.create>) => api(dictionaryApi.create, body, { silent: true }),
  reset: (body: RouteInput<typeof dictionaryApi.reset>) => api(dictionaryApi.reset, body, { silent: true }),
};

/** The server's refusal (message in the user's language) and the field it names, if any. */
export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}
