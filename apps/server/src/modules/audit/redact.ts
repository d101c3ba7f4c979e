import { maskUrlsIn } from '../../lib/urlSecrets.js';

/** Keys whose values never reach the usage log (passwords, secrets, tokens, credentials). */
const SECRET_KEY = /pass(word)?|secret|token|credential|private|^mqtt$/i;
export const REDACTED = '***';
/** Longer strings (an uploaded file as base64, a pasted document) are cut: the log says what was done, not the data. */
export const MAX_LOGGED_STRING = 500;

/**
 * A copy of a JSON-like value with every secret-looking field replaced by `***` (at any depth), the secrets inside
 * URLs masked wherever they appear (a webhook's `?access_token=`, a camera's `user:pass@`), and long strings cut.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1)]),
    );
  }
  if (typeof value === 'string') {
    if (value.length > MAX_LOGGED_STRING) return `${maskUrlsIn(value.slice(0, MAX_LOGGED_STRING))}… (${value.length} characters)`;
    return maskUrlsIn(value);
  }
  return value;
}
