import { pushApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';

export const pushKeys = { all: ['push'] as const };

export function usePushSettings(orgId: number | null) {
  return useQuery({ queryKey: ['push', 'settings', orgId], queryFn: () => api(pushApi.settings, { org_id: orgId ?? 0 }, { silent: true }), enabled: orgId !== null });
}
export function usePushDeliveries(orgId: number | null) {
  return useQuery({ queryKey: ['push', 'deliveries', orgId], queryFn: () => api(pushApi.deliveries, { org_id: orgId ?? 0, size: 50 }, { silent: true }), enabled: orgId !== null });
}
export function useInvalidatePush() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: pushKeys.all });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const pushCalls = {
  saveSmtp: (body: RouteInput<typeof pushApi.saveSmtp>) => api(pushApi.saveSmtp, body, { silent: true }),
  createChannel: (body: RouteInput<typeof pushApi.createChannel>) => api(pushApi.createChannel, body, { silent: true }),
  updateChannel: (body: RouteInput<typeof pushApi.updateChannel>) => api(pushApi.updateChannel, body, { silent: true }),
  deleteChannel: (id: number) => api(pushApi.deleteChannel, { id }, { silent: true }),
  test: (body: RouteInput<typeof pushApi.test>) => api(pushApi.test, body, { silent: true, timeoutMs: 30_000 }),
  createRule: (body: RouteInput<typeof pushApi.createRule>) => api(pushApi.createRule, body, { silent: true }),
  updateRule: (body: RouteInput<typeof pushApi.updateRule>) => api(pushApi.updateRule, body, { silent: true }),
  deleteRule: (id: number) => api(pushApi.deleteRule, { id }, { silent: true }),
};

export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}
