import { accountApi, type ChangePasswordRequest, type UpdateProfileRequest } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/http';
import { patchSession, session } from '../../session/store';
import type { Lang } from '../../shared/i18n';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const useProfile = () => useQuery({ queryKey: accountKeys.profile, queryFn: () => api(accountApi.profile, {}, { silent: true }) });
export const useAccountSessions = () => useQuery({ queryKey: accountKeys.sessions, queryFn: () => api(accountApi.sessions, {}, { silent: true }) });

/** Forms show server refusals beside the field, so these calls are silent. */
export const accountCalls = {
  updateProfile: async (body: UpdateProfileRequest) => {
    const saved = await api(accountApi.updateProfile, body, { silent: true });
    // The header's user menu shows the name from the session.
    const info = session().userInfo;
    if (info) patchSession({ userInfo: { ...info, name: saved.name } });
    return saved;
  },
  changePassword: async (body: ChangePasswordRequest) => {
    await api(accountApi.changePassword, body, { silent: true });
    const info = session().userInfo;
    if (info) patchSession({ userInfo: { ...info, must_change_password: false } });
  },
  endSession: (id: number) => api(accountApi.endSession, { id }, { silent: true }),
  endOtherSessions: () => api(accountApi.endOtherSessions, {}, { silent: true }),
};

/** Stores the language the console opens in (the header switch and the user-data page call it). */
export async function saveLanguage(language: Lang): Promise<void> {
  const info = session().userInfo;
  if (!session().token) return;
  await api(accountApi.setLanguage, { language }, { silent: true });
  if (info) patchSession({ userInfo: { ...info, language } });
}

/** A server refusal as the forms show it: the field it names (if any) and the message. */
export function refusal(e: unknown): { field: string | null; message: string } | null {
  if (!(e instanceof ApiError) || e.code <= 0) return null;
  const data = e.data as { field?: unknown } | null;
  const field = data && typeof data.field === 'string' ? data.field : null;
  return { field, message: e.message };
}
