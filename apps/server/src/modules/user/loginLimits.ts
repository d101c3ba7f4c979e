import { ErrorCode } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { userRepository as repo } from './repository.js';

export interface LoginLimitOptions {
  maxFailures: number;
  windowMinutes: number;
}

// An address may fail this many times more than one username may, before it is stopped for every username.
const IP_FAILURE_FACTOR = 6;

/**
 * Password guesses per username and address, shared by login and the control password (select → execute).
 * Each attempt is counted before its password is checked (one atomic upsert), so parallel guesses cannot all
 * pass a check made before any of them was recorded; a right password takes its attempt back.
 */
export function createLoginLimits(db: Db, opts: LoginLimitOptions) {
  return {
    /** Counts the attempt; refuses it with 10003 when the username or the address is over its limit. */
    async begin(username: string, ip: string): Promise<void> {
      const { byUser, byIp } = await repo.countAttempt(db, username, ip, opts.windowMinutes);
      if (byUser > opts.maxFailures || byIp > opts.maxFailures * IP_FAILURE_FACTOR) {
        throw new AppError(ErrorCode.TooManyAttempts, {
          zh: `密码错误次数过多，请 ${opts.windowMinutes} 分钟后再试`,
          en: `Too many wrong passwords. Please try again in ${opts.windowMinutes} minutes.`,
        });
      }
    },
    /** Usernames that cannot log in now because of wrong passwords (the next attempt would be refused). */
    locked: (usernames: string[]) => repo.lockedUsernames(db, usernames, opts.maxFailures, opts.windowMinutes),
    /** An administrator lifts the limit of one username (at every address). */
    unlock: (username: string) => repo.deleteAttempts(db, username).then(() => undefined),
    /** The password was right: the attempts of this username at this address no longer count. */
    succeeded: (username: string, ip: string) => repo.clearAttempts(db, username, ip).then(() => undefined),
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
