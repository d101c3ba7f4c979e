import crypto from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2 = promisify(crypto.pbkdf2);

// Mosquitto 2's password-file format: "$7$" = PBKDF2-SHA512, here with Mosquitto's own default of 101 iterations.
const SCHEME = '$7$';
const ITERATIONS = 101;
const KEY_BYTES = 64;
const SALT_BYTES = 12;

/**
 * Hashes a machine secret (gateway secret, per-session MQTT password) in the format Mosquitto's password file
 * reads, so the stored value can be copied into it verbatim and the plaintext is never stored anywhere.
 *
 * These secrets are random (≥ 18 bytes from the CSPRNG), not chosen by people: no dictionary or brute force
 * reaches them, so a slow, memory-hard hash (scrypt, as for console login passwords) would buy nothing and
 * would make every MQTT CONNECT cost tens of milliseconds (a fleet reconnecting after a broker restart, the
 * ingest bench). 101 PBKDF2 rounds cost ~0.1 ms and run on the thread pool.
 */
export function hashSecret(secret: string, salt: Buffer = crypto.randomBytes(SALT_BYTES)): string {
  const hash = crypto.pbkdf2Sync(secret, salt, ITERATIONS, KEY_BYTES, 'sha512');
  return `${SCHEME}${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checks a secret against a stored hash in constant time; an unreadable hash never matches. */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored?.startsWith(SCHEME)) return false;
  const [iterationsText, saltText, hashText] = stored.slice(SCHEME.length).split('$');
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000 || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await pbkdf2(secret, Buffer.from(saltText, 'base64'), iterations, KEY_BYTES, 'sha512');
  return crypto.timingSafeEqual(actual, expected);
}
