import { z } from 'zod';
import { loginRequest, loginResponse, userInfo } from '../api/user.js';
import { defineRoute } from './define.js';

const tags = ['user'];

export const userApi = {
  login: defineRoute({
    method: 'POST',
    path: '/api/v6/user/login',
    tags,
    summary: 'Log in with username and password',
    public: true,
    body: loginRequest,
    data: loginResponse,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/v6/user/logout',
    tags,
    summary: 'Revoke the current session token',
    permission: 'session',
    data: z.null(),
    allowPendingPassword: true,
  }),
  userInfo: defineRoute({
    method: 'GET',
    path: '/api/v6/user/userinfo',
    tags,
    summary: 'The current user (spec §7)',
    permission: 'session',
    data: userInfo,
    allowPendingPassword: true,
  }),
};
