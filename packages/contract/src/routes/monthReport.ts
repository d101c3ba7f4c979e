import {
  monthReportFile,
  monthReportFileRequest,
  monthReportGenerate,
  monthReportIdParams,
  monthReportList,
  monthReportProjectRequest,
  monthReportRequest,
  monthReportSettings,
  monthReportSettingsList,
  monthReportSettingsUpdate,
  monthReportView,
} from '../api/monthReport.js';
import { defineRoute } from './define.js';

const tags = ['month-report'];

/** /RunReport and /RunSetup/MonthReportSet: the monthly operation report of a site (docs/monthly-report.md). */
export const monthReportApi = {
  settingsList: defineRoute({ method: 'GET', path: '/api/v6/month-report/settings', tags, summary: 'Monthly report settings of the sites in scope', data: monthReportSettingsList }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/v6/month-report/settings',
    tags,
    summary: "Save a site's monthly report settings: sections, recipients, languages (version check)",
    permission: 'configure',
    body: monthReportSettingsUpdate,
    data: monthReportSettings,
  }),
  list: defineRoute({ method: 'GET', path: '/api/v6/month-report/reports', tags, summary: "A site's generated monthly reports, newest first", query: monthReportProjectRequest, data: monthReportList }),
  view: defineRoute({ method: 'GET', path: '/api/v6/month-report/report', tags, summary: "A site-month's report and its figures (null when not generated)", query: monthReportRequest, data: monthReportView }),
  generate: defineRoute({
    method: 'POST',
    path: '/api/v6/month-report/generate',
    tags,
    summary: "Generate (or regenerate) a site-month's report now; optionally e-mail it to the recipients",
    permission: 'configure',
    body: monthReportGenerate,
    data: monthReportView,
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/v6/month-report/reports/:id/file',
    tags,
    summary: 'Download a report as PDF or .xlsx (base64)',
    params: monthReportIdParams,
    query: monthReportFileRequest,
    data: monthReportFile,
  }),
};
