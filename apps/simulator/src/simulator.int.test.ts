import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCatalog, gatewayStatusPayload, gatewayTopics, telemetryPayload, type SimulatorManifest } from '@gridops/contract';
import { startSimulator, type RunningSimulator } from './simulator.js';

const INTERVAL = 200;

const manifest: SimulatorManifest = {
  gateways: [
    {
      sn: 'GW-A',
      secret: 'secret-a',
      project_id: 1,
      project_name: 'Suzhou',
      latitude: 31.2989,
      longitude: 120.727,
      timezone: 'Asia/Shanghai',
      // One device of every kind: the whole catalogue goes over the wire.
      devices: Object.keys(deviceCatalog).map((kind, i) => ({ sn: `D${i}`, kind: kind as keyof typeof deviceCatalog, name: kind, props: {} })),
    },
    {
      sn: 'GW-B',
      secret: 'secret-b',
      project_id: 1,
      project_name: 'Suzhou',
      latitude: 31.2989,
      longitude: 120.727,
      timezone: 'Asia/Shanghai',
      devices: [
        { sn: 'F01', kind: 'feeder', name: 'Feeder 1', props: { rated_kw: 160 } },
        { sn: 'ENV', kind: 'env_sensor', name: 'Room', props: {} },
        { sn: 'CAM1', kind: 'camera', name: 'Camera', props: {} },
      ],
    },
  ],
};
const kindOf = new Map(manifest.gateways.flatMap((g) => g.devices.map((d) => [`${g.sn}/${d.sn}`, d.kind] as const)));

interface Received {
  topic: string;
  json: Record<string, unknown>;
  at: number;
}

let broker: Aedes;
let server: net.Server;
let url: string;
let observer: MqttClient;
let sim: RunningSimulator;
const received: Received[] = [];
const clientIds = new Set<string>();
const connections = new Map<string, Client>();
let refuseGateways = false;

const waitFor = async <T>(what: string, fn: () => T | undefined | false, timeoutMs = 15_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
const messages = (topic: string, since = 0) => received.filter((m) => m.topic === topic && m.at >= since);

beforeAll(async () => {
  const secrets = new Map(manifest.gateways.map((g) => [g.sn, g.secret]));
  broker = await Aedes.createBroker({
    // Like the server: username = gateway serial, password = its secret; plus an outage switch for the test.
    authenticate: (client, username, password, done) => {
      const isGateway = username !== undefined && secrets.has(username);
      const ok = username === 'observer' || (isGateway && !refuseGateways && secrets.get(username) === password?.toString() && client.id === `gw-${username}`);
      if (isGateway) clientIds.add(client.id);
      done(ok ? null : Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), ok);
    },
  });
  broker.on('client', (c) => connections.set(c.id, c));
  server = net.createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  observer = await mqtt.connectAsync(url, { username: 'observer', clientId: 'observer' });
  await observer.subscribeAsync('v1.1/gateway/+/#', { qos: 1 });
  observer.on('message', (topic, payload) => received.push({ topic, json: JSON.parse(payload.toString()) as Record<string, unknown>, at: Date.now() }));
  sim = startSimulator(manifest, { mqttUrl: url, intervalMs: INTERVAL, faultRate: 0, statusEveryMs: 1000, log: () => undefined });
});

afterAll(async () => {
  await sim?.stop();
  await observer?.endAsync();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

describe('simulator against an MQTT broker', () => {
  it('publishes valid telemetry with the catalogue keys of every device, and status', async () => {
    for (const gw of manifest.gateways) {
      const topic = gatewayTopics(gw.sn).telemetry;
      await waitFor(`telemetry of ${gw.sn}`, () => messages(topic).length >= 3);
      for (const m of messages(topic)) {
        const p = telemetryPayload.parse(m.json);
        expect(Math.abs(p.ts - m.at)).toBeLessThan(5000);
        expect(p.devices.map((d) => d.sn)).toEqual(gw.devices.map((d) => d.sn));
        for (const d of p.devices) {
          const kind = kindOf.get(`${gw.sn}/${d.sn}`)!;
          expect(Object.keys(d.values)).toEqual(deviceCatalog[kind].points.map((pt) => pt.key));
          for (const v of Object.values(d.values)) expect(Number.isFinite(v)).toBe(true);
        }
      }
      const status = await waitFor(`status of ${gw.sn}`, () => messages(gatewayTopics(gw.sn).status)[0]);
      // The first tick may precede the connection, so `buffered` can be 1 or 2 here.
      expect(gatewayStatusPayload.parse(status.json)).toMatchObject({ online: true, buffered: expect.any(Number) });
    }
    expect([...clientIds].sort()).toEqual(['gw-GW-A', 'gw-GW-B']);
  });

  it('stages a fault on command, reports the result, and clears it', async () => {
    const topics = gatewayTopics('GW-B');
    const limit = ((160 * 1000) / (3 * 230 * 0.9)) * 1.2;
    const feeder = (m: Received) => telemetryPayload.parse(m.json).devices.find((d) => d.sn === 'F01')!.values as Record<string, number>;

    await observer.publishAsync(topics.command, JSON.stringify({ id: 'c-1', command: 'simulate_fault', params: { device_sn: 'F01', fault: 'over_current' } }), { qos: 1 });
    const result = await waitFor('command result', () => messages(topics.commandResult).find((m) => m.json.id === 'c-1'));
    expect(result.json).toMatchObject({ id: 'c-1', ok: true });
    const during = await waitFor('over-current telemetry', () => messages(topics.telemetry, result.at).find((m) => feeder(m).Ia! > limit));
    expect(feeder(during).Ib!).toBeGreaterThan(limit);

    await observer.publishAsync(topics.command, JSON.stringify({ id: 'c-2', command: 'simulate_fault', params: { device_sn: 'ENV', fault: 'smoke' } }), { qos: 1 });
    const capture = await waitFor('capture', () => messages(topics.capture)[0]);
    expect(capture.json).toMatchObject({ device_sn: 'CAM1', img: expect.stringMatching(/^data:image\//) });

    await observer.publishAsync(topics.command, JSON.stringify({ id: 'c-3', command: 'clear_fault', params: {} }), { qos: 1 });
    const cleared = await waitFor('clear result', () => messages(topics.commandResult).find((m) => m.json.id === 'c-3'));
    await waitFor('normal telemetry', () => messages(topics.telemetry, cleared.at).find((m) => feeder(m).Ia! < limit));

    await observer.publishAsync(topics.command, JSON.stringify({ id: 'c-4', command: 'simulate_fault', params: { device_sn: 'F01', fault: 'smoke' } }), { qos: 1 });
    const refused = await waitFor('refusal', () => messages(topics.commandResult).find((m) => m.json.id === 'c-4'));
    expect(refused.json).toMatchObject({ ok: false, error: expect.stringMatching(/does not apply/) });
  });

  it('buffers through an outage and resends in order, with the original timestamps, before live values', async () => {
    const topics = gatewayTopics('GW-B');
    const gw = sim.gateways.find((g) => g.gateway.sn === 'GW-B')!;
    refuseGateways = true;
    const cutAt = Date.now();
    connections.get('gw-GW-B')!.conn.destroy();
    // The broker publishes the will for a connection that vanished without DISCONNECT.
    const will = await waitFor('last will', () => messages(topics.status, cutAt).find((m) => m.json.online === false));
    expect(gatewayStatusPayload.parse(will.json).online).toBe(false);
    await waitFor('buffering', () => gw.buffered >= 8 && !gw.connected);
    refuseGateways = false;
    await waitFor('reconnect and drain', () => gw.connected && gw.buffered === 0, 20_000);
    const drainedAt = Date.now();
    await waitFor('live values after the backlog', () => messages(topics.telemetry, drainedAt).length > 0, 5000);

    const ts = messages(topics.telemetry).map((m) => telemetryPayload.parse(m.json).ts);
    // Arrival order equals measurement order: the backlog went out before anything newer.
    for (let i = 1; i < ts.length; i++) expect(ts[i]!).toBeGreaterThan(ts[i - 1]!);
    // And nothing measured during the outage is missing: no gap much longer than one interval.
    // (Command-triggered extra ticks only make gaps shorter.)
    const outage = ts.filter((t) => t >= cutAt);
    for (let i = 1; i < outage.length; i++) expect(outage[i]! - outage[i - 1]!).toBeLessThan(INTERVAL * 3);
    const backlog = messages(topics.telemetry, cutAt).filter((m) => m.at - telemetryPayload.parse(m.json).ts > 1000);
    expect(backlog.length).toBeGreaterThanOrEqual(5);
  });

  it('says goodbye with online:false on stop', async () => {
    const since = Date.now();
    await sim.stop();
    for (const gw of manifest.gateways) {
      await waitFor(`offline status of ${gw.sn}`, () => messages(gatewayTopics(gw.sn).status, since).find((m) => m.json.online === false));
    }
  });
});
