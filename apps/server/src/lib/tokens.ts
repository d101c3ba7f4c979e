import crypto from 'node:crypto';

/** Opaque session tokens: 32 random bytes; only their SHA-256 is stored. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const randomSecret = (bytes = 18) => crypto.randomBytes(bytes).toString('base64url');

export function timingSafeEqualStrings(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
