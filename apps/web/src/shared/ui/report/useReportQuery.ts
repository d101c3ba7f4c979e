import { runtimeZone, siteDate } from '@gridops/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSiteZone } from '../../format/useSiteZone';
import { defaultPeriod } from '../../stats/period';
import type { PeriodValue, StatPeriod } from '../../stats/period';

/** Today on the selected site's clock (`YYYY-MM-DD`); the browser's day when no site is selected. */
export function useSiteToday(): string {
  const zone = useSiteZone();
  return siteDate(zone ?? runtimeZone());
}

/**
 * The report's period, starting on the period of `kind` that holds today at the site (not in the browser:
 * a console in UTC at 23:00 looking at a +8 site is already on the site's next day).
 */
export function useReportPeriod(kind: StatPeriod): [PeriodValue, (value: PeriodValue) => void] {
  const today = useSiteToday();
  return useState<PeriodValue>(() => defaultPeriod(kind, dayjs(today)));
}

/** One loading / failure / retry state for the queries a report is drawn from. */
export interface ReportState {
  /** A query has no answer yet (a new period keeps the previous answer on screen: `keepPreviousData`). */
  loading: boolean;
  /** The first failure, shown with a retry button. */
  error: unknown;
  /** Refetches every query of the report. */
  retry: () => void;
}

type QueryLike = Pick<UseQueryResult, 'isLoading' | 'error' | 'refetch'>;

/** Several queries as one report state (a page reading the year before too, charge and discharge…). */
export function reportState(...queries: readonly QueryLike[]): ReportState {
  return {
    loading: queries.some((q) => q.isLoading),
    error: queries.find((q) => q.error)?.error ?? null,
    retry: () => {
      for (const q of queries) void q.refetch();
    },
  };
}

export interface ReportQueryOptions<T> {
  /** The period the picker starts on. */
  initial: StatPeriod;
  queryKey: (period: PeriodValue) => QueryKey;
  queryFn: (period: PeriodValue) => Promise<T>;
}

/**
 * A report read by period: the picker's state (on the site clock) and its TanStack query, which keeps the
 * previous answer while the next period loads so the page does not flash empty.
 */
export function useReportQuery<T>({ initial, queryKey, queryFn }: ReportQueryOptions<T>) {
  const [period, setPeriod] = useReportPeriod(initial);
  const query = useQuery({
    queryKey: queryKey(period),
    queryFn: () => queryFn(period),
    placeholderData: keepPreviousData,
  });
  return { period, setPeriod, query, state: reportState(query) };
}
