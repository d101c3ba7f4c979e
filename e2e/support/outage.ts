import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServer, type RunningServer } from './server.js';

const HOUR = 3_600_000;

/**
 * A demo whose gateways were all down for a while (issue 26, item 2): a first start seeds the demo (2 days of
 * history), the server stops, the samples of `hoursAgo` (e.g. [6, 3]: from 6 h to 3 h ago) are deleted from
 * its data directory as if nothing had arrived then, and the demo starts again on the same directory (which
 * also fills the few minutes since the stop: the restart fill). Returns the running second start and the
 * outage's bounds.
 */
export async function demoWithOutage(hoursAgo: [from: number, to: number]): Promise<{ server: RunningServer; outage: { from: Date; to: Date } }> {
  const env = { SEED_HISTORY_DAYS: '2' };
  const first = await startServer(env);
  // Stopped as `stop()` does, but keeping the data directory (stop() removes it): the second start reuses it.
  if (first.process.exitCode === null) {
    const exited = new Promise((r) => first.process.once('exit', r));
    first.process.kill('SIGTERM');
    await exited;
  }
  const now = Date.now();
  const outage = { from: new Date(now - hoursAgo[0] * HOUR), to: new Date(now - hoursAgo[1] * HOUR) };
  const pg = await PGlite.create({ dataDir: path.join(first.dataDir, 'pglite') });
  try {
    for (const table of ['telemetry'] as const)
      await pg.query(`DELETE FROM ${table} WHERE ts >= $1 AND ts < $2`, [outage.from, outage.to]);
    for (const table of ['rollup_15m', 'rollup_hourly'] as const)
      await pg.query(`DELETE FROM ${table} WHERE bucket >= $1 AND bucket < $2`, [outage.from, outage.to]);
  } finally {
    await pg.close();
  }
  const second = await startServer({ ...env, DATA_DIR: first.dataDir });
  const server: RunningServer = {
    ...second,
    dataDir: first.dataDir,
    stop: async () => {
      await second.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    },
  };
  return { server, outage };
}
