/**
 * The one redaction list for logs (docs/security.md "Logs"): what never reaches a log line, wherever a URL shows
 * up — request URLs in the access and error lines, outbound URLs (cameras, webhooks), ffmpeg's output — and the
 * logger's catch-all hook (`redactLogArgs`) for anything else a module logs.
 */

export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are secrets, by name (case-insensitive, after URL-decoding, with any `[]` or
 * `[x]` suffix taken off): session tokens (spec §2 `?token=`), passwords, keys, signatures and their kin. The same
 * list decides which query values are masked in answers and the usage log (lib/urlSecrets).
 */
const SECRET_PARAM_NAME = /token|pass|secret|credential|signature|authori[sz]ation|^auth$|^(?:sig|sign|key|apikey|appkey|pwd|session|sid)$|[_-](?:key|sig|sign)$/i;

/**
 * Path segments that are secrets: the signed stream token of `/video/<kind>/<camera>/<token>` (MJPEG, HLS) —
 * everything after the camera, so an HLS segment path below the token goes too.
 */
const SECRET_PATHS: [RegExp, string][] = [[/(\/video\/[^/?#\s]+\/[^/?#\s]+\/)[^?#\s"']+/gi, `$1${REDACTED}`]];

/** `scheme://user:pass@host`: the whole user-info part (camera and webhook URLs carry credentials there). */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"']*@/gi;

/** `?a=b&c=d` pairs, wherever they are in the text (a URL alone, or a URL inside a message or command line). */
const QUERY_PAIR = /([?&;])([^=&#?\s"']*)=([^&#\s"']*)/g;

function paramName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  return name.replace(/(\[[^\]]*\])+$/, '');
}

export const isSecretParam = (rawName: string): boolean => SECRET_PARAM_NAME.test(paramName(rawName));

/** The text (a URL, or a message or command line holding URLs) with every secret of the list replaced. */
export function redactUrl(text: string): string {
  let out = text.replace(USER_INFO, `$1${REDACTED}@`);
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(QUERY_PAIR, (whole, sep: string, name: string) => (isSecretParam(name) ? `${sep}${name}=${REDACTED}` : whole));
}

/** A copy of a value logged alongside a message, with every string in it (a few levels deep) redacted. */
export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactLogValue(v, depth + 1));
  if (value instanceof Error) {
    // Kept an Error (pino's err serializer then writes type, message, stack), with its text redacted.
    // Its own fields (code, statusCode, cause…) are kept, redacted too.
    const copy = Object.assign(new Error(redactUrl(value.message)), redactLogValue({ ...value }, depth + 1) as object);
    copy.name = value.name;
    if (value.stack !== undefined) copy.stack = redactUrl(value.stack);
    return copy;
  }
  // Requests, sockets and other class instances have their own serializers (app.ts); only plain data is copied.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactLogValue(v, depth + 1)]));
}

/** pino's `hooks.logMethod` arguments (an optional object, the message, its format arguments), redacted. */
export function redactLogArgs(args: unknown[]): unknown[] {
  return args.map((a) => redactLogValue(a));
}
