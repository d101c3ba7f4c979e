import {
  energyStatsApi,
  type EnergyCategory,
  type RouteData,
  type ExpenseResponse,
  type StatsResponse,
  type energyFlow,
  type lossResponse,
  type newEnergyOverview,
  type powerOverview,
  type readingsResponse,
  type storageOverview,
} from '@gridops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/api';
import { periodRange, toPeriodQuery } from '../../shared/stats';
import type { PeriodValue } from '../../shared/stats';

export type { EnergyCategory, ExpenseResponse, StatsResponse };
export type ReadingsResponse = z.infer<typeof readingsResponse>;
export type ReadingRow = ReadingsResponse['rows'][number];
export type LossResponse = z.infer<typeof lossResponse>;
export type LossRow = LossResponse['rows'][number];
export type EnergyFlow = z.infer<typeof energyFlow>;
export type NewEnergyOverview = z.infer<typeof newEnergyOverview>;
export type StorageOverview = z.infer<typeof storageOverview>;
export type PowerOverview = z.infer<typeof powerOverview>;

/**
 * Calls are `silent`: every page shows its own error state with a retry, so the shared pop-up would only
 * repeat it. Statistics keep the previous answer while a new period loads, so the page does not flash empty.
 */
export function useEnergyStats(projectId: number, category: EnergyCategory, period: PeriodValue) {
  return useQuery({
    queryKey: ['energy', 'stats', projectId, category, period],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(energyStatsApi.stats, { project_id: projectId, category, ...toPeriodQuery(period) }, { silent: true }),
  });
}

export function useReadings(projectId: number, category: EnergyCategory, period: PeriodValue) {
  const range = periodRange(period);
  return useQuery({
    queryKey: ['energy', 'readings', projectId, category, range],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(energyStatsApi.readings, { project_id: projectId, category, ...range }, { silent: true }),
  });
}

export function useLoss(projectId: number, period: PeriodValue, thresholdPct: number) {
  return useQuery({
    queryKey: ['energy', 'loss', projectId, period, thresholdPct],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(
        energyStatsApi.loss,
        { project_id: projectId, energy_type: 'power', threshold_pct: thresholdPct, ...toPeriodQuery(period) },
        { silent: true },
      ),
  });
}

export function useExpense(projectId: number, period: PeriodValue) {
  return useQuery({
    queryKey: ['energy', 'expense', projectId, period],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(energyStatsApi.expense, { project_id: projectId, ...toPeriodQuery(period) }, { silent: true }),
  });
}

type OverviewKind = 'newEnergyOverview' | 'storageOverview' | 'powerOverview';
type OverviewRoute<K extends OverviewKind> = (typeof energyStatsApi)[K];

/** Overviews carry live kW, so they are re-read every 30 s; the figures of the day move with the meters. */
export function useOverview<K extends OverviewKind>(kind: K, projectId: number) {
  return useQuery({
    queryKey: ['energy', kind, projectId],
    refetchInterval: 30_000,
    // The three overviews take the same input; TypeScript cannot follow `energyStatsApi[kind]` for a generic K,
    // so the call goes through their union and the answer is narrowed back to K's.
    queryFn: () =>
      api(energyStatsApi[kind] as OverviewRoute<OverviewKind>, { project_id: projectId }, { silent: true }) as Promise<
        RouteData<OverviewRoute<K>>
      >,
  });
}

/** The simulator reports every few seconds; the flow diagram polls at the same pace (and on live messages). */
export const FLOW_REFRESH_MS = 5_000;

export function useFlow(projectId: number) {
  return useQuery({
    queryKey: ['energy', 'flow', projectId],
    refetchInterval: FLOW_REFRESH_MS,
    placeholderData: keepPreviousData,
    queryFn: () => api(energyStatsApi.flow, { project_id: projectId }, { silent: true }),
  });
}
