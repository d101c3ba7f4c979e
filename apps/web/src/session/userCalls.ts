import { userApi, type LoginRequest } from '@gridops/contract';
import { api } from '../api/api';

/*
 * The user routes of the contract. Their schemas bring zod, which the login page does not load up front:
 * session/actions and the login form import this module when they first call the server.
 */

/** The login page shows a failure inline, so the shared error pop-up is off here. */
export const loginCall = (body: LoginRequest) => api(userApi.login, body, { silent: true });
export const userInfoCall = () => api(userApi.userInfo);
export const logoutCall = () => api(userApi.logout, {}, { silent: true });
