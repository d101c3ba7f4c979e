import fs from 'node:fs/promises';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayTopics } from '@gridops/contract';
import { issueGatewaySecret } from '../mqtt-auth/gatewaySecrets.js';
import { startRuntime, type Runtime } from '../../runtime.js';
import { tempDir, testConfig } from '../../test-support/backends.js';

interface ReadyBody {
  status: string;
  failing: string[];
  checks: Record<string, { ok: boolean; detail: string }>;
}

const waitFor = async <T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('health, readiness and metrics of a running instance', () => {
  let dir: string;
  let rt: Runtime;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    dir = await tempDir('gridops-ops-');
    // A built console is there: the operations endpoints must still never be answered by its index.html.
    const webDir = path.join(dir, 'web');
    await fs.mkdir(webDir, { recursive: true });
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>console</title>');
    rt = await startRuntime(
      testConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        WEB_DIR: webDir,
        SEED_DEMO: 'on',
        MQTT_TCP_PORT: '0',
        MQTT_WS_PORT: '0',
        READY_STALL_SECONDS: '2',
      }),
      { logger: false },
    );
  });

  afterAll(async () => {
    for (const c of clients) c.end(true);
    vi.restoreAllMocks();
    await rt?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers /health and /ready as JSON, never as the console page', async () => {
    const health = await fetch(`${rt.url}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const ready = await fetch(`${rt.url}/ready`);
    const body = (await ready.json()) as ReadyBody;
    expect(ready.status).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['broker', 'database', 'ingest']);
    expect(body.checks.broker!.detail).toContain('embedded broker listening');
    // Any other path still gets the console (history-mode routes).
    expect(await (await fetch(`${rt.url}/some/console/page`)).text()).toContain('<title>console</title>');
  });

  it('counts committed telemetry, rejects by reason, batch latency and HTTP latency by route in Prometheus format', async () => {
    const sn = 'GW-SZIP-01';
    const secret = await issueGatewaySecret(rt.database.db, sn);
    const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${rt.broker!.tcpPort}`, { username: sn, password: secret, clientId: `gw-${sn}`, reconnectPeriod: 0 });
    clients.push(gw);
    const ts = Date.now();
    await gw.publishAsync(gatewayTopics(sn).telemetry, JSON.stringify({ ts, devices: [{ sn: 'ENV2', values: { temp: 21.5, humidity: 40 } }] }), { qos: 1 });
    await gw.publishAsync(gatewayTopics(sn).telemetry, 'not json', { qos: 1 });

    const res = await fetch(`${rt.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const value = (line: RegExp) => Number(line.exec(text)?.[1]);
    expect(value(/^gridops_ingest_points_total (\d+)/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^gridops_ingest_rejects_total\{reason="garbage"\} (\d+)/m)).toBe(1);
    expect(value(/^gridops_ingest_batch_seconds_count (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^gridops_mqtt_connected_clients\{kind="gateway"\} (\d+)/m)).toBe(1);
    expect(text).toMatch(/^gridops_ingest_queue_depth 0/m);
    expect(text).toMatch(/^gridops_db_pool_connections\{state="total"\} \d+/m);
    expect(text).toMatch(/^gridops_http_request_seconds_count\{method="GET",route="\/ready",status_code="200"\} 1/m);
    expect(text).toContain('# TYPE gridops_alarm_latency_seconds histogram');
    expect(text).not.toContain('<title>');
  });

  it('reports a wedged ingest on /ready with 503 naming the ingest', async () => {
    // A handler that never returns: the state the external-broker deadlock left an instance in.
    const stuck = vi.spyOn(rt.pipeline.ingest, 'submit').mockImplementation(() => new Promise<void>(() => undefined));
    const sn = 'GW-SZIP-01';
    const gw = clients[0]!;
    gw.publish(gatewayTopics(sn).telemetry, JSON.stringify({ ts: Date.now(), devices: [{ sn: 'ENV2', values: { temp: 22 } }] }), { qos: 1 });
    const started = Date.now();
    const body = await waitFor(async () => {
      const res = await fetch(`${rt.url}/ready`);
      return res.status === 503 ? ((await res.json()) as ReadyBody) : undefined;
    }, 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(body.status).toBe('not_ready');
    expect(body.failing).toEqual(['ingest']);
    expect(body.checks.ingest!.detail).toMatch(/stalled: 1 gateway message\(s\) in hand/);
    expect(body.checks.database!.ok).toBe(true);
    // The health check still answers: the process is up, only not ready.
    expect((await fetch(`${rt.url}/health`)).status).toBe(200);
    stuck.mockRestore();
  });
});
