import { alarmRuleApi, type RouteInput } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export const alarmRuleKeys = { all: ['alarm-rules'] as const };

export function useAlarmRules(projectId: number) {
  return useQuery({
    queryKey: ['alarm-rules', 'list', projectId],
    queryFn: () => api(alarmRuleApi.list, { project_id: projectId }),
  });
}
export function useAlarmPerformance(projectId: number, days: number) {
  return useQuery({
    queryKey: ['alarm-rules', 'performance', projectId, days],
    queryFn: () => api(alarmRuleApi.performance, { project_id: projectId, days }),
  });
}
export function useInvalidateAlarmRules() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: alarmRuleKeys.all });
}

/** Forms show server refusals next to their field, so the writes are silent. */
export const alarmRuleCalls = {
  create: (body: RouteInput<typeof alarmRuleApi.create>) => api(alarmRuleApi.create, body, { silent: true }),
  update: (body: RouteInput<typeof alarmRuleApi.update>) => api(alarmRuleApi.update, body, { silent: true }),
  remove: (id: number, version: number) => api(alarmRuleApi.remove, { id, version }, { silent: true }),
  preview: (body: RouteInput<typeof alarmRuleApi.preview>) =>
    api(alarmRuleApi.preview, body, { silent: true, timeoutMs: 60_000 }),
  importXlsx: (body: RouteInput<typeof alarmRuleApi.importXlsx>) =>
    api(alarmRuleApi.importXlsx, body, { silent: true, timeoutMs: 60_000 }),
};
