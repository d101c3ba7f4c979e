import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import mqtt from 'mqtt';
import { gatewayTopics } from '@gridops/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';
import { seedDemo } from '../seed/demo.js';
import { tempDir } from '../test-support/backends.js';
import { freePort, waitForPort } from '../test-support/mosquitto.js';
import { generateMosquittoConfig } from './mosquittoConfig.js';

const service = { MQTT_SERVICE_USERNAME: 'gridops-service', MQTT_SERVICE_PASSWORD: 'tool-test-secret' };

describe('npm run mosquitto:config', () => {
  let dir: string;
  let mosquitto: ChildProcess | undefined;
  afterAll(async () => {
    mosquitto?.kill('SIGTERM');
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes files Mosquitto starts with, on the bind address given, and gateways and the server log in', { timeout: 180_000 }, async () => {
    dir = await tempDir('gridops-mosquitto-tool-');
    const dataDir = path.join(dir, 'server');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(database.db);
    await seedDemo(database.db, { energyHistoryDays: 0 });
    const secret = await issueGatewaySecret(database.db, 'GW-SZIP-01');
    await database.close();

    const [tcp, ws, svc] = [await freePort(), await freePort(), await freePort()];
    const out = path.join(dir, 'broker');
    const lines = await generateMosquittoConfig(
      ['--out', out, '--tcp-port', String(tcp), '--ws-port', String(ws), '--service-port', String(svc), '--bind', '127.0.0.1'],
      { DATA_DIR: dataDir, ...service },
    );
    expect(lines.join('\n')).toContain(`MQTT_URL=mqtt://127.0.0.1:${svc}`);
    const conf = await fs.readFile(path.join(out, 'mosquitto.conf'), 'utf8');
    expect(conf).toContain(`listener ${tcp} 127.0.0.1`);
    expect(conf).toContain(`listener ${ws} 127.0.0.1`);
    expect(conf).toContain(`listener ${svc} 127.0.0.1`);
    expect((await fs.stat(path.join(out, 'passwd'))).mode & 0o777).toBe(0o600);

    let output = '';
    mosquitto = spawn('mosquitto', ['-c', path.join(out, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    mosquitto.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    await Promise.all([waitForPort(tcp), waitForPort(ws), waitForPort(svc)]).catch((e: unknown) => {
      throw new Error(`mosquitto did not start with the generated files: ${output}`, { cause: e });
    });
    // The main session and an auxiliary publish-only one ({sn}/pub, same secret) side by side: neither kicks the
    // other (their client ids are their usernames), and the command goes to the main session.
    const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: 'GW-SZIP-01', password: secret, clean: false, clientId: 'ignored-1', reconnectPeriod: 0 });
    let gwClosed = false;
    gw.on('close', () => (gwClosed = true));
    await gw.subscribeAsync(gatewayTopics('GW-SZIP-01').command, { qos: 1 });
    const aux = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: 'GW-SZIP-01/pub', password: secret, clientId: 'ignored-2', reconnectPeriod: 0 });
    const auxGot: string[] = [];
    aux.on('message', (topic) => auxGot.push(topic));
    // Mosquitto 2.0 grants a forbidden v3.1.1 subscription but never delivers on it (docs/external-broker.md).
    await aux.subscribeAsync(gatewayTopics('GW-SZIP-01').command, { qos: 1 });
    await aux.publishAsync(gatewayTopics('GW-SZIP-01').status, JSON.stringify({ ts: Date.now(), online: true }), { qos: 1 });
    const server = await mqtt.connectAsync(`mqtt://127.0.0.1:${svc}`, {
      username: service.MQTT_SERVICE_USERNAME,
      password: service.MQTT_SERVICE_PASSWORD,
      clientId: 'gridops-server-1-test',
      reconnectPeriod: 0,
    });
    const command = new Promise<string>((resolve) => gw.once('message', (_t, p) => resolve(p.toString())));
    await server.publishAsync(gatewayTopics('GW-SZIP-01').command, '{"id":"c-mosq-1"}', { qos: 1 });
    expect(await command).toContain('c-mosq-1');
    expect(auxGot).toEqual([]);
    expect(gwClosed).toBe(false);
    await Promise.all([aux.endAsync(), gw.endAsync()]);
    await server.endAsync();
    await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${tcp}`, { username: 'GW-SZIP-01', password: 'wrong', reconnectPeriod: 0 })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });
});
