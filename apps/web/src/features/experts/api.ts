import { expertApi, type Expert, type ExpertRegisterRequest, type ExpertUpdateRequest, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';

export type ExpertFilter = RouteInput<typeof expertApi.list>;

export const expertKeys = {
  all: ['experts'] as const,
  list: (f: ExpertFilter) => ['experts', 'list', f] as const,
};

export function useExperts(filter: ExpertFilter) {
  return useQuery({ queryKey: expertKeys.list(filter), queryFn: () => api(expertApi.list, filter, { silent: true }) });
}

export function useInviteCode(enabled: boolean) {
  return useQuery({ queryKey: ['experts', 'inviteCode'], queryFn: () => api(expertApi.inviteCode, undefined, { silent: true }), enabled });
}

export function useCertificatePhoto(certId: number | null) {
  return useQuery({
    queryKey: ['experts', 'photo', certId],
    queryFn: () => api(expertApi.photo, { certId: certId ?? 0 }, { silent: true }),
    enabled: certId !== null,
  });
}

export function useInvalidateExperts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: expertKeys.all });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const expertsApi = {
  // Photos make the body large: a longer timeout than the default.
  register: (body: ExpertRegisterRequest) => api(expertApi.register, body, { silent: true, timeoutMs: 60_000 }),
  review: (id: number, decision: 'approve' | 'reject', reason: string) => api(expertApi.review, { id, decision, reason }, { silent: true }),
  update: (id: number, body: ExpertUpdateRequest) => api(expertApi.update, { ...body, id }, { silent: true }),
  setStatus: (id: number, enabled: boolean) => api(expertApi.setStatus, { id, enabled }, { silent: true }),
};

/** A server refusal: its localised message and the field it names (e.g. `certificates.0.photo`). */
export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

export type { Expert };
