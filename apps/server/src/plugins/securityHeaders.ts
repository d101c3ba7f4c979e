import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config.js';

/** The origin of a configured URL (for CSP), or nothing when it is empty or relative. */
function originOf(url: string): string[] {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

/** The host name the browser used to reach us (Host header without its port), for the MQTT WebSocket source. */
function requestHostname(req: IncomingMessage): string | null {
  const host = req.headers.host ?? '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name && /^[\w.[\]:-]+$/.test(name) ? name : null;
}

/**
 * Security headers on every response (@fastify/helmet). The CSP is the one the built console works under:
 * scripts only from us; inline styles because antd's CSS-in-JS injects <style> elements; images also from
 * data:/blob: (camera captures arrive as data URIs, ECharts exports use blobs); connections to us and to the
 * MQTT WebSocket on its own port of the same host (weather comes through our API now, so no provider origin).
 * Live video: media-src 'self' blob: (hls.js) plus the media-server origins of VIDEO_ORIGINS, which connect-src
 * lists too (hls.js fetches playlists and segments); nothing else.
 * frame-ancestors: FRAME_ANCESTORS (default 'self'), the 3D engine host that embeds the console.
 * Referrer-Policy no-referrer: a console URL may carry ?token= (spec §2) and must not leak it to other sites.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const wsPort = config.mqtt.publicWsPort;
  const mqttSources = (req: IncomingMessage) => {
    const host = requestHostname(req);
    return host ? `ws://${host}:${wsPort} wss://${host}:${wsPort}` : '';
  };
  const frameAncestors = config.frameAncestors;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originOf(config.web.logoURL)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", mqttSources, ...originOf(config.web.baseURL), ...config.video.origins],
        // Live video (docs/video.md): hls.js feeds the <video> through MSE (blob:); media servers only when listed.
        mediaSrc: ["'self'", 'blob:', ...config.video.origins],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // X-Frame-Options cannot name other origins: with an embedding host configured, frame-ancestors decides.
    frameguard: frameAncestors.length === 1 && frameAncestors[0] === "'self'" ? { action: 'sameorigin' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The console loads nothing cross-origin that would need CORP headers, and may be embedded by the engine host.
    crossOriginEmbedderPolicy: false,
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS is the TLS terminator's decision.
    strictTransportSecurity: false,
  });
});
