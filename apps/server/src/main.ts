import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { startRuntime } from './runtime.js';
import { StartError } from './lib/startErrors.js';
import { DEMO_PASSWORD, demoUsers } from './seed/demoData.js';

/** `node apps/server/dist/main.js`: one instance, configured from the environment (see .env.example). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const runtime = await startRuntime(config);
  const log = runtime.app.log;
  // The one line to read after a start: where the console is, who can sign in, where the data is kept.
  const demo = config.seedDemo ? `demo users ${demoUsers.map((u) => u.username).join(', ')} (password ${DEMO_PASSWORD}) · ` : '';
  const database = runtime.database.kind === 'pglite' ? `PGlite at ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  log.info(
    { console: runtime.url, api: `${runtime.url}/api/docs`, mqttTcp: runtime.mqttTcpUrl, dataDir: config.dataDir, database, startedInS: Math.round(process.uptime() * 10) / 10 },
    `GridOps is running: console ${runtime.url} · ${demo}data in ${config.dataDir} · started in ${process.uptime().toFixed(1)} s`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** What to do about the usual start failure: a port another program already holds (e.g. a Mosquitto on 1883). */
function portHint(e: unknown): string {
  const m = e instanceof Error ? /EADDRINUSE.*:(\d+)$/.exec(e.message) : null;
  if (!m) return '';
  return `\n  Port ${m[1]} is taken by another program. Choose free ports with PORT, MQTT_WS_PORT and MQTT_TCP_PORT, or use an existing broker with MQTT_URL (see .env.example).`;
}

main().catch((e: unknown) => {
  // A StartError already names the service and the setting; anything else is shown as it came.
  const hint = e instanceof StartError ? '' : portHint(e);
  console.error(`GridOps failed to start: ${e instanceof Error ? e.message : String(e)}${hint}`);
  process.exit(1);
});
