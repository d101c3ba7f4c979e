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
  HistoryResponse,
  RealtimeResponse,
} from '@gridops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../api/http';

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
/** Contract `analysisResponse(row)`. */
export interface AnalysisAnswer<R> {
  from: string;
  to: string;
  rows: R[];
}

export interface AnalysisRows {
  voltage: VoltageRow;
  imbalance: ImbalanceRow;
  'load-rate': LoadRateRow;
  'power-factor': PowerFactorRow;
  demand: DemandRow;
}
export type AnalysisKind = keyof AnalysisRows;

/**
 * The site's room → device → point tree with latest values. The pickers only need names and ids, so it is read
 * once and kept for a minute (the real-time page polls the same endpoint on its own schedule).
 */
export function useSiteTree(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'tree', projectId],
    enabled: projectId !== null,
    staleTime: 60_000,
    queryFn: () => http.get<RealtimeResponse>('/api/v6/distribution/realtime', { query: { project_id: projectId }, silent: true }),
  });
}

export function useHistorySeries(q: { pointIds: number[]; from: string; to: string; width: number } | null) {
  return useQuery({
    queryKey: ['analysis', 'series', q],
    enabled: q !== null && q.pointIds.length > 0,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<HistoryResponse>('/api/v6/history/series', {
        query: { point_ids: q?.pointIds.join(','), from: q?.from, to: q?.to, width: q?.width },
        silent: true,
      }),
  });
}

export function useHistoryStats(q: { pointIds: number[]; from: string; to: string; period: 'day' | 'month' } | null) {
  return useQuery({
    queryKey: ['analysis', 'stats', q],
    enabled: q !== null && q.pointIds.length > 0,
    queryFn: () =>
      http.get<StatsResponse>('/api/v6/history/stats', {
        query: { point_ids: q?.pointIds.join(','), from: q?.from, to: q?.to, period: q?.period },
        silent: true,
      }),
  });
}

export function useAnalysis<K extends AnalysisKind>(kind: K, q: { projectId: number; from: string; to: string } | null) {
  return useQuery({
    queryKey: ['analysis', 'special', kind, q],
    enabled: q !== null,
    queryFn: () =>
      http.get<AnalysisAnswer<AnalysisRows[K]>>(`/api/v6/analysis/${kind}`, {
        query: { project_id: q?.projectId, from: q?.from, to: q?.to },
        silent: true,
        // Three months of raw samples for every device of a site take a few seconds on PGlite.
        timeoutMs: 60_000,
      }),
  });
}

export function useCameras(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'cameras', projectId],
    enabled: projectId !== null,
    refetchInterval: 30_000,
    queryFn: () => http.get<CameraList>('/api/v6/security/cameras', { query: { project_id: projectId }, silent: true }),
  });
}

export function useCaptures(q: { projectId: number | null; deviceId: number | null; page: number; size: number }) {
  return useQuery({
    queryKey: ['analysis', 'captures', q],
    enabled: q.projectId !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<CaptureList>('/api/v6/security/captures', {
        query: { project_id: q.projectId, device_id: q.deviceId ?? undefined, page: q.page, size: q.size },
        silent: true,
      }),
  });
}

export function useRobots(projectId: number | null) {
  return useQuery({
    queryKey: ['analysis', 'robots', projectId],
    enabled: projectId !== null,
    refetchInterval: 30_000,
    queryFn: () => http.get<RobotList>('/api/v6/robot/list', { query: { project_id: projectId }, silent: true }),
  });
}

export function useInspections(q: { projectId: number | null; robotId: number | null; anomaliesOnly: boolean; page: number; size: number }) {
  return useQuery({
    queryKey: ['analysis', 'inspections', q],
    enabled: q.projectId !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<InspectionList>('/api/v6/robot/inspections', {
        query: { project_id: q.projectId, robot_id: q.robotId ?? undefined, anomalies_only: q.anomaliesOnly ? 'true' : undefined, page: q.page, size: q.size },
        silent: true,
      }),
  });
}
