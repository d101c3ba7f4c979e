import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { redactUrl } from '../lib/redact.js';

/**
 * Which requests get a log line (README "Logs"). By default only those worth reading: server errors (5xx, at
 * error), client errors (4xx, at info: a refused login, a forbidden action or a malformed call is what someone
 * debugging asks about, and they are rare in normal use), and requests slower than `slowMs` (at warn). Every
 * other request only counts towards a summary line every `summarySeconds` (count, errors, p95). `all` logs one
 * line per request, as before. A route's own log level still applies (the health probes log at warn).
 */
export type RequestLogPolicy = AppConfig['requestLog'];

// Long-lived answers (a camera's MJPEG stream) are "slow" by nature: never reported as such.
const STREAMING = /^(multipart\/x-mixed-replace|text\/event-stream)/;
// Bounds the memory of a busy minute; past it, the p95 is that of the first samples of the window.
const MAX_SAMPLES = 100_000;

/** p95 of the window's durations (nearest rank). */
function p95(samples: number[]): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export function registerRequestLog(app: FastifyInstance, policy: RequestLogPolicy): void {
  let window = { started: Date.now(), count: 0, serverErrors: 0, clientErrors: 0, slow: 0, ms: [] as number[] };

  const summarise = () => {
    const w = window;
    window = { started: Date.now(), count: 0, serverErrors: 0, clientErrors: 0, slow: 0, ms: [] };
    if (w.count === 0) return;
    app.log.info(
      { requests: w.count, serverErrors: w.serverErrors, clientErrors: w.clientErrors, slow: w.slow, p95Ms: p95(w.ms), seconds: Math.round((Date.now() - w.started) / 1000) },
      `${w.count} requests, ${w.serverErrors} server errors, ${w.clientErrors} client errors, ${w.slow} slow, p95 ${p95(w.ms)} ms`,
    );
  };

  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const status = reply.statusCode;
    const streaming = STREAMING.test(String(reply.getHeader('content-type') ?? ''));
    const slow = !streaming && policy.slowMs > 0 && ms >= policy.slowMs;
    window.count += 1;
    if (status >= 500) window.serverErrors += 1;
    else if (status >= 400) window.clientErrors += 1;
    if (slow) window.slow += 1;
    if (window.ms.length < MAX_SAMPLES) window.ms.push(ms);

    const level = status >= 500 ? 'error' : slow ? 'warn' : status >= 400 || policy.mode === 'all' ? 'info' : null;
    if (!level) return;
    req.log[level]({ req, status, ms, ...(slow ? { slow: true } : {}) }, `${req.method} ${redactUrl(req.url)} ${status}${slow ? ` slow (${ms} ms)` : ''}`);
  });

  if (policy.summarySeconds > 0) {
    const timer = setInterval(summarise, policy.summarySeconds * 1000);
    timer.unref();
    // The last, partial window is logged on the way out: a short run still ends with its numbers.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      summarise();
    });
  }
}
