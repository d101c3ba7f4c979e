import { energyStatsApi, type carbonSite, type centreCarbon, type energyFactors, type integratedResponse } from '@gridops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/api';
import { toPeriodQuery } from '../../shared/stats';
import type { PeriodValue } from '../../shared/stats';

export type CarbonSite = z.infer<typeof carbonSite>;
export type CentreCarbon = z.infer<typeof centreCarbon>;
export type EnergyFactors = z.infer<typeof energyFactors>;
export type Integrated = z.infer<typeof integratedResponse>;

/** Factors change with a release, not during a session. */
export function useFactors() {
  return useQuery({
    queryKey: ['carbon', 'factors'],
    staleTime: 3_600_000,
    queryFn: () => api(energyStatsApi.factors, {}, { silent: true }),
  });
}

/** One year of a site's carbon; the page reads the year before too, for MoM across January and YoY. */
export function useSiteCarbon(projectId: number, year: number) {
  return useQuery({
    queryKey: ['carbon', 'site', projectId, year],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(energyStatsApi.carbon, { project_id: projectId, year }, { silent: true }),
  });
}

export function useCentreCarbon(orgId: number | null, year: number) {
  return useQuery({
    queryKey: ['carbon', 'centre', orgId, year],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(
        energyStatsApi.centreCarbon,
        orgId !== null && orgId > 0 ? { org_id: orgId, year } : { year },
        { silent: true },
      ),
  });
}

/** The integrated-energy report of a period (the page reads it through `useReportQuery`). */
export const fetchIntegrated = (projectId: number, period: PeriodValue) =>
  api(energyStatsApi.integrated, { project_id: projectId, ...toPeriodQuery(period) }, { silent: true });
