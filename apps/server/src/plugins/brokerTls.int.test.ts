import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTopics, gatewayTopics } from '@gridops/contract';
import { ConfigError, loadConfig } from '../config.js';
import { StartError } from '../lib/startErrors.js';
import { gatewayClientId } from '../modules/mqtt-auth/acl.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { tempDir, testConfig } from '../test-support/backends.js';
import { readBrokerTls } from './broker.js';

const H = { version: '1.0', devicetype: 'pc', 'content-type': 'application/json' };

/** A self-signed certificate for 127.0.0.1 made by Debian's openssl, as an operator would for a test site. */
function selfSigned(dir: string, name: string) {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}

describe('embedded broker over TLS (MQTTS for gateways, WSS for browsers)', () => {
  let dir: string;
  let pem: { cert: string; key: string };
  let rt: Runtime;
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    dir = await tempDir();
    pem = selfSigned(dir, 'broker');
    rt = await startRuntime(
      testConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_TCP_PORT: '0', MQTT_WS_PORT: '0', MQTT_TLS_PORT: '0', MQTT_WSS_PORT: '0', MQTT_TLS_CERT: pem.cert, MQTT_TLS_KEY: pem.key, DATA_DIR: dir, SEED_DEMO: 'on' }),
      { logger: false },
    );
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await rt?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves gateways and browsers over TLS with the same credentials and ACLs, and tells browsers the WSS port', async () => {
    const ca = await fs.readFile(pem.cert);
    const ports = rt.broker!.tls!;
    expect(ports.tlsPort).toBeGreaterThan(0);

    // config.json points an https console at the secure WebSocket listener.
    const web = (await (await fetch(`${rt.url}/config.json`)).json()) as { mqttWsPort?: number };
    expect(web.mqttWsPort).toBe(ports.wssPort);

    // A gateway publishes telemetry over MQTTS; the broker checks the certificate chain we trust.
    const gw = (await rt.database.db.selectFrom('gateways').select('sn').orderBy('id').executeTakeFirstOrThrow()).sn;
    const secret = await issueGatewaySecret(rt.database.db, gw);
    const gateway = await mqtt.connectAsync(`mqtts://127.0.0.1:${ports.tlsPort}`, { username: gw, password: secret, clientId: gatewayClientId(gw), ca, reconnectPeriod: 0 });
    clients.push(gateway);
    await gateway.publishAsync(gatewayTopics(gw).telemetry, JSON.stringify({ ts: Date.now(), devices: [] }), { qos: 1 });
    expect(gateway.connected).toBe(true);

    // Wrong secret over TLS: refused exactly as on plain TCP.
    await expect(mqtt.connectAsync(`mqtts://127.0.0.1:${ports.tlsPort}`, { username: gw, password: 'wrong', clientId: gatewayClientId(gw), ca, reconnectPeriod: 0 })).rejects.toThrow();
    // A client that does not trust the certificate never gets to MQTT.
    await expect(mqtt.connectAsync(`mqtts://127.0.0.1:${ports.tlsPort}`, { username: gw, password: secret, clientId: gatewayClientId(gw), reconnectPeriod: 0, connectTimeout: 5000 })).rejects.toThrow();

    // A console user subscribes over WSS to its own topic, and not to another user's.
    const login = async (username: string) => {
      const res = await fetch(`${rt.url}/api/v6/user/login`, { method: 'POST', headers: H, body: JSON.stringify({ username, password: 'demo1234' }) });
      return ((await res.json()) as { data: { userInfo: { id: number; org_id: number; mqtt: { username: string; pass: string } } } }).data.userInfo;
    };
    const site = await login('site');
    const centre = await login('centre');
    const browser = await mqtt.connectAsync(`wss://127.0.0.1:${ports.wssPort}/mqtt`, {
      username: site.mqtt.username,
      password: site.mqtt.pass,
      clientId: `gridops_web_${site.id}_tls`,
      ca,
      reconnectPeriod: 0,
    });
    clients.push(browser);
    const granted = await browser.subscribeAsync(clientTopics(site.org_id, site.id).message, { qos: 2 });
    expect(granted.map((g) => g.qos)).toEqual([2]);
    await expect(browser.subscribeAsync(clientTopics(centre.org_id, centre.id).message, { qos: 2 })).rejects.toThrow();

    // The plain listeners stay as they were.
    expect(rt.broker!.tcpPort).not.toBe(ports.tlsPort);
  });

  it('refuses half a TLS setting, an unreadable file and a key that is not the certificate’s, naming the settings', async () => {
    expect(() => loadConfig({ MQTT_TLS_CERT: pem.cert })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_TLS_CERT: pem.cert })).toThrow(/MQTT_TLS_CERT \/ MQTT_TLS_KEY: set both/);
    const conf = { certFile: pem.cert, keyFile: path.join(dir, 'missing.key'), tlsPort: 0, wssPort: 0 };
    await expect(readBrokerTls(conf)).rejects.toThrow(/MQTT_TLS_KEY \(.*missing\.key\) could not be read/);
    const other = selfSigned(dir, 'other');
    const mismatch = readBrokerTls({ ...conf, keyFile: other.key });
    await expect(mismatch).rejects.toBeInstanceOf(StartError);
    await expect(readBrokerTls({ ...conf, keyFile: other.key })).rejects.toThrow(/MQTT_TLS_CERT and MQTT_TLS_KEY are not a certificate and its key/);
  });
});
