import { describe, expect, it } from 'vitest';
import { brokerEndpoints, buildGatewayKit } from './kit.js';

type Mqtt = Parameters<typeof brokerEndpoints>[0]['mqtt'];
const mqtt = (over: Partial<Mqtt> = {}): { mqtt: Mqtt } => ({
  mqtt: {
    externalUrl: undefined,
    serviceUsername: undefined,
    servicePassword: undefined,
    wsPort: 8084,
    tcpPort: 1883,
    tcpPortFallback: true,
    publicWsPort: 8084,
    maxPacketBytes: 1024 * 1024,
    tls: null,
    redis: null,
    ...over,
  },
});

describe('gateway kit: broker endpoints from the real configuration', () => {
  it('embedded: the bound ports (a fallback TCP port included) on the host the console was opened on', () => {
    const b = brokerEndpoints(mqtt(), { tcpPort: 11883, wsPort: 8084, tls: null }, 'console.example.com');
    expect(b).toEqual({
      host: 'console.example.com',
      external: false,
      tcp: { host: 'console.example.com', port: 11883, url: 'mqtt://console.example.com:11883' },
      tls: null,
      ws: { host: 'console.example.com', port: 8084, url: 'ws://console.example.com:8084/mqtt' },
      wss: null,
    });
  });

  it('embedded with TLS: MQTTS and WSS too; MQTT_PUBLIC_HOST and MQTT_PUBLIC_TCP_PORT win', () => {
    const tls = { certFile: 'c', keyFile: 'k', tlsPort: 8883, wssPort: 8085 };
    const b = brokerEndpoints(mqtt({ tls, publicWsPort: 8085, publicHost: 'mqtt.example.com', publicTcpPort: 31883 }), { tcpPort: 1883, wsPort: 8084, tls: { tlsPort: 8883, wssPort: 8085 } }, 'ignored');
    expect(b.tcp.url).toBe('mqtt://mqtt.example.com:31883');
    expect(b.tls?.url).toBe('mqtts://mqtt.example.com:8883');
    expect(b.ws?.url).toBe('ws://mqtt.example.com:8084/mqtt');
    expect(b.wss?.url).toBe('wss://mqtt.example.com:8085/mqtt');
  });

  it("external: the broker's host unless it is the loopback service listener; public ports when set", () => {
    const ext = brokerEndpoints(mqtt({ externalUrl: 'mqtt://broker.lan:1884', publicWsPort: 8084 }), null, 'console');
    expect(ext).toMatchObject({ host: 'broker.lan', external: true, tcp: { port: 1883 }, tls: null, ws: { port: 8084 } });
    const loop = brokerEndpoints(mqtt({ externalUrl: 'mqtt://127.0.0.1:1884', publicTlsPort: 8883 }), null, 'site.example.com');
    expect(loop.host).toBe('site.example.com');
    expect(loop.tls?.url).toBe('mqtts://site.example.com:8883');
  });

  it('a Host header with anything but a name or address becomes localhost (no shell syntax in the lines)', () => {
    expect(brokerEndpoints(mqtt(), null, 'evil;rm -rf /').host).toBe('localhost');
    expect(brokerEndpoints(mqtt(), null, '$(id)').host).toBe('localhost');
    expect(brokerEndpoints(mqtt(), null, '::1').tcp.url).toBe('mqtt://[::1]:1883');
  });
});

describe('gateway kit: sessions, topics and command lines', () => {
  const kit = buildGatewayKit({
    id: 3,
    projectId: 2,
    sn: 'GW-A',
    name: '网关',
    nameEn: 'Gateway',
    online: false,
    lastSeenAt: null,
    hasCredentials: true,
    heartbeatS: 90,
    broker: brokerEndpoints(mqtt(), null, 'h'),
    devices: [{ sn: 'F01', points: [{ key: 'breaker', unit: '', kind: 'digital', low: null, high: null }, { key: 'Ia', unit: 'A', kind: 'analog', low: null, high: null }, { key: 'odd', unit: 'furlong', kind: 'analog', low: null, high: null }] }],
    now: 1795370000000,
  });

  it('main session gw-{sn} persistent; aux {sn}/pub with a gw-{sn}/pub… client id, clean', () => {
    expect(kit.main_session).toEqual({ username: 'GW-A', client_id: 'gw-GW-A', clean_session: false, keepalive_s: 60 });
    expect(kit.aux_session).toEqual({ username: 'GW-A/pub', client_id: 'gw-GW-A/pub-1', clean_session: true });
  });

  it("lists every topic with a sample built from the gateway's own devices", () => {
    expect(kit.topics.map((t) => t.name)).toEqual(['telemetry', 'status', 'command', 'command_result', 'capture', 'ai_event', 'face_event', 'robot_round']);
    expect(kit.topics.filter((t) => t.direction === 'subscribe').map((t) => t.topic)).toEqual(['v1.1/gateway/GW-A/command']);
    expect(JSON.parse(kit.topics[0]!.sample)).toEqual({ ts: 1795370000000, devices: [{ sn: 'F01', values: { breaker: 1, Ia: 12.5 } }] });
  });

  it('sub on the main session, pub on the aux one, the secret as a variable', () => {
    expect(kit.mosquitto_sub).toBe(`mosquitto_sub -h h -p 1883 -u 'GW-A' -P "$GRIDOPS_GW_PASSWORD" -i 'gw-GW-A' -c -q 1 -k 60 -v -t 'v1.1/gateway/GW-A/command'`);
    expect(kit.mosquitto_pub[0]!.line).toMatch(/^mosquitto_pub -h h -p 1883 -u 'GW-A\/pub' -P "\$GRIDOPS_GW_PASSWORD" -i 'gw-GW-A\/pub-1' -q 1 -t 'v1\.1\/gateway\/GW-A\/status' -m '\{"ts":/);
    expect(JSON.stringify(kit)).not.toMatch(/secret_hash|\$7\$/);
  });
});
