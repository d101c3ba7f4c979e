import {
  KIT_PASSWORD_PLACEHOLDER,
  gatewayAuxClientId,
  gatewayAuxUsername,
  gatewayClientId,
  gatewayTopics,
  type GatewayKit,
  type GatewayKitEndpoint,
  type GatewayKitTopic,
  type GatewayKitTopicName,
} from '@gridops/contract';
import type { AppConfig } from '../../config.js';

/** The embedded broker's bound ports (they may differ from the configured ones: MQTT_TCP_PORT fallback, port 0). */
export interface BrokerPorts {
  tcpPort: number;
  wsPort: number;
  tls: { tlsPort: number; wssPort: number } | null;
}

/** The keep-alive the kit recommends: well inside the default 90 s heartbeat window. */
const KEEPALIVE_S = 60;
const WS_PATH = '/mqtt';

const SAFE_HOST = /^[A-Za-z0-9.:_-]{1,253}$/;
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/**
 * Where gateways reach the broker, from the server's real configuration:
 * - host: MQTT_PUBLIC_HOST; else, with MQTT_URL, that broker's host unless it is a loopback address (the server's
 *   own service listener, docs/external-broker.md); else the host the console was opened on (the embedded broker
 *   runs on the same machine).
 * - ports: MQTT_PUBLIC_TCP_PORT / MQTT_PUBLIC_TLS_PORT / MQTT_PUBLIC_WS_PORT when set (a proxy or NAT maps them
 *   elsewhere); else the embedded broker's bound ports, TLS ones only when TLS is configured; an external broker
 *   without them: TCP 1883 and its announced WebSocket port.
 */
export function brokerEndpoints(config: Pick<AppConfig, 'mqtt'>, bound: BrokerPorts | null, requestHost: string): GatewayKit['broker'] {
  const m = config.mqtt;
  const external = m.externalUrl !== undefined;
  const externalHost = external ? new URL(m.externalUrl!).hostname : '';
  // The Host header is the client's to choose: anything but a plain name or address becomes localhost, so it
  // can never put shell syntax into the command lines.
  const fromRequest = SAFE_HOST.test(requestHost) ? requestHost : 'localhost';
  const host = m.publicHost ?? (external && externalHost && !isLoopback(externalHost) ? externalHost : fromRequest);
  const at = (scheme: string, port: number, path = ''): GatewayKitEndpoint => ({ host, port, url: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${path}` });
  const embeddedTls = external ? null : (bound?.tls ?? (m.tls ? { tlsPort: m.tls.tlsPort, wssPort: m.tls.wssPort } : null));
  const tcpPort = m.publicTcpPort ?? (external ? 1883 : (bound?.tcpPort ?? m.tcpPort));
  const tlsPort = m.publicTlsPort ?? embeddedTls?.tlsPort ?? null;
  // MQTT_PUBLIC_WS_PORT (config.publicWsPort) is the port browsers are told: the secure listener's when TLS is
  // on, then the plain one is the bound port.
  const boundWs = bound?.wsPort ?? m.wsPort;
  const wsPort = external ? m.publicWsPort : embeddedTls ? boundWs : m.publicWsPort || boundWs;
  const wssPort = embeddedTls ? m.publicWsPort || embeddedTls.wssPort : null;
  return {
    host,
    external,
    tcp: at('mqtt', tcpPort),
    tls: tlsPort === null ? null : at('mqtts', tlsPort),
    ws: wsPort ? at('ws', wsPort, WS_PATH) : null,
    wss: wssPort ? at('wss', wssPort, WS_PATH) : null,
  };
}

/** A plausible reading per unit, for the sample telemetry (not an alarm on any shipped default rule). */
const SAMPLE_BY_UNIT: Record<string, number> = {
  V: 231.4,
  kV: 10.2,
  A: 12.5,
  kW: 4.2,
  kvar: 1.1,
  kVA: 4.4,
  kWh: 1284.2,
  Hz: 50,
  '°C': 26.5,
  '%RH': 45,
  '%': 42,
  'm³': 312.4,
  'm³/h': 1.2,
};

export interface KitDevice {
  sn: string;
  points: { key: string; unit: string; kind: string; low: number | null; high: number | null }[];
}

function sampleValue(p: KitDevice['points'][number]): number | null {
  if (p.kind === 'digital') return p.key === 'breaker' ? 1 : 0;
  if (p.key === 'PF') return 0.95;
  if (p.low !== null && p.high !== null) return Number(((p.low + p.high) / 2).toFixed(2));
  return SAMPLE_BY_UNIT[p.unit] ?? null;
}

/** Up to two of the gateway's own devices with up to four points each; a generic meter when it has none yet. */
function sampleTelemetry(devices: KitDevice[], ts: number) {
  const picked = devices.slice(0, 2).map((d) => {
    const values: Record<string, number> = {};
    for (const p of d.points) {
      if (Object.keys(values).length >= 4) break;
      const v = sampleValue(p);
      if (v !== null) values[p.key] = v;
    }
    return { sn: d.sn, values };
  });
  const list = picked.filter((d) => Object.keys(d.values).length > 0);
  return { ts, devices: list.length > 0 ? list : [{ sn: 'M1', values: { Ua: 231.4, P: 4.2, EP: 1284.2 } }] };
}

/** Single quotes for a shell, so the JSON's double quotes need no escaping (a `'` inside is closed and reopened). */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The kit of one gateway (contract gatewayKit); pure, so its rules are tested without a broker. */
export function buildGatewayKit(g: {
  id: number;
  projectId: number;
  sn: string;
  name: string;
  nameEn: string;
  online: boolean;
  lastSeenAt: Date | null;
  hasCredentials: boolean;
  heartbeatS: number;
  broker: GatewayKit['broker'];
  devices: KitDevice[];
  now: number;
}): GatewayKit {
  const t = gatewayTopics(g.sn);
  const ts = g.now;
  const firstDevice = g.devices[0]?.sn ?? 'F01';
  const json = (v: unknown) => JSON.stringify(v);
  const topics: GatewayKitTopic[] = [
    { name: 'telemetry', topic: t.telemetry, direction: 'publish', qos: 1, sample: json(sampleTelemetry(g.devices, ts)) },
    { name: 'status', topic: t.status, direction: 'publish', qos: 1, sample: json({ ts, online: true, uptime_s: 3600, buffered: 0 }) },
    { name: 'command', topic: t.command, direction: 'subscribe', qos: 1, sample: json({ id: 'c-3n0Qk7yL2xVb', command: 'breaker', params: { device_sn: firstDevice, close: false } }) },
    { name: 'command_result', topic: t.commandResult, direction: 'publish', qos: 1, sample: json({ id: 'c-3n0Qk7yL2xVb', ok: true, ts }) },
    { name: 'capture', topic: t.capture, direction: 'publish', qos: 0, sample: json({ ts, device_sn: 'CAM1', img: 'data:image/jpeg;base64,…', msg: '1#配电室门禁联动抓拍', msg_en: 'Room door: door opened snapshot' }) },
    { name: 'ai_event', topic: t.aiEvent, direction: 'publish', qos: 1, sample: json({ id: 'box7-000123', ts, camera: 'CAM1', type: 'no_helmet', confidence: 0.87, boxes: [{ x: 0.41, y: 0.22, w: 0.12, h: 0.35, label: 'person', score: 0.91 }], snapshot: 'data:image/jpeg;base64,…' }) },
    { name: 'face_event', topic: t.faceEvent, direction: 'publish', qos: 1, sample: json({ id: `ACT-${ts}-17`, ts, device_sn: 'ACT', person_id: 42, score: 0.93, result: 'pass', snapshot: 'data:image/png;base64,…' }) },
    { name: 'robot_round', topic: t.robotRound, direction: 'publish', qos: 1, sample: json({ device_sn: 'ROBOT-R1', started_at: ts - 540_000, finished_at: ts, status: 'completed', trigger: 'schedule', readings: [{ stop: 1, key: 'ir_ah1', value: 41.2 }] }) },
  ];
  const { tcp } = g.broker;
  const connect = (username: string, clientId: string) => `-h ${tcp.host} -p ${tcp.port} -u ${shellQuote(username)} -P ${KIT_PASSWORD_PLACEHOLDER} -i ${shellQuote(clientId)}`;
  const mainClientId = gatewayClientId(g.sn);
  const auxClientId = gatewayAuxClientId(g.sn, '-1');
  // -c: persistent session (clean session off), so a command sent while it reconnects waits for it.
  const sub = `mosquitto_sub ${connect(g.sn, mainClientId)} -c -q 1 -k ${KEEPALIVE_S} -v -t ${shellQuote(t.command)}`;
  const pub = (name: GatewayKitTopicName) => {
    const topic = topics.find((x) => x.name === name)!;
    return { name, line: `mosquitto_pub ${connect(gatewayAuxUsername(g.sn), auxClientId)} -q 1 -t ${shellQuote(topic.topic)} -m ${shellQuote(topic.sample)}` };
  };
  return {
    gateway_id: g.id,
    project_id: g.projectId,
    sn: g.sn,
    name: g.name,
    name_en: g.nameEn,
    online: g.online,
    last_seen_at: g.lastSeenAt ? g.lastSeenAt.toISOString() : null,
    has_credentials: g.hasCredentials,
    heartbeat_s: g.heartbeatS,
    broker: g.broker,
    main_session: { username: g.sn, client_id: mainClientId, clean_session: false, keepalive_s: KEEPALIVE_S },
    aux_session: { username: gatewayAuxUsername(g.sn), client_id: auxClientId, clean_session: true },
    topics,
    mosquitto_sub: sub,
    mosquitto_pub: [pub('status'), pub('telemetry'), pub('command_result')],
  };
}
