import { kpiApi } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useLiveRefresh } from '../../shared/stats';

/** How often the strips re-read while nothing arrives on the live channel (the live views' own refresh). */
export const KPI_REFRESH_MS = 15_000;

/**
 * A site's KPI strip: re-read on every live message about the site (an alarm, a state change) and after a
 * reconnect, polled in between like the other live views (energy flow, micro-grid).
 */
export function useSiteKpi(projectId: number) {
  // The answer names the worst transformer in the request's language: a language switch reads it again.
  const { i18n } = useTranslation();
  const queryKey = ['kpi', 'site', projectId, i18n.language];
  useLiveRefresh(queryKey, {
    match: (m) => (m.data as { project_id?: unknown } | null)?.project_id === projectId,
    enabled: projectId > 0,
  });
  return useQuery({
    queryKey,
    enabled: projectId > 0,
    refetchInterval: KPI_REFRESH_MS,
    queryFn: () => api(kpiApi.siteKpi, { project_id: projectId }, { silent: true }),
  });
}

/** The centre's portfolio strip: re-read on any site's live event. */
export function useCentreKpi(orgId: number) {
  // The answer names the most loaded site and transformer in the request's language (see useSiteKpi).
  const { i18n } = useTranslation();
  const queryKey = ['kpi', 'centre', orgId, i18n.language];
  useLiveRefresh(queryKey, { match: (m) => m.command === 'event' || m.command === 'gateway_status', enabled: orgId > 0 });
  return useQuery({
    queryKey,
    enabled: orgId > 0,
    refetchInterval: KPI_REFRESH_MS,
    queryFn: () => api(kpiApi.centreKpi, { org_id: orgId }, { silent: true }),
  });
}
