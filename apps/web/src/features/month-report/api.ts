import { monthReportApi, type MonthReportFormat, type RouteInput } from '@gridops/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { downloadBlob } from '../../shared/export';

export const monthReportKeys = {
  all: ['monthReport'] as const,
  settings: ['monthReport', 'settings'] as const,
  view: (projectId: number, month: string) => ['monthReport', 'view', projectId, month] as const,
  list: (projectId: number) => ['monthReport', 'list', projectId] as const,
};

export const useMonthReportSettings = () => useQuery({ queryKey: monthReportKeys.settings, queryFn: () => api(monthReportApi.settingsList, undefined, { silent: true }) });
export const useMonthReport = (projectId: number, month: string) =>
  useQuery({ queryKey: monthReportKeys.view(projectId, month), queryFn: () => api(monthReportApi.view, { project_id: projectId, month }, { silent: true }), placeholderData: keepPreviousData });
export const useMonthReports = (projectId: number) => useQuery({ queryKey: monthReportKeys.list(projectId), queryFn: () => api(monthReportApi.list, { project_id: projectId }, { silent: true }) });

export function useSettleMonthReport() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: monthReportKeys.all });
}

/** The writes, silent: the page shows the refusal where it belongs. */
export const monthReportWrites = {
  saveSettings: (b: RouteInput<typeof monthReportApi.saveSettings>) => api(monthReportApi.saveSettings, b, { silent: true }),
  generate: (b: RouteInput<typeof monthReportApi.generate>) => api(monthReportApi.generate, b, { silent: true }),
};

/** Fetches a stored report file (base64 in the API's envelope) and hands it to the browser as a download. */
export async function downloadReport(id: number, format: MonthReportFormat): Promise<void> {
  const f = await api(monthReportApi.file, { id, format });
  const bytes = Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: f.mime }), f.file_name);
}
