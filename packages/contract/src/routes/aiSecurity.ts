import { aiEvent, aiEventList, aiEventQuery, aiReviewParams, aiReviewRequest, aiSummary, aiSummaryQuery } from '../api/aiSecurity.js';
import { defineRoute } from './define.js';

const tags = ['ai-security'];

/**
 * AI security (/AISecurity; docs/gateway-protocol.md "AI events"): detections of edge AI boxes, today's counts,
 * false-positive rates, and the review that turns a real one into an event. Reviewing is like acknowledging an
 * event: 'view' (the default), within the user's sites.
 */
export const aiSecurityApi = {
  events: defineRoute({
    method: 'GET',
    path: '/api/v6/ai/events',
    tags,
    summary: "A site's AI detections with snapshot and boxes, newest first, paged",
    query: aiEventQuery,
    data: aiEventList,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/api/v6/ai/summary',
    tags,
    summary: "Today's detections by type and camera, and false-positive rates per camera and type",
    query: aiSummaryQuery,
    data: aiSummary,
  }),
  review: defineRoute({
    method: 'POST',
    path: '/api/v6/ai/events/:id/review',
    tags,
    summary: 'Confirm a detection (raises an event) or mark it a false positive',
    params: aiReviewParams,
    body: aiReviewRequest,
    data: aiEvent,
  }),
};
