import type { LoginRequest, LoginResponse } from '@gridops/contract';

/** Loaded on first use (see session/userCalls): the login page's first load stays without zod. */
export const login = async (body: LoginRequest): Promise<LoginResponse> => (await import('../../session/userCalls')).loginCall(body);

/** Starts loading the call's module while the user types, so submitting does not wait for it. */
export const prefetchLogin = () => void import('../../session/userCalls').catch(() => undefined);
