/**
 * What the cluster tests and benchmark run (docs/adr/0006-clustered-broker.md): a throw-away Redis (or a master,
 * a replica and a Sentinel), Debian's HAProxy in front of the instances, and the built server
 * (apps/server/dist/main.js) as real processes that can be killed. Every process listens on free ports of
 * 127.0.0.1 and is stopped by `stop()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { freePort, waitForPort } from './mosquitto.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The program is on PATH (redis-server, haproxy). */
export function hasProgram(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Builds the server when its sources changed (as `npm start` does, without the web app): the processes run dist/main.js. */
export function buildServer(): void {
  const build = path.join(repoRoot, 'scripts/build-if-needed.mjs');
  const r = spawnSync(process.execPath, [build, '--no-web', '--quiet'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the server failed:\n${r.stdout}${r.stderr}`);
}

interface Spawned {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
}

function spawnLogged(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Spawned {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env, cwd: opts.cwd ?? repoRoot });
  let log = '';
  // Only the tail: a long run must not keep every log line.
  const keep = (b: Buffer) => (log = (log + b.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, output: () => log, exited };
}

async function stopProcess(p: Spawned, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited;
}

/** Resolves once the spawned program listens on `port`; if it exits first (or the wait fails), it is killed and the start fails with its output. */
async function listening(p: Spawned, port: number, name: string): Promise<void> {
  try {
    await Promise.race([waitForPort(port), p.exited.then(() => Promise.reject(new Error(`${name} exited: ${p.output()}`)))]);
  } catch (e) {
    p.child.kill('SIGKILL');
    throw e;
  }
}

export interface TestRedis {
  url: string;
  port: number;
  /** Ended by this signal (SIGKILL: as a crash, e.g. a master that dies under Sentinel). */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `redis-server --port <free> --save ''`: nothing written to disk, gone when stopped. `replicaOf`: a replica of
 * the Redis on that port of 127.0.0.1 (for Sentinel).
 */
export async function startRedis(dir: string, opts: { replicaOf?: number } = {}): Promise<TestRedis> {
  const port = await freePort();
  await fs.mkdir(dir, { recursive: true });
  const replica = opts.replicaOf === undefined ? [] : ['--replicaof', '127.0.0.1', String(opts.replicaOf)];
  const p = spawnLogged('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...replica]);
  await listening(p, port, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, port, kill: (signal) => stopProcess(p, signal), stop: () => stopProcess(p) };
}

export interface TestSentinel {
  port: number;
  /** The master's name in `sentinel monitor`. */
  master: string;
  /** Where this sentinel says the master is now (changes with a failover). */
  masterPort(): Promise<number | null>;
  /** The ports of the replicas this sentinel knows, considers up and sees linked to the master (a failover needs one). */
  replicaPorts(): Promise<number[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * One `redis-server --sentinel` watching the master on `masterPort` as `master` with quorum 1 (one sentinel may
 * decide a failover alone): down after 1 s, failover timeout 5 s. Its configuration file is written into `dir`
 * (a sentinel rewrites it with what it learns). With `password`, clients must give it (the sentinel's requirepass).
 */
export async function startSentinel(dir: string, masterPort: number, opts: { master?: string; password?: string } = {}): Promise<TestSentinel> {
  const { master = 'mymaster', password } = opts;
  const port = await freePort();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'sentinel.conf');
  await fs.writeFile(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${master} 127.0.0.1 ${masterPort} 1`,
      `sentinel down-after-milliseconds ${master} 1000`,
      `sentinel failover-timeout ${master} 5000`,
      ...(password ? [`requirepass ${password}`] : []),
      '',
    ].join('\n'),
  );
  const p = spawnLogged('redis-server', [file, '--sentinel']);
  await listening(p, port, 'redis-server --sentinel');
  // One short-lived connection per question: the sentinel's answers are read while Redis processes come and go.
  const ask = async (...args: string[]): Promise<unknown> => {
    const c = new Redis({ port, host: '127.0.0.1', ...(password && { password }), lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false });
    c.on('error', () => undefined);
    try {
      await c.connect();
      return await c.call('SENTINEL', ...args);
    } finally {
      c.disconnect();
    }
  };
  return {
    port,
    master,
    output: p.output,
    masterPort: async () => {
      const addr = await ask('get-master-addr-by-name', master);
      return Array.isArray(addr) ? Number(addr[1]) : null;
    },
    replicaPorts: async () => {
      const replicas = (await ask('replicas', master)) as string[][];
      // Each replica is a flat list of field, value, field, value…
      const fields = replicas.map((r) => new Map(r.flatMap((v, i) => (i % 2 ? [] : [[v, r[i + 1]!] as const]))));
      return fields.filter((f) => !/s_down|o_down|disconnected/.test(f.get('flags') ?? '') && f.get('master-link-status') === 'ok').map((f) => Number(f.get('port')));
    },
    stop: () => stopProcess(p),
  };
}

export interface TestHaproxy {
  /** MQTT over TCP, balanced over the instances' gateway ports. */
  mqttPort: number;
  /** HTTP, balanced over the instances' HTTP ports. */
  httpPort: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * HAProxy (TCP mode) in front of the instances: a connection goes to an instance whose /ready answers 200
 * (checked every 500 ms; three failures take it out and close its connections); a refused connection is tried
 * again on another one.
 */
export async function startHaproxy(dir: string, nodes: { name: string; httpPort: number; mqttTcpPort: number }[]): Promise<TestHaproxy> {
  const [mqttPort, httpPort] = [await freePort(), await freePort()];
  await fs.mkdir(dir, { recursive: true });
  const servers = (port: (n: (typeof nodes)[number]) => number) =>
    nodes.map((n) => `  server ${n.name} 127.0.0.1:${port(n)} check port ${n.httpPort} inter 500ms fall 3 rise 2 on-marked-down shutdown-sessions`).join('\n');
  const cfg = `global
  maxconn 4096

defaults
  mode tcp
  timeout connect 1s
  timeout check 2s
  timeout client 2m
  timeout server 2m
  retries 3
  option redispatch 1

frontend mqtt
  bind 127.0.0.1:${mqttPort}
  default_backend mqtt_nodes

frontend http
  bind 127.0.0.1:${httpPort}
  default_backend http_nodes

backend mqtt_nodes
  balance leastconn
  option httpchk GET /ready
  http-check expect status 200
${servers((n) => n.mqttTcpPort)}

backend http_nodes
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
${servers((n) => n.httpPort)}
`;
  const file = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(file, cfg);
  const p = spawnLogged('haproxy', ['-db', '-f', file]);
  try {
    await Promise.race([Promise.all([waitForPort(mqttPort), waitForPort(httpPort)]), p.exited.then(() => Promise.reject(new Error(`haproxy exited: ${p.output()}`)))]);
  } catch (e) {
    p.child.kill('SIGKILL');
    throw e;
  }
  return { mqttPort, httpPort, output: p.output, stop: () => stopProcess(p) };
}

export interface ServerProcess {
  name: string;
  httpPort: number;
  mqttTcpPort: number;
  mqttWsPort: number;
  url: string;
  output(): string;
  /** Ended by this signal (SIGKILL: as a crash; nothing of the process runs any more). */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The built server (apps/server/dist/main.js) with `env` on free ports (simulator off, no seed of its own);
 * resolves once its /ready answers 200, or rejects with its output when it exits first or takes `readyMs`.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  /** `ports`: those of an earlier process of the same instance (a restart behind the same HAProxy). */
  opts: { readyMs?: number; dataDir: string; ports?: { httpPort: number; mqttTcpPort: number; mqttWsPort: number } },
): Promise<ServerProcess> {
  const { httpPort, mqttTcpPort, mqttWsPort } = opts.ports ?? { httpPort: await freePort(), mqttTcpPort: await freePort(), mqttWsPort: await freePort() };
  const p = spawnLogged(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      MQTT_TCP_PORT: String(mqttTcpPort),
      MQTT_WS_PORT: String(mqttWsPort),
      DATA_DIR: opts.dataDir,
      SEED_DEMO: '0',
      SIMULATOR: 'off',
      SEED_HISTORY_DAYS: '0',
      AUX_AUTOMATION_TICK_MS: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      INSTANCE_ID: name,
      MQTT_URL: '',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + (opts.readyMs ?? 120_000);
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`server ${name} exited (${p.child.exitCode}):\n${p.output()}`);
    const ready = await fetch(`${url}/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      p.child.kill('SIGKILL');
      throw new Error(`server ${name} not ready within ${opts.readyMs ?? 120_000} ms:\n${p.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    httpPort,
    mqttTcpPort,
    mqttWsPort,
    url,
    output: p.output,
    kill: (signal) => stopProcess(p, signal),
    stop: () => stopProcess(p),
  };
}

/** Waits until `probe` holds (polled every 50 ms); fails naming `what` (and `detail()`) after `ms`. */
export async function until(what: string, probe: () => Promise<boolean> | boolean, ms = 60_000, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms${detail() ? `\n${detail()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The gauge of this instance's connected MQTT clients of a kind (gateway, browser) from its /metrics. */
export async function connected(node: ServerProcess, kind: 'gateway' | 'browser'): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const m = new RegExp(`^gridops_mqtt_connected_clients\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}
