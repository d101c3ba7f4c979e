import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { stationEnergy, type StationHistoryJob } from './demoEnergyHistory.js';

type Energy = Map<number, Float64Array>;

/**
 * The stations' hourly energies for the demo seed, each asked for when its rows are written. PGlite runs in the
 * server's own thread, so the simulator's model (~3 s of CPU for 400 days of five stations) and the database's
 * inserts (~7 s) would take turns on one core; in the built server the model runs in a worker thread instead,
 * one station ahead of the writes, and a second core does it meanwhile. From sources (tests, tsx) there is no
 * compiled worker and the model runs here, when asked, as before; so it does after a worker error.
 */
export function historyEnergies(jobs: StationHistoryJob[]): ((onProgress?: (fraction: number) => void) => Promise<Energy>)[] {
  const inThread = jobs.map((job) => (onProgress?: (fraction: number) => void) => Promise.resolve(stationEnergy(job, onProgress)));
  const workerFile = import.meta.url.endsWith('.js') ? new URL('./historyWorker.js', import.meta.url) : undefined;
  if (jobs.length === 0 || !workerFile || !fs.existsSync(fileURLToPath(workerFile))) return inThread;

  const results = jobs.map(() => {
    let resolve: (e: Energy) => void = () => undefined;
    const promise = new Promise<Energy>((r) => (resolve = r));
    return { promise, resolve, done: false };
  });
  const worker = new Worker(workerFile, { workerData: jobs });
  worker.on('message', (m: { index: number; points: number[]; arrays: Float64Array[] }) => {
    const r = results[m.index]!;
    r.done = true;
    r.resolve(new Map(m.points.map((p, i) => [p, m.arrays[i]!])));
  });
  // A worker that fails (or exits early) leaves its remaining stations to this thread: the seed still completes.
  const fallBack = () => {
    results.forEach((r, i) => {
      if (r.done) return;
      r.done = true;
      r.resolve(stationEnergy(jobs[i]!));
    });
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return results.map((r) => () => r.promise);
}
