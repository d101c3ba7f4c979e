import { createSecretBox } from '../lib/storedSecrets.js';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/database.js';
import { issueGatewaySecret } from '../modules/mqtt-auth/gatewaySecrets.js';

/**
 * `npm run gateway:secret -- GW-SZIP-01`: gives one gateway a new secret and prints it once. The database
 * keeps only its hash, so this is the one moment to copy it into the gateway's configuration.
 */
async function main() {
  const sn = process.argv[2];
  if (!sn) {
    console.error('Usage: npm run gateway:secret -- <gateway serial number>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    // With the server's stored-secrets key, as the server migrates (0048 seals stored secrets).
    await migrate(database.db, undefined, { secrets: createSecretBox(config.secretsKey, config.dataDir) });
    const secret = await issueGatewaySecret(database.db, sn);
    console.log(`New secret for ${sn} (shown once; the old one no longer works at the next CONNECT):\n${secret}`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
