import { parentPort, workerData } from 'node:worker_threads';
import {
  readFirstSheetWithinLimits,
  SpreadsheetLimitExceeded,
  type SpreadsheetWorkerAnswer,
  type SpreadsheetWorkerInput,
} from './spreadsheetGuard.js';

/**
 * Reads one imported workbook off the main thread (spreadsheetImport.ts starts it with a heap cap and a time limit):
 * inflating and parsing a hostile file costs this worker, never the event loop that serves /health and the gateways.
 */
const { file, limits } = workerData as SpreadsheetWorkerInput;
let answer: SpreadsheetWorkerAnswer;
try {
  answer = {
    kind: 'rows',
    rows: await readFirstSheetWithinLimits(
      Buffer.from(file.buffer, file.byteOffset, file.byteLength),
      limits,
    ),
  };
} catch (e) {
  answer =
    e instanceof SpreadsheetLimitExceeded
      ? { kind: 'limit', limit: e.limit, text: e.text }
      : { kind: 'invalid' };
}
parentPort?.postMessage(answer);
