import crypto from 'node:crypto';

/**
 * A console user's MQTT credentials belong to one login session. The username names the session; the password
 * is derived from the session token (HMAC keyed with the token), so userinfo can hand it out again on every
 * page load while the server stores neither the token (only its SHA-256) nor the password (only its hash).
 * Knowing the stored token hash does not give the password: the HMAC key is the token itself.
 */
const SESSION_PREFIX = 'session-';

export const sessionMqttUsername = (sessionId: number) => `${SESSION_PREFIX}${sessionId}`;

export function sessionIdFromMqttUsername(username: string): number | null {
  if (!username.startsWith(SESSION_PREFIX)) return null;
  const rest = username.slice(SESSION_PREFIX.length);
  if (!/^[1-9][0-9]{0,15}$/.test(rest)) return null;
  return Number(rest);
}

export const sessionMqttPassword = (sessionToken: string) =>
  crypto.createHmac('sha256', sessionToken).update('gridops mqtt password v1').digest('base64url');
