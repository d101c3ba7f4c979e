import { createSecretBox } from '../lib/storedSecrets.js';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/database.js';
import { writeMosquittoFiles } from '../modules/mqtt-auth/mosquitto.js';

const usage = `npm run mosquitto:config -- [--out deploy/mosquitto] [--tcp-port 1883] [--ws-port 8084] [--service-port 1884]
    [--bind 0.0.0.0] [--service-bind 127.0.0.1] [--user NAME]`;

/**
 * `npm run mosquitto:config -- --out deploy/mosquitto`: writes mosquitto.conf, passwd and acl for the
 * database the environment names (DATABASE_URL, or the embedded one under DATA_DIR when the server is stopped).
 * Returns the lines to print.
 */
export async function generateMosquittoConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string', default: 'deploy/mosquitto' },
      'tcp-port': { type: 'string', default: '1883' },
      'ws-port': { type: 'string', default: '8084' },
      'service-port': { type: 'string', default: '1884' },
      bind: { type: 'string', default: '0.0.0.0' },
      'service-bind': { type: 'string', default: '127.0.0.1' },
      user: { type: 'string' },
    },
  });
  const config = loadConfig(env);
  if (!config.mqtt.serviceUsername || !config.mqtt.servicePassword) {
    throw new Error('Set MQTT_SERVICE_USERNAME and MQTT_SERVICE_PASSWORD: the server logs in to Mosquitto with them.');
  }
  const ports = { tcpPort: Number(values['tcp-port']), wsPort: Number(values['ws-port']), servicePort: Number(values['service-port']) };
  for (const [k, v] of Object.entries(ports)) if (!Number.isInteger(v) || v < 1 || v > 65535) throw new Error(`${k}: expected a port number\n${usage}`);
  const out = path.resolve(values.out);
  // Mosquitto started as root switches to this user, who must own the files (default: whoever runs this tool).
  const runAsUser = values.user ?? os.userInfo().username;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    // With the server's stored-secrets key, as the server migrates (0048 seals stored secrets).
    await migrate(database.db, undefined, { secrets: createSecretBox(config.secretsKey, config.dataDir) });
    await writeMosquittoFiles(database.db, { username: config.mqtt.serviceUsername, password: config.mqtt.servicePassword }, {
      ...ports,
      maxPacketBytes: config.mqtt.maxPacketBytes,
      dir: out,
      bind: values.bind,
      serviceBind: values['service-bind'],
      runAsUser,
    });
  } finally {
    await database.close();
  }
  return [
    `Wrote ${out}/mosquitto.conf, passwd and acl (read by user ${runAsUser}). Start: mosquitto -c ${out}/mosquitto.conf`,
    `The server connects on the service listener: MQTT_URL=mqtt://${values['service-bind'] === '0.0.0.0' ? '127.0.0.1' : values['service-bind']}:${ports.servicePort}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateMosquittoConfig(process.argv.slice(2)).then(
    (lines) => console.log(lines.join('\n')),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
