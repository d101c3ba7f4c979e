import { parentPort, workerData } from 'node:worker_threads';
import { stationEnergy, type StationHistoryJob } from './demoEnergyHistory.js';

/**
 * The demo seed's model run off the database's thread (historyEnergies.ts): each station's hourly energies, posted
 * as soon as they are computed, the arrays' memory moved rather than copied.
 */
const jobs = workerData as StationHistoryJob[];
for (const [index, job] of jobs.entries()) {
  const energy = stationEnergy(job);
  const points = [...energy.keys()];
  const arrays = [...energy.values()];
  parentPort!.postMessage({ index, points, arrays }, arrays.map((a) => a.buffer as ArrayBuffer));
}
