import { isSecretParam } from './redact.js';

/**
 * Secrets inside URLs (docs/security.md "Stored secrets"): a `user:password@`, query values named like keys
 * (`access_token`, `key`, `sign`, `pwd` …: the log's one list, lib/redact `isSecretParam`) and path segments that
 * look like tokens (Feishu's and Slack's hook ids).
 * What the server shows and logs is the URL with each of them replaced by `***`; a URL sent back with `***` in
 * them gets the stored values again — only when it still goes to the same place (scheme, host, port, user).
 */
export const MASK = '***';

/** A path segment of 16+ URL-safe characters with both letters and digits: a hook id or token, not a word. */
const isPathToken = (segment: string) => segment.length >= 16 && /^[A-Za-z0-9_~.%-]+$/.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment);

const parse = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/** Builds the URL back with literal `***` (URL serialisation would percent-encode the asterisks in userinfo). */
const serialise = (u: URL) => u.toString().replaceAll('%2A%2A%2A', MASK);

/** The URL with its secrets replaced by `***`; an unparseable string is returned as it is. */
export function maskUrlSecrets(url: string): string {
  const u = parse(url);
  if (!u || !u.host) return url;
  let masked = false;
  if (u.password) {
    u.password = MASK;
    masked = true;
  }
  const segments = u.pathname.split('/');
  if (segments.some(isPathToken)) {
    u.pathname = segments.map((s) => (isPathToken(s) ? MASK : s)).join('/');
    masked = true;
  }
  const params = new URLSearchParams(u.search);
  let maskedParams = false;
  for (const [k, v] of params) {
    if (isSecretParam(k) && v !== '') {
      params.set(k, MASK);
      maskedParams = true;
    }
  }
  if (maskedParams) u.search = params.toString().replaceAll('%2A%2A%2A', MASK);
  // Untouched URLs come back exactly as written (no normalisation the user did not ask for).
  return masked || maskedParams ? serialise(u) : url;
}

/** Whether a submitted URL still carries a `***` placeholder. */
export const hasMask = (url: string) => url.includes(MASK) || url.includes('%2A%2A%2A');

/** Scheme, host and port (default ports made explicit): where a URL's request goes. */
export function destinationOf(url: string): string | null {
  const u = parse(url);
  if (!u) return null;
  const port = u.port || ({ 'http:': '80', 'https:': '443', 'rtsp:': '554', 'rtsps:': '322' } as Record<string, string>)[u.protocol] || '';
  return `${u.protocol}//${u.hostname.toLowerCase()}:${port}`;
}

export type Restored = { ok: true; url: string } | { ok: false };

/**
 * The URL to store for what was submitted: as it is when it has no `***`; with the stored URL's secrets put back
 * where it has `***`, if it goes to the stored URL's destination with the same user; `{ ok: false }` otherwise
 * (the secret must be entered again: a stored secret never follows a URL to another host).
 */
export function restoreUrlSecrets(submitted: string, stored: string | null): Restored {
  if (!hasMask(submitted)) return { ok: true, url: submitted };
  if (!stored) return { ok: false };
  const u = parse(submitted);
  const old = parse(stored);
  if (!u || !old || destinationOf(submitted) !== destinationOf(stored) || u.username !== old.username) return { ok: false };
  const isMask = (v: string) => v === MASK || v === '%2A%2A%2A';
  if (isMask(u.password)) {
    if (!old.password) return { ok: false };
    u.password = old.password;
  }
  const segments = u.pathname.split('/');
  if (segments.some(isMask)) {
    const oldSegments = old.pathname.split('/');
    for (let i = 0; i < segments.length; i++) {
      if (!isMask(segments[i]!)) continue;
      const was = oldSegments[i];
      if (was === undefined || !isPathToken(was)) return { ok: false };
      segments[i] = was;
    }
    u.pathname = segments.join('/');
  }
  const params = new URLSearchParams(u.search);
  const oldParams = new URLSearchParams(old.search);
  let changed = false;
  for (const [k, v] of params) {
    if (!isMask(v)) continue;
    const was = oldParams.get(k);
    if (was === null || !isSecretParam(k)) return { ok: false };
    params.set(k, was);
    changed = true;
  }
  if (changed) u.search = params.toString();
  const url = u.toString();
  return hasMask(url) ? { ok: false } : { ok: true, url };
}

/** Masks the secrets of every URL inside a string (free text, a log line). */
export function maskUrlsIn(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (m) => maskUrlSecrets(m));
}
