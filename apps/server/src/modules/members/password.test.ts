import { describe, expect, it } from 'vitest';
import { ErrorCode, memberPassword, PERMISSIONS } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';
import { requirePermission } from '../access/service.js';
import { generatePassword } from './service.js';

describe('first-login passwords', () => {
  it('generates passwords that meet the member password policy and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(memberPassword.safeParse(p).success, p).toBe(true);
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  it('refuses passwords that break the console-wide policy (length, classes, common)', () => {
    for (const bad of ['abcdefgh', '12345678', 'abc123', 'abcdefgh12', 'Password123', 'x'.repeat(129) + 'A1']) expect(memberPassword.safeParse(bad).success, bad).toBe(false);
  });
});

describe('the permission rule', () => {
  it('lets a session-only route through for anyone, and a permission only for its holders', () => {
    expect(() => requirePermission({ permissions: [] }, 'session')).not.toThrow();
    for (const p of PERMISSIONS) {
      expect(() => requirePermission({ permissions: [p] }, p)).not.toThrow();
      const others = PERMISSIONS.filter((x) => x !== p);
      try {
        requirePermission({ permissions: others }, p);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe(ErrorCode.Forbidden);
      }
    }
  });
});
