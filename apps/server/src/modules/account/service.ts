import {
  ErrorCode,
  NEW_PASSWORD_FIELD,
  passwordProblemMessage,
  passwordProblems,
  type AccountProfile,
  type AccountSession,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthUser } from '../../types.js';
import type { UserService } from '../user/service.js';
import { accountRepository } from './repository.js';

/**
 * A user's own data: profile, password, language and sessions. Every call acts on the caller's own account
 * (the session's user), so the access check is that the session is live, which the auth plugin has done.
 * Sessions ended here end their MQTT clients as a logout does (`users.sessionsRevoked`).
 */
export function createAccountService(db: Db, users: Pick<UserService, 'sessionsRevoked'>, repo = accountRepository) {
  async function profile(user: AuthUser): Promise<AccountProfile> {
    const p = await repo.profile(db, user.id);
    if (!p) throw new AppError(ErrorCode.SessionInvalid);
    return {
      id: p.id,
      username: p.username,
      userType: p.user_type as 0 | 1 | 2,
      name: p.name,
      name_en: p.name_en,
      phone: p.phone,
      email: p.email,
      language: p.language === 'zh' || p.language === 'en' ? p.language : null,
      org_id: p.org_id,
      org_name: p.org_name,
      org_name_en: p.org_name_en,
      must_change_password: p.must_change_password,
    };
  }

  async function endSessions(user: AuthUser, which: { ids: number[] } | { allBut: number }): Promise<number> {
    const ended = await repo.revokeSessions(db, user.id, which);
    users.sessionsRevoked(ended);
    return ended.length;
  }

  return {
    profile,

    async updateProfile(user: AuthUser, p: UpdateProfileRequest): Promise<AccountProfile> {
      await repo.updateProfile(db, user.id, p);
      return profile(user);
    },

    async setLanguage(user: AuthUser, language: 'zh' | 'en' | null): Promise<void> {
      await repo.setLanguage(db, user.id, language);
    },

    /**
     * Old password must be right (10002 names the field), the new one must meet the policy (10006 naming the
     * field and the rules it breaks) and differ from the old. Clears the first-login flag and ends the user's
     * other sessions: whoever knew the old password is signed out.
     */
    async changePassword(user: AuthUser, req: ChangePasswordRequest): Promise<void> {
      const row = await repo.passwordHash(db, user.id);
      if (!row) throw new AppError(ErrorCode.SessionInvalid);
      if (!(await verifyPassword(req.old_password, row.password_hash))) {
        throw new AppError(ErrorCode.Validation, { zh: '当前密码不正确', en: 'The current password is wrong' }, 'old_password');
      }
      const problems = passwordProblems(req.new_password, row.username);
      if (problems.length) {
        throw new AppError(
          ErrorCode.Validation,
          { zh: passwordProblemMessage(problems, 'zh', NEW_PASSWORD_FIELD), en: passwordProblemMessage(problems, 'en', NEW_PASSWORD_FIELD) },
          'new_password',
        );
      }
      if (req.new_password === req.old_password) {
        throw new AppError(ErrorCode.Validation, { zh: '新密码不能与当前密码相同', en: 'The new password must differ from the current one' }, 'new_password');
      }
      await repo.setPassword(db, user.id, await hashPassword(req.new_password));
      await endSessions(user, { allBut: user.sessionId });
    },

    async sessions(user: AuthUser): Promise<AccountSession[]> {
      const rows = await repo.liveSessions(db, user.id);
      return rows.map((r) => ({
        id: Number(r.id),
        device_type: r.device_type,
        ip: r.ip,
        created_at: new Date(r.created_at).toISOString(),
        last_seen_at: new Date(r.last_seen_at).toISOString(),
        expires_at: new Date(r.expires_at).toISOString(),
        current: Number(r.id) === user.sessionId,
      }));
    },

    /** Signs out one of the caller's own sessions; another user's session id is simply not found (10005). */
    async endSession(user: AuthUser, sessionId: number): Promise<{ revoked: number }> {
      const revoked = await endSessions(user, { ids: [sessionId] });
      if (revoked === 0) throw new AppError(ErrorCode.NotFound);
      return { revoked };
    },

    async endOtherSessions(user: AuthUser): Promise<{ revoked: number }> {
      return { revoked: await endSessions(user, { allBut: user.sessionId }) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
