import { z } from 'zod';
import {
  accountProfile,
  accountSession,
  changePasswordRequest,
  revokedCount,
  sessionIdParams,
  setLanguageRequest,
  updateProfileRequest,
} from '../api/account.js';
import { defineRoute } from './define.js';

const tags = ['account'];

/** The signed-in user's own data: profile, password, language, sessions (/CentreUser, /UserCenter, /WorkerUser). */
// Every route is the caller's own data: a live session is enough ('session'), whatever else the user may do.
export const accountApi = {
  profile: defineRoute({
    method: 'GET',
    path: '/api/v6/account/profile',
    permission: 'session',
    tags,
    summary: 'My profile',
    data: accountProfile,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/v6/account/profile',
    permission: 'session',
    tags,
    summary: 'Update my display names, phone and e-mail',
    body: updateProfileRequest,
    data: accountProfile,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/v6/account/password',
    permission: 'session',
    tags,
    summary: 'Change my password (old + new; the policy applies); ends my other sessions',
    body: changePasswordRequest,
    data: z.null(),
    allowPendingPassword: true,
  }),
  setLanguage: defineRoute({
    method: 'PUT',
    path: '/api/v6/account/language',
    permission: 'session',
    tags,
    summary: 'Store the language the console opens in',
    body: setLanguageRequest,
    data: z.null(),
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/v6/account/sessions',
    permission: 'session',
    tags,
    summary: 'My active sessions',
    data: z.array(accountSession),
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/v6/account/sessions/:id',
    permission: 'session',
    tags,
    summary: 'Sign out one of my sessions (its live MQTT connection ends too)',
    params: sessionIdParams,
    data: revokedCount,
  }),
  endOtherSessions: defineRoute({
    method: 'POST',
    path: '/api/v6/account/sessions/end-others',
    permission: 'session',
    tags,
    summary: 'Sign out everywhere else: every session but this one',
    data: revokedCount,
  }),
};
