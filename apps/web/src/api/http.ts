import { API_VERSION, ErrorCode, REQUEST_TIMEOUT_MS, deviceTypeFor } from '@gridops/contract';
import { useSession } from '../session/store';
import { currentLang, t } from '../shared/i18n';
import { feedback } from '../shared/ui/feedback';

/** A failed call: `code` is the envelope's code, or a negative number for transport failures. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Transport failures carry these codes so callers can tell them from server answers. */
export const NO_RESPONSE = -1;
export const SETUP_ERROR = -2;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Pages that show the failure themselves opt out of the shared error pop-up. */
  silent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

let onSessionInvalid: () => void = () => undefined;
/** The shell registers logout here; kept injectable so the client has no import cycle with the router. */
export function setSessionInvalidHandler(fn: () => void) {
  onSessionInvalid = fn;
}

export function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const origin = base || window.location.origin;
  const url = new URL(path.replace(/^\//, ''), origin.endsWith('/') ? origin : `${origin}/`);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.toString();
}

export function requestHeaders(): Record<string, string> {
  const s = useSession.getState();
  const lang = currentLang();
  return {
    version: API_VERSION,
    devicetype: deviceTypeFor(s.userType),
    token: s.token,
    'Accept-Language': lang === 'en' ? 'en' : 'zh-CN',
  };
}

/** The methods the API uses: reads, actions, and the configuration pages' updates and deletions. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * THE HTTP client. Resolves with `data` when the envelope's code is 1; otherwise rejects with ApiError after
 * the one error interceptor has reacted (spec §8): 10001 logs out, transport failures warn, others are
 * logged and the server's localised `msg` is shown unless the caller is silent. Features do not call it
 * directly: `api(route, input)` (./api.ts) calls it for a route of the contract's table, typed from its schemas.
 */

export async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  let init: RequestInit;
  let url: string;
  try {
    url = buildUrl(useSession.getState().baseURL, path, opts.query);
    const headers: Record<string, string> = requestHeaders();
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    init = { method, headers, signal: controller.signal, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) };
  } catch (e) {
    clearTimeout(timer);
    console.error('[http] request setup failed', path, e);
    feedback.warning(t('api.setupError'));
    throw new ApiError(SETUP_ERROR, t('api.setupError'));
  }

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    // A caller's own cancellation (React Query unmount) is not a failure worth a pop-up.
    if (opts.signal?.aborted) throw new ApiError(NO_RESPONSE, 'aborted');
    console.warn('[http] no response', method, path, e);
    feedback.warning(t('api.noResponse'));
    throw new ApiError(NO_RESPONSE, t('api.noResponse'));
  }

  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = {};
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  const code = typeof body.code === 'number' ? body.code : -res.status;
  const msg = typeof body.msg === 'string' ? body.msg : t('api.httpStatus', { status: res.status });
  if (code === ErrorCode.Ok) return body.data as T;

  if (code === ErrorCode.SessionInvalid) {
    console.warn('[http] session invalid, logging out', path);
    onSessionInvalid();
    throw new ApiError(code, msg, body.data ?? null);
  }
  console.error('[http] server error', method, path, code, msg);
  if (!opts.silent) feedback.error(msg);
  throw new ApiError(code, msg, body.data ?? null);
}
