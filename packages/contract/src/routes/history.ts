import {
  analysisQuery,
  analysisResponse,
  demandRow,
  eventCurveParams,
  eventCurveResponse,
  historyQuery,
  historyResponse,
  historyStatsQuery,
  historyStatsResponse,
  imbalanceRow,
  loadRateRow,
  powerFactorRow,
  voltageRow,
} from '../api/distributionHistory.js';
import { defineRoute } from './define.js';

/** History curves, statistics and special analysis (/AnalReport, /HisdataCts, /SpecAnaly, /EvnManage drawer). */
export const historyApi = {
  series: defineRoute({
    method: 'GET',
    path: '/api/v6/history/series',
    tags: ['history'],
    summary:
      'Several points over a range (≤ 1 year), downsampled on the server to ≤ width buckets (min/max/avg)',
    query: historyQuery,
    data: historyResponse,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/v6/history/stats',
    tags: ['history'],
    summary: 'min/max/avg (and counter consumption) per point per local day or month',
    query: historyStatsQuery,
    data: historyStatsResponse,
  }),
  eventCurve: defineRoute({
    method: 'GET',
    path: '/api/v6/event/:id/curve',
    tags: ['event'],
    summary: "The event point's curve from 1 h before to 1 h after the event",
    params: eventCurveParams,
    data: eventCurveResponse,
  }),
};

const analysisTags = ['analysis'];

/** Special analysis (/SpecAnaly): one project, a range of at most 92 days, optionally one device. */
export const analysisApi = {
  voltage: defineRoute({
    method: 'GET',
    path: '/api/v6/analysis/voltage',
    tags: analysisTags,
    summary: 'Voltage deviation vs nominal (GB/T 12325 ±7 %) and compliance per phase',
    query: analysisQuery,
    data: analysisResponse(voltageRow),
  }),
  imbalance: defineRoute({
    method: 'GET',
    path: '/api/v6/analysis/imbalance',
    tags: analysisTags,
    summary: 'Three-phase current imbalance (max − avg) / avg',
    query: analysisQuery,
    data: analysisResponse(imbalanceRow),
  }),
  'load-rate': defineRoute({
    method: 'GET',
    path: '/api/v6/analysis/load-rate',
    tags: analysisTags,
    summary: 'Transformer load rate and hours per operating band (economic 40–75 %)',
    query: analysisQuery,
    data: analysisResponse(loadRateRow),
  }),
  'power-factor': defineRoute({
    method: 'GET',
    path: '/api/v6/analysis/power-factor',
    tags: analysisTags,
    summary: 'Power-factor compliance (≥ 0.9)',
    query: analysisQuery,
    data: analysisResponse(powerFactorRow),
  }),
  demand: defineRoute({
    method: 'GET',
    path: '/api/v6/analysis/demand',
    tags: analysisTags,
    summary: 'Maximum demand (15-minute average P), overall and per day',
    query: analysisQuery,
    data: analysisResponse(demandRow),
  }),
};
