import { userApi, type LoginRequest } from '@gridops/contract';
import { api } from '../../api/api';

/** The login page shows a failure inline, so the shared error pop-up is off here. */
export const login = (body: LoginRequest) => api(userApi.login, body, { silent: true });
