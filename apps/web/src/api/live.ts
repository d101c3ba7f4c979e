import type { IClientOptions, MqttClient } from 'mqtt';
import { clientTopics, messageEnvelope } from '@gridops/contract';
import { useEffect, useRef } from 'react';
import { appConfig } from './config';
import { pushLiveMessage, session } from '../session/store';

/** One parsed live message, as every listener receives it. */
export interface LiveEnvelope {
  topic: string;
  command: string;
  data: unknown;
  timestamp?: number;
}
type Listener = (m: LiveEnvelope) => void;

const listeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();

/** Commands handled by the shell (pop-ups); everything else also goes to the store's message list. */
const SHELL_COMMANDS = new Set(['event', 'capture']);

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

/** Parses a payload and hands it out; exported for tests. Non-JSON payloads are dropped with a log line. */
export function dispatchPayload(topic: string, payload: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    console.warn('[live] non-JSON payload on', topic);
    return;
  }
  const env = messageEnvelope.safeParse(parsed);
  const m: LiveEnvelope = env.success
    ? { topic, command: env.data.command, data: env.data.data, timestamp: env.data.timestamp }
    : { topic, command: '', data: parsed };
  if (!SHELL_COMMANDS.has(m.command)) {
    pushLiveMessage({ topic, command: m.command, msg: m.data, time: m.timestamp ?? Date.now() });
  }
  listeners.forEach((fn) => fn(m));
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
      // Loaded on demand so the login page does not carry the MQTT library.
      const mod = await import('mqtt');
      // The browser build exposes `connect` on the default export only; Node's on the namespace.
      const connect = typeof mod.connect === 'function' ? mod.connect : mod.default.connect;
      if (!session().token) return;
      const cfg = appConfig();
      const url = liveUrl(s.baseURL, cfg.mqttWsPort, cfg.mqttWsPath);
      const client = connect(url, liveOptions(info.mqtt.username, info.mqtt.pass, info.id));
      this.client = client;
      const topics = clientTopics(info.org_id, info.id);
      client.on('connect', () => {
        client
          .subscribeAsync([topics.message, topics.reply], { qos: 2 })
          .then((granted) => console.info('[live] subscribed', granted.map((g) => `${g.topic}:${g.qos}`).join(', ')))
          // Spec §8: a refused subscription is silent for the user.
          .catch((e: unknown) => console.debug('[live] subscribe refused', e));
        if (this.connectedOnce) reconnectListeners.forEach((fn) => fn());
        this.connectedOnce = true;
      });
      client.on('message', (topic, payload) => dispatchPayload(topic, payload.toString()));
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

export function onLive(fn: Listener) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
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
