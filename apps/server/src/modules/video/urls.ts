import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VideoPlayKind } from '@gridops/contract';
import { maskUrlSecrets, restoreUrlSecrets } from '../../lib/urlSecrets.js';

/** What a configured stream URL is: a demo test camera, a media server's HLS, or something browsers cannot play. */
export type StreamKind = { kind: 'sim' } | { kind: 'hls'; origin: string | null } | { kind: 'invalid'; reason: 'rtsp' | 'not_hls' | 'bad_url' };

/** `sim://…` (demo camera), an absolute http(s) `.m3u8` URL, or a same-origin path ending in `.m3u8`. */
export function classifyStream(url: string): StreamKind {
  if (/^sim:\/\/[\w.-]*$/i.test(url)) return { kind: 'sim' };
  if (/^rtsps?:\/\//i.test(url)) return { kind: 'invalid', reason: 'rtsp' };
  if (url.startsWith('/') && !url.startsWith('//')) return /\.m3u8(\?.*)?$/i.test(url) ? { kind: 'hls', origin: null } : { kind: 'invalid', reason: 'not_hls' };
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { kind: 'invalid', reason: 'bad_url' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { kind: 'invalid', reason: 'bad_url' };
  if (!/\.m3u8$/i.test(u.pathname)) return { kind: 'invalid', reason: 'not_hls' };
  return { kind: 'hls', origin: u.origin };
}

export { MASK } from '../../lib/urlSecrets.js';

/** The URL with its password (and keys in its query, tokens in its path) replaced by `***`: what configurers see. */
export const maskUrl = maskUrlSecrets;

/**
 * The URL to store for a submitted one: a `***` left in it gets the stored secret back only when scheme, host, port
 * and user are unchanged; null when the secret must be entered again (a stored secret never follows a URL elsewhere).
 */
export function unmaskUrl(submitted: string, stored: string | null): string | null {
  const r = restoreUrlSecrets(submitted, stored);
  return r.ok ? r.url : null;
}

/** The URL without user and password: what a viewer's browser is given. */
export function stripCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** The play kind a viewer gets for a stream, given whether the server can make demo video. */
export function playKind(stream: StreamKind, videoAvailable: boolean): VideoPlayKind | null {
  if (stream.kind === 'sim') return videoAvailable ? 'mjpeg' : 'snapshot';
  if (stream.kind === 'hls') return 'hls';
  return null;
}

/**
 * Signed stream paths: `<session>.<expires s>.<hmac>` over the camera, session and expiry. An <img> or a player cannot
 * send the session header, so the live list hands each viewer a path that works for this camera only, for a few
 * hours; the expiry is rounded so the path stays the same between list refreshes (no player restarts).
 */
export function createStreamSigner(key: Buffer, ttlS = 6 * 3600, now: () => number = Date.now) {
  const mac = (cameraId: number, userId: number, exp: number) => createHmac('sha256', key).update(`${cameraId}.${userId}.${exp}`).digest('base64url');
  return {
    sign(cameraId: number, sessionId: number): string {
      const step = ttlS / 2;
      const exp = (Math.floor(now() / 1000 / step) + 2) * step;
      return `${sessionId}.${exp}.${mac(cameraId, sessionId, exp)}`;
    },
    /** The session the token was signed for, or null when it is forged, for another camera or expired. */
    verify(cameraId: number, token: string): number | null {
      const m = /^(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
      if (!m) return null;
      const userId = Number(m[1]);
      const exp = Number(m[2]);
      if (exp * 1000 < now()) return null;
      const want = Buffer.from(mac(cameraId, userId, exp));
      const got = Buffer.from(m[3]!);
      return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
    },
  };
}
export type StreamSigner = ReturnType<typeof createStreamSigner> & {
  /** Resolves once the key is loaded (the shared signer reads it from the database on first use). */
  ready?: () => Promise<unknown>;
};

/**
 * A stream signer whose key every instance shares (`loadKey`: the database's `server_secrets`), so a path signed
 * by one instance verifies on another and no sticky sessions are needed. `ready()` before sign/verify.
 */
export function createSharedStreamSigner(loadKey: () => Promise<Buffer>, ttlS = 6 * 3600, now: () => number = Date.now): StreamSigner {
  let inner: ReturnType<typeof createStreamSigner> | null = null;
  let loading: Promise<unknown> | null = null;
  const get = () => {
    if (!inner) throw new Error('the stream signing key is not loaded yet (call ready() first)');
    return inner;
  };
  return {
    ready: () =>
      (loading ??= loadKey().then(
        (key) => (inner = createStreamSigner(key, ttlS, now)),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      )),
    sign: (cameraId, sessionId) => get().sign(cameraId, sessionId),
    verify: (cameraId, token) => get().verify(cameraId, token),
  };
}
