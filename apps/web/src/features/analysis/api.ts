import {
  analysisApi,
  historyApi,
  securityApi,
  type RouteData,
} from '@gridops/contract';
import type {
  cameraListResponse,
  captureListResponse,
  demandRow,
  historyStatsResponse,
  imbalanceRow,
  loadRateRow,
  powerFactorRow,
  robotInspectionResponse,
  robotListResponse,
  voltageRow,
} from '@gridops/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/api';

export type StatsResponse = z.infer<typeof historyStatsResponse>;
export type CameraList = z.infer<typeof cameraListResponse>;
export type CaptureList = z.infer<typeof captureListResponse>;
export type RobotList = z.infer<typeof robotListResponse>;
export type InspectionList = z.infer<typeof robotInspectionResponse>;
export type VoltageRow = z.infer<typeof voltageRow>;
export type ImbalanceRow = z.infer<typeof imbalanceRow>;
export type LoadRateRow = z.infer<typeof loadRateRow>;
export type PowerFactorRow = z.infer<typeof powerFactorRow>;
export type DemandRow = z.infer<typeof demandRow>;
export interface AnalysisRows {
  voltage: VoltageRow;
  imbalance: ImbalanceRow;
  'load-rate': LoadRateRow;
  'power-factor': PowerFactorRow;
  demand: DemandRow;
}
export type AnalysisKind = keyof AnalysisRows;
type AnalysisRoute<K extends AnalysisKind> = (typeof analysisApi)[K];

export function useHistorySeries(q: { pointIds: number[]; from: string; to: string; width: number } | null) {
  return useQuery({
    queryKey: ['analysis', 'series', q],
    enabled: q !== null && q.pointIds.length > 0,
    placeholderData: keepPreviousData,
    queryFn:
      q === null
        ? skipToken
        : () => api(historyApi.series, { point_ids: q.pointIds.join(','), from: q.from, to: q.to, width: q.width }, { silent: true }),
  });
}

export function useHistoryStats(q: { pointIds: number[]; from: string; to: string; period: 'day' | 'month' } | null) {
  return useQuery({
    queryKey: ['analysis', 'stats', q],
    enabled: q !== null && q.pointIds.length > 0,
    queryFn:
      q === null
        ? skipToken
        : () => api(historyApi.stats, { point_ids: q.pointIds.join(','), from: q.from, to: q.to, period: q.period }, { silent: true }),
  });
}

export function useAnalysis<K extends AnalysisKind>(kind: K, q: { projectId: number; from: string; to: string } | null) {
  return useQuery({
    queryKey: ['analysis', 'special', kind, q],
    // The analyses take the same input; TypeScript cannot follow `analysisApi[kind]` for a generic K, so the
    // call goes through their union and the answer is narrowed back to K's.
    queryFn:
      q === null
        ? skipToken
        : () =>
            api(
              analysisApi[kind] as AnalysisRoute<AnalysisKind>,
              { project_id: q.projectId, from: q.from, to: q.to },
              // Three months of raw samples for every device of a site take a few seconds on PGlite.
              { silent: true, timeoutMs: 60_000 },
            ) as Promise<RouteData<AnalysisRoute<K>>>,
  });
}

export function useCameras(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'cameras', projectId],
    refetchInterval: 30_000,
    queryFn: projectId === null ? skipToken : () => api(securityApi.cameras, { project_id: projectId }, { silent: true }),
  });
}

export function useCaptures(q: { projectId: number | null; deviceId: number | null; page: number; size: number }) {
  const { projectId } = q;
  return useQuery({
    queryKey: ['analysis', 'captures', q],
    placeholderData: keepPreviousData,
    queryFn:
      projectId === null
        ? skipToken
        : () =>
            api(
              securityApi.captures,
              { project_id: projectId, device_id: q.deviceId ?? undefined, page: q.page, size: q.size },
              { silent: true },
            ),
  });
}

export function useRobots(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'robots', projectId],
    refetchInterval: 30_000,
    queryFn: projectId === null ? skipToken : () => api(securityApi.robots, { project_id: projectId }, { silent: true }),
  });
}

export function useInspections(q: { projectId: number | null; robotId: number | null; anomaliesOnly: boolean; page: number; size: number }) {
  const { projectId } = q;
  return useQuery({
    queryKey: ['analysis', 'inspections', q],
    placeholderData: keepPreviousData,
    queryFn:
      projectId === null
        ? skipToken
        : () =>
            api(
              securityApi.inspections,
              { project_id: projectId, robot_id: q.robotId ?? undefined, anomalies_only: q.anomaliesOnly ? 'true' : undefined, page: q.page, size: q.size },
              { silent: true },
            ),
  });
}
