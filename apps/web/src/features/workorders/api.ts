import { workOrderApi, type RouteInput, type WorkOrderDetail } from '@gridops/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const woKeys = { all: ['workorders'] as const };

export type WoListQuery = RouteInput<typeof workOrderApi.list>;

export function useWorkOrders(q: WoListQuery, opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ['workorders', 'list', q],
    queryFn: () => api(workOrderApi.list, q),
    placeholderData: keepPreviousData,
    ...(opts.poll === false ? {} : { refetchInterval: 60_000 }),
  });
}

export function useWorkOrder(id: number | null) {
  return useQuery({
    queryKey: ['workorders', 'one', id],
    queryFn: () => api(workOrderApi.get, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

export function useAssignees(projectId: number | null) {
  return useQuery({
    queryKey: ['workorders', 'assignees', projectId],
    queryFn: () => api(workOrderApi.assignees, { project_id: projectId ?? 0 }),
    enabled: projectId !== null,
    staleTime: 60_000,
  });
}

export function useWoPhoto(photoId: number) {
  return useQuery({
    queryKey: ['workorders', 'photo', photoId],
    queryFn: async () => {
      const p = await api(workOrderApi.photo, { photoId });
      return `data:${p.photo_type};base64,${p.photo}`;
    },
    staleTime: Infinity,
  });
}

/** Invalidates every work-order list and detail (and events, which an order acknowledges or closes). */
export function useInvalidateWorkOrders() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: woKeys.all });
    void client.invalidateQueries({ queryKey: ['events'] });
  };
}

export function useCreateWorkOrder() {
  const invalidate = useInvalidateWorkOrders();
  return useMutation({
    mutationFn: (body: RouteInput<typeof workOrderApi.create>) => api(workOrderApi.create, body),
    onSuccess: invalidate,
  });
}

export type WoTransitionInput = Omit<RouteInput<typeof workOrderApi.transition>, 'reason' | 'assignee' | 'cause' | 'action_taken' | 'parts' | 'photos'> &
  Partial<Pick<RouteInput<typeof workOrderApi.transition>, 'reason' | 'assignee' | 'cause' | 'action_taken' | 'parts' | 'photos'>>;

export function useTransition() {
  const client = useQueryClient();
  const invalidate = useInvalidateWorkOrders();
  return useMutation({
    mutationFn: (body: WoTransitionInput) =>
      api(workOrderApi.transition, { reason: '', assignee: null, cause: '', action_taken: '', parts: '', photos: [], ...body }),
    onSuccess: (d: WorkOrderDetail) => {
      client.setQueryData(['workorders', 'one', d.id], d);
      invalidate();
    },
  });
}
