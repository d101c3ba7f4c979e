import { robotApi, type RouteInput } from '@gridops/contract';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';

/** How often RobMonitor re-reads the robots' live state: a robot at 0.4 m/s moves 0.8 m in that time. */
export const LIVE_REFRESH_MS = 2000;

/** The site's robots: plan, route, live position, battery, task and the latest stop readings vs limits. */
export function useRobotLive(projectId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['robot', 'live', projectId, i18n.language],
    refetchInterval: LIVE_REFRESH_MS,
    queryFn: projectId === null ? skipToken : () => api(robotApi.live, { project_id: projectId }, { silent: true }),
  });
}

export const useRobotConfigs = (projectId: number) =>
  useQuery({ queryKey: ['robot', 'configs', projectId], queryFn: () => api(robotApi.configs, { project_id: projectId }, { silent: true }) });

export function useSettleRobots() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['robot'] });
}

/** "Start a round now": the command goes to the robot's gateway (the server checks the control permission). */
export const startRound = (id: number) => api(robotApi.startRound, { id }, { silent: true });

/** The writes, silent: the form shows the refusal on the field it names. */
export const robotWrites = {
  create: (b: RouteInput<typeof robotApi.create>) => api(robotApi.create, b, { silent: true }),
  update: (b: RouteInput<typeof robotApi.update>) => api(robotApi.update, b, { silent: true }),
  remove: (id: number, version: number) => api(robotApi.remove, { id, version }, { silent: true }),
};
