import { forecastAccuracyRequest, forecastAccuracyResponse, forecastRequest, forecastResponse } from '../api/forecast.js';
import { defineRoute } from './define.js';

const tags = ['energy'];

/** Load and PV forecasts of a site (issue 29, docs/forecast.md): reads, 'view' within the caller's scope. */
export const forecastApi = {
  site: defineRoute({
    method: 'GET',
    path: '/api/v6/forecast',
    tags,
    summary: "A site's load and PV forecast per 15 minutes for the next hours (P10/P50/P90), from stored history only",
    query: forecastRequest,
    data: forecastResponse,
  }),
  accuracy: defineRoute({
    method: 'GET',
    path: '/api/v6/forecast/accuracy',
    tags,
    summary: "Forecast against measured over a site's last days: per hour with the band, errors per day (PV nMAE, load MAPE/nMAE)",
    query: forecastAccuracyRequest,
    data: forecastAccuracyResponse,
  }),
};
