import crypto from 'node:crypto';
import { passwordProblems } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../lib/password.js';
import { accountRepository as repo } from './repository.js';

export interface BootstrapOptions {
  adminUsername: string;
  adminPassword: string | undefined;
  orgName: string;
  orgNameEn: string;
}

export interface BootstrapResult {
  created: boolean;
  username: string;
  /** Only when ADMIN_PASSWORD was unset and this call created the user: shown once, never stored in clear. */
  oneTimePassword?: string;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters from an unambiguous alphabet, regenerated until it meets the password policy. */
export function generateOneTimePassword(username: string): string {
  for (;;) {
    const bytes = crypto.randomBytes(16);
    const pw = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    if (passwordProblems(pw, username).length === 0) return pw;
  }
}

/**
 * First start without the demo seed: an empty database (no user at all) gets one administrator — centre user
 * (userType 0) with every permission, at the root organisation — who must change the password at first login.
 * Idempotent, and safe with several instances starting at once (advisory lock + unique username).
 */
export async function bootstrapAdmin(db: Db, opts: BootstrapOptions, log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<BootstrapResult> {
  const username = opts.adminUsername;
  if (await repo.hasUsers(db)) return { created: false, username };
  const oneTimePassword = opts.adminPassword === undefined ? generateOneTimePassword(username) : undefined;
  const created = await repo.bootstrapAdmin(db, {
    username,
    passwordHash: await hashPassword(opts.adminPassword ?? oneTimePassword!),
    orgName: opts.orgName,
    orgNameEn: opts.orgNameEn,
  });
  if (!created) return { created: false, username };
  if (oneTimePassword) {
    // Printed once, in the message itself so it survives any field redaction; it works only until changed.
    log?.warn(
      { username },
      `FIRST START: administrator "${username}" created with the one-time password  ${oneTimePassword}  — log in and change it now (it is not shown again)`,
    );
  } else {
    log?.info({ username }, `first start: administrator "${username}" created from ADMIN_PASSWORD; the password must be changed at first login`);
  }
  return oneTimePassword ? { created, username, oneTimePassword } : { created, username };
}
