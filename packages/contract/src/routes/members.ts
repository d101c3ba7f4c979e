import {
  member,
  memberCreateRequest,
  memberIdParams,
  memberListQuery,
  memberListResponse,
  memberPasswordResponse,
  memberResetRequest,
  memberStatusRequest,
  memberUpdateRequest,
} from '../api/members.js';
import { defineRoute } from './define.js';

const tags = ['members'];
const permission = 'manageUsers';

/** Member management (/CentreUser/CentreUserManage, /UserCenter/UserManage): every route needs manageUsers. */
export const memberApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v6/member/list',
    tags,
    summary: 'Members the caller manages, filtered by role, project and status, paged',
    permission,
    query: memberListQuery,
    data: memberListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v6/member',
    tags,
    summary: 'Invite a member; answers the first-login password once (must be changed at first login)',
    permission,
    body: memberCreateRequest,
    data: memberPasswordResponse,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v6/member/:id',
    tags,
    summary: 'Edit role, organisation, projects, permissions, names and contacts (optimistic version check)',
    permission,
    params: memberIdParams,
    body: memberUpdateRequest,
    data: member,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/v6/member/:id/resetPassword',
    tags,
    summary: "Set a new first-login password (answered once); ends the member's sessions",
    permission,
    params: memberIdParams,
    body: memberResetRequest,
    data: memberPasswordResponse,
  }),
  setStatus: defineRoute({
    method: 'POST',
    path: '/api/v6/member/:id/status',
    tags,
    summary: 'Disable (ends every session and MQTT connection at once) or enable a member',
    permission,
    params: memberIdParams,
    body: memberStatusRequest,
    data: member,
  }),
  unlock: defineRoute({
    method: 'POST',
    path: '/api/v6/member/:id/unlock',
    tags,
    summary: "Clear the member's login limit after too many wrong passwords",
    permission,
    params: memberIdParams,
    data: member,
  }),
};
