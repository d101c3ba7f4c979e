import { auditListQuery, auditListResponse } from '../api/audit.js';
import { defineRoute } from './define.js';

/**
 * Usage logs (/UseLogs, docs/audit.md). Read-only on purpose: the log is append-only and no route changes or
 * deletes it (the database refuses it too).
 */
export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v6/audit/list',
    tags: ['audit'],
    summary: "Usage log entries of the caller's organisation subtree, newest first, filtered and paged",
    permission: 'manageUsers',
    query: auditListQuery,
    data: auditListResponse,
  }),
};
