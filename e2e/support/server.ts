import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  mqttTcpUrl: string;
  wsPort: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far (pino lines): e.g. the one-time password. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * false: first start without the demo (SEED_DEMO=0, no simulator): the server creates the bootstrap
   * administrator from ADMIN_USERNAME / ADMIN_PASSWORD (pass them in `env`) — docs/onboarding.md.
   */
  demo?: boolean;
}

/**
 * Starts the built server exactly as `npm start` runs it (apps/server/dist/main.js), on free ports with a
 * fresh data directory, and waits until it answers.
 */
export async function startServer(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('Server or web app not built: run `npm test` (it builds first) or `npm run build`.');
  }
  const [port, tcpPort, wsPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-e2e-'));
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_TCP_PORT: String(tcpPort),
      MQTT_WS_PORT: String(wsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'on',
      SIM_INTERVAL_MS: '2000',
      // No random faults: since the site model de-energises everything below a tripped breaker, a random
      // incomer trip would zero the figures a test reads. Tests that need a fault stage their own.
      SIM_FAULT_RATE: '0',
      // No automation of auxiliary devices: the demo rules would switch the fans and dehumidifiers that browser
      // tests operate by hand (docs/control-config.md); the automation is tested in aux-devices/*.int.test.ts.
      AUX_AUTOMATION_TICK_MS: '0',
      DATABASE_URL: '',
      MQTT_URL: '',
      ...(opts.demo === false ? { SEED_DEMO: '0', SIMULATOR: 'off', SEED_HISTORY_DAYS: '0' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The first start seeds the demo (400 days of history, which the year-on-year tests need): ~25 s on an idle
  // machine, 167 s seen on a shared one at load average 22 (126 s of it the seed). Waiting ends as soon as it
  // answers or exits; the limit only stops a hung start (global setup has no timeout of its own).
  const startLimitMs = Number(process.env.E2E_SERVER_START_MS ?? 300_000);
  const deadline = Date.now() + startLimitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/config.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${startLimitMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    mqttTcpUrl: `mqtt://127.0.0.1:${tcpPort}`,
    wsPort,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
