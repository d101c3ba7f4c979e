import { centreKpi, centreKpiRequest, siteKpi, siteKpiRequest } from '../api/kpi.js';
import { defineRoute } from './define.js';

/** Live KPI strips of the site and centre home pages (docs/pages/home-kpis.md). */
export const kpiApi = {
  siteKpi: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/index/siteKpi',
    tags: ['kpi'],
    summary: "A site's live KPIs: load now, today's energy and cost, PV, storage SOC, transformer loading, power factor",
    body: siteKpiRequest,
    data: siteKpi,
  }),
  centreKpi: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/index/centreKpi',
    tags: ['kpi'],
    summary: "The portfolio's live KPIs: total load, today's energy, cost, generation and carbon, worst-loaded site",
    body: centreKpiRequest,
    data: centreKpi,
  }),
};
