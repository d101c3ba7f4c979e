import type { LoginRequest, LoginResponse } from '@gridops/contract';
import { http } from '../../api/http';

/** The login page shows a failure inline, so the shared error pop-up is off here. */
export const login = (body: LoginRequest) => http.post<LoginResponse>('/api/v6/user/login', body, { silent: true });
