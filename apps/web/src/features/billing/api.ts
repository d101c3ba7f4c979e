import { billingApi, type BillingTariff, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';

export type { BillingTariff };

export function useTariffs(projectId: number) {
  return useQuery({ queryKey: ['billing', 'tariffs', projectId], queryFn: () => api(billingApi.tariffs, { project_id: projectId }, { silent: true }) });
}

/** After a write: the tariff list and every expense/overview figure priced with it. */
export function useInvalidateBilling() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: ['billing'] });
    await client.invalidateQueries({ queryKey: ['energy'] });
  };
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const billingCalls = {
  create: (body: RouteInput<typeof billingApi.createTariff>) => api(billingApi.createTariff, body, { silent: true }),
  update: (body: RouteInput<typeof billingApi.updateTariff>) => api(billingApi.updateTariff, body, { silent: true }),
  remove: (id: number) => api(billingApi.deleteTariff, { id }, { silent: true }),
};

export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}
