import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { writeMosquittoFiles } from '../modules/mqtt-auth/mosquitto.js';
import type { ServiceCredentials } from '../modules/mqtt-auth/service.js';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`port ${port} not open within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface TestMosquitto {
  tcpPort: number;
  wsPort: number;
  /** The service listener the GridOps server connects to (MQTT_URL). */
  servicePort: number;
  url: string;
  /** The broker's process (bench/ingestLoad.ts counts its CPU apart from other work on the machine). */
  pid: number | undefined;
  /** What Mosquitto printed (its log goes to stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's Mosquitto on free ports with the files GridOps generates for the database (gateways, live console
 * sessions, the service account), under `dir`. For tests and benchmarks; stopped by `stop()`.
 */
export async function startMosquitto(db: Db, service: ServiceCredentials, dir: string): Promise<TestMosquitto> {
  const [tcpPort, wsPort, servicePort] = [await freePort(), await freePort(), await freePort()];
  await writeMosquittoFiles(db, service, { tcpPort, wsPort, servicePort, dir, bind: '127.0.0.1', runAsUser: os.userInfo().username });
  let log = '';
  const child: ChildProcess = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await Promise.race([
      Promise.all([waitForPort(tcpPort), waitForPort(wsPort), waitForPort(servicePort)]),
      exited.then(() => Promise.reject(new Error(`mosquitto exited: ${log}`))),
    ]);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    tcpPort,
    wsPort,
    servicePort,
    url: `mqtt://127.0.0.1:${servicePort}`,
    pid: child.pid,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
