import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/database.js';
import { buildMosquittoFiles } from '../modules/mqtt-auth/mosquitto.js';

/**
 * `npm run mosquitto:config -- --out deploy/mosquitto`: writes mosquitto.conf, passwd and acl for the
 * database the environment names (DATABASE_URL, or the embedded one under DATA_DIR when the server is stopped).
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'deploy/mosquitto' }, 'tcp-port': { type: 'string', default: '1883' }, 'ws-port': { type: 'string', default: '8084' }, 'service-port': { type: 'string', default: '1884' }, user: { type: 'string' } } });
  const config = loadConfig();
  if (!config.mqtt.serviceUsername || !config.mqtt.servicePassword) {
    console.error('Set MQTT_SERVICE_USERNAME and MQTT_SERVICE_PASSWORD: the server logs in to Mosquitto with them.');
    process.exit(2);
  }
  const out = path.resolve(values.out);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrate(database.db);
    const files = await buildMosquittoFiles(
      database.db,
      { username: config.mqtt.serviceUsername, password: config.mqtt.servicePassword },
      {
        tcpPort: Number(values['tcp-port']),
        wsPort: Number(values['ws-port']),
        servicePort: Number(values['service-port']),
        maxPacketBytes: config.mqtt.maxPacketBytes,
        dir: out, ...(values.user ? { runAsUser: values.user } : {}),
      },
    );
    await fs.mkdir(path.join(out, 'data'), { recursive: true });
    await fs.writeFile(path.join(out, 'mosquitto.conf'), files.conf);
    await fs.writeFile(path.join(out, 'passwd'), files.passwd, { mode: 0o600 });
    await fs.writeFile(path.join(out, 'acl'), files.acl, { mode: 0o600 });
    console.log(`Wrote ${out}/mosquitto.conf, passwd and acl. Start: mosquitto -c ${out}/mosquitto.conf`);
    console.log(`The server connects on the service listener: MQTT_URL=mqtt://127.0.0.1:${values['service-port']}`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
