import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupDatabase, restoreDatabase } from './backupCore.js';

const USAGE = `Usage:
  npm run backup -- <file>             back up the database (DATABASE_URL, or the embedded one in DATA_DIR)
  npm run restore -- <file> [--replace] restore it (PostgreSQL: into DATABASE_URL; embedded: into DATA_DIR)
Stop GridOps before backing up or restoring the embedded database. See docs/deployment.md.`;

/** `npm run backup -- FILE` / `npm run restore -- FILE [--replace]`. */
async function main() {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.some((a) => a !== '--replace')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (command === 'backup') {
    const kind = await backupDatabase(target, file);
    console.log(`Backup of the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database written to ${file}`);
  } else {
    const kind = await restoreDatabase(target, file, { replace: rest.includes('--replace') });
    console.log(`Restored ${file} into the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database. Start GridOps as usual.`);
  }
}

main().catch((e: unknown) => {
  if (e instanceof BackupError || e instanceof ConfigError) {
    console.error(`GridOps ${process.argv[2] ?? 'backup'}: ${e.message}`);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});
