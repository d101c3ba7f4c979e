export { REPORT_QUERY, useReportLook } from './look';
export { ReportPage, ReportStack, ReportToolbar } from './ReportPage';
export type { ReportExport, ReportPageProps, ReportPeriod } from './ReportPage';
export { ReportChart, ReportRow, ReportSection } from './ReportSection';
export type { ReportChartProps, ReportSectionProps } from './ReportSection';
export { StatCards } from './StatCards';
export type { StatItem } from './StatCards';
export { reportState, useReportPeriod, useReportQuery, useSiteToday } from './useReportQuery';
export type { ReportQueryOptions, ReportState } from './useReportQuery';
