import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { seedDemo } from '../seed/demo.js';

/**
 * The database a command-line tool reads: with `demo`, a fresh in-memory demo seeded with `historyDays` of
 * history (nothing on disk is touched); otherwise the installation's own, from the same settings as the server.
 */
export async function openToolDatabase(opts: { demo: boolean; historyDays: number }): Promise<Database> {
  if (opts.demo) {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    await migrate(database.db);
    console.log(`seeding the demo with ${opts.historyDays} days of history…`);
    await seedDemo(database.db, { energyHistoryDays: opts.historyDays });
    return database;
  }
  const config = loadConfig();
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}
