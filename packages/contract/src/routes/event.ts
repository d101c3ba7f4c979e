import { z } from 'zod';
import { bigIdParam } from '../ids.js';
import {
  eventActionResponse,
  eventHandleRequest,
  eventIdsRequest,
  eventListRequest,
  eventListResponse,
  eventLogResponse,
} from '../api/event.js';
import { defineRoute } from './define.js';

const tags = ['event'];

/** Events: list/filter/page in scope, and the lifecycle actions (each one written to event_log). */
export const eventApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v6/event/list',
    tags,
    summary: 'Events in scope, filtered and paged, newest first',
    query: eventListRequest,
    data: eventListResponse,
  }),
  acknowledge: defineRoute({
    method: 'POST',
    path: '/api/v6/event/acknowledge',
    tags,
    summary: 'Acknowledge pending events (bulk)',
    body: eventIdsRequest,
    data: eventActionResponse,
  }),
  handle: defineRoute({
    method: 'POST',
    path: '/api/v6/event/handle',
    tags,
    summary: 'Record how an event was handled',
    body: eventHandleRequest,
    data: eventActionResponse,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/v6/event/close',
    tags,
    summary: 'Close events',
    body: eventIdsRequest,
    data: eventActionResponse,
  }),
  log: defineRoute({
    method: 'GET',
    path: '/api/v6/event/:id/log',
    tags,
    summary: 'Audit trail of one event',
    params: z.object({ id: bigIdParam }),
    data: eventLogResponse,
  }),
};
