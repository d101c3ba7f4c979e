import type { IClientOptions, MqttClient } from 'mqtt';
import { useEffect, useRef } from 'react';
import { appConfig } from './config';
import { session } from '../session/store';
import { onLive, type LiveEnvelope } from './liveBus';

export { onLive, type LiveEnvelope };

const reconnectListeners = new Set<() => void>();

/** ws:// for http, wss:// for https, on the broker's WebSocket port and path from config.json (spec §7). */
export function liveUrl(baseURL: string, port: number, path: string): string {
  const u = new URL(baseURL || window.location.origin);
  const proto = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${u.hostname}:${port}${path.startsWith('/') ? path : `/${path}`}`;
}

export function liveOptions(username: string, password: string, userId: number): IClientOptions {
  return {
    username,
    password,
    keepalive: 60,
    clean: true,
    clientId: `gridops_web_${userId}_${Math.random().toString(16).slice(2, 10)}`,
    connectTimeout: 15_000,
    reconnectPeriod: 15_000,
  };
}

/** THE live client: the only place that talks MQTT. Reconnect and resubscribe live here, nowhere else. */
class LiveClient {
  private client: MqttClient | null = null;
  private connecting = false;
  private connectedOnce = false;

  get active() {
    return this.client !== null || this.connecting;
  }

  async start() {
    const s = session();
    const info = s.userInfo;
    if (!s.token || !info) return;
    // Spec §5: no new connection for a worker when a client exists; other users reuse theirs too.
    if (this.active) return;
    this.connecting = true;
    try {
      // Loaded on demand so the login page carries neither the MQTT library nor the schemas (zod) of the wire.
      const [mod, wire] = await Promise.all([import('mqtt'), import('./liveWire')]);
      // The browser build exposes `connect` on the default export only; Node's on the namespace.
      const connect = typeof mod.connect === 'function' ? mod.connect : mod.default.connect;
      if (!session().token) return;
      const cfg = appConfig();
      const url = liveUrl(s.baseURL, cfg.mqttWsPort, cfg.mqttWsPath);
      const client = connect(url, liveOptions(info.mqtt.username, info.mqtt.pass, info.id));
      this.client = client;
      const topics = wire.clientTopics(info.org_id, info.id);
      client.on('connect', () => {
        client
          .subscribeAsync([topics.message, topics.reply], { qos: 2 })
          .then((granted) => console.info('[live] subscribed', granted.map((g) => `${g.topic}:${g.qos}`).join(', ')))
          // Spec §8: a refused subscription is silent for the user.
          .catch((e: unknown) => console.debug('[live] subscribe refused', e));
        if (this.connectedOnce) reconnectListeners.forEach((fn) => fn());
        this.connectedOnce = true;
      });
      client.on('message', (topic, payload) => wire.dispatchPayload(topic, payload.toString()));
      client.on('error', (e) => console.warn('[live]', e.message));
    } finally {
      this.connecting = false;
    }
  }

  stop() {
    this.client?.end(true);
    this.client = null;
    this.connectedOnce = false;
  }
}

export const liveClient = new LiveClient();

export function onLiveReconnect(fn: () => void) {
  reconnectListeners.add(fn);
  return () => void reconnectListeners.delete(fn);
}

/** The one hook widgets use for live data: `filter` picks messages, `onData` gets them. */
export function useLiveMessages(filter: (m: LiveEnvelope) => boolean, onData: (m: LiveEnvelope) => void) {
  const ref = useRef({ filter, onData });
  useEffect(() => {
    ref.current = { filter, onData };
  });
  useEffect(
    () =>
      onLive((m) => {
        if (ref.current.filter(m)) ref.current.onData(m);
      }),
    [],
  );
}
