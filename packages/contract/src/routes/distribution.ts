import {
  diagramResponse,
  diagramSaveRequest,
  diagramSaveResponse,
  distributionOverview,
  projectQuery,
  realtimeQuery,
  realtimeResponse,
  roomParams,
} from '../api/distribution.js';
import { defineRoute } from './define.js';

const tags = ['distribution'];

/** Smart distribution: overview (/index), real-time tree (/DevMonitor) and single-line diagrams. */
export const distributionApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/v6/distribution/overview',
    tags,
    summary: 'Rooms, transformers (load, energy, max demand, PF), alarms, environment, gateways of a site',
    query: projectQuery,
    data: distributionOverview,
  }),
  realtime: defineRoute({
    method: 'GET',
    path: '/api/v6/distribution/realtime',
    tags,
    summary:
      'Room → device → point tree with latest value, time and quality; one batched call the page polls every few seconds',
    query: realtimeQuery,
    data: realtimeResponse,
  }),
  diagram: defineRoute({
    method: 'GET',
    path: '/api/v6/distribution/room/:room_id/diagram',
    tags,
    summary: "The room's single-line diagram with live breaker states, P and current",
    params: roomParams,
    data: diagramResponse,
  }),
  saveDiagram: defineRoute({
    method: 'PUT',
    path: '/api/v6/distribution/room/:room_id/diagram',
    tags,
    summary: 'Save an edited diagram (configure permission; optimistic version check)',
    permission: 'configure',
    params: roomParams,
    body: diagramSaveRequest,
    data: diagramSaveResponse,
  }),
};
