import { inspectionApi, type Finding, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError, NO_RESPONSE } from '../../api/http';

export const inspectionKeys = { all: ['inspection'] as const };

export function useTemplates(projectId: number) {
  return useQuery({ queryKey: ['inspection', 'templates', projectId], queryFn: () => api(inspectionApi.templates, { project_id: projectId }) });
}
export function usePlans(projectId: number) {
  return useQuery({ queryKey: ['inspection', 'plans', projectId], queryFn: () => api(inspectionApi.plans, { project_id: projectId }) });
}
export function usePlanOptions(projectId: number) {
  return useQuery({ queryKey: ['inspection', 'options', projectId], queryFn: () => api(inspectionApi.options, { project_id: projectId }) });
}
export function useMyTasks() {
  return useQuery({ queryKey: ['inspection', 'myTasks'], queryFn: () => api(inspectionApi.myTasks, {}, { silent: true }), refetchOnWindowFocus: true, networkMode: 'always' });
}
export function useTask(id: number | null) {
  return useQuery({ queryKey: ['inspection', 'task', id], queryFn: () => api(inspectionApi.task, { id: id ?? 0 }, { silent: true }), enabled: id !== null, networkMode: 'always' });
}
export function useTasks(q: RouteInput<typeof inspectionApi.tasks>) {
  return useQuery({ queryKey: ['inspection', 'tasks', q], queryFn: () => api(inspectionApi.tasks, q) });
}
export function useSummary(q: RouteInput<typeof inspectionApi.summary>) {
  return useQuery({ queryKey: ['inspection', 'summary', q], queryFn: () => api(inspectionApi.summary, q) });
}
export function useReadings(q: RouteInput<typeof inspectionApi.readings> | null) {
  return useQuery({ queryKey: ['inspection', 'readings', q], queryFn: () => api(inspectionApi.readings, q!), enabled: q !== null });
}
export function usePhoto(id: number) {
  return useQuery({ queryKey: ['inspection', 'photo', id], queryFn: () => api(inspectionApi.photo, { id }), staleTime: Infinity });
}
export function useInvalidateInspection() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: inspectionKeys.all });
}

/** Forms show server refusals next to their field, so the calls are silent. */
export const inspectionCalls = {
  createTemplate: (b: RouteInput<typeof inspectionApi.createTemplate>) => api(inspectionApi.createTemplate, b, { silent: true }),
  updateTemplate: (b: RouteInput<typeof inspectionApi.updateTemplate>) => api(inspectionApi.updateTemplate, b, { silent: true }),
  deleteTemplate: (id: number) => api(inspectionApi.deleteTemplate, { id }, { silent: true }),
  createPlan: (b: RouteInput<typeof inspectionApi.createPlan>) => api(inspectionApi.createPlan, b, { silent: true }),
  updatePlan: (b: RouteInput<typeof inspectionApi.updatePlan>) => api(inspectionApi.updatePlan, b, { silent: true }),
  setPlanStatus: (b: RouteInput<typeof inspectionApi.setPlanStatus>) => api(inspectionApi.setPlanStatus, b, { silent: true }),
  deletePlan: (id: number) => api(inspectionApi.deletePlan, { id }, { silent: true }),
  start: (id: number) => api(inspectionApi.start, { id }, { silent: true }),
  submit: (b: RouteInput<typeof inspectionApi.submit>) => api(inspectionApi.submit, b, { silent: true, timeoutMs: 60_000 }),
  allTasks: (q: RouteInput<typeof inspectionApi.tasks>) => api(inspectionApi.tasks, q),
};

/**
 * "Create defect" on an abnormal finding: the server opens one defect work order for it (source: inspection,
 * waiting on /OperMainte/SolveTask to be dispatched) and marks the finding, once however often it is tapped.
 */
export function createDefectFromFinding(finding: Pick<Finding, 'id'>): Promise<Finding> {
  return api(inspectionApi.requestDefect, { id: finding.id }, { silent: true });
}

export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

/** Whether a failure means the request never reached the server (offline, timeout): the draft stays queued. */
export const isOffline = (e: unknown) => !(e instanceof ApiError) || e.code === NO_RESPONSE;
