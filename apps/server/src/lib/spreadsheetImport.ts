import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ErrorCode } from '@gridops/contract';
import { AppError } from './errors.js';
import type {
  SpreadsheetLimits,
  SpreadsheetWorkerAnswer,
  SpreadsheetWorkerInput,
  Text,
} from './spreadsheetGuard.js';

/** The limits and the worker's budget for every .xlsx import (see docs/security.md, "Imports"). */
export interface ImportLimits extends SpreadsheetLimits {
  /** The worker's V8 heap (old generation), in MB: past it the worker dies, not the server. */
  heapMb: number;
  /** Wall time for inflating and parsing, in ms: past it the worker is terminated. */
  timeMs: number;
}

/**
 * Far above what any import of the console takes (its largest, 5 000 readings or ledger rows of ~11 columns, is
 * ~1 MB of sheet XML and reads in well under a second) and far below what would hurt the server.
 */
export const IMPORT_LIMITS: ImportLimits = {
  compressedBytes: 4 * 1024 * 1024,
  entries: 500,
  entryBytes: 16 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  rows: 10_000,
  columns: 64,
  cells: 200_000,
  cellChars: 10_000,
  sheetChars: 8_000_000,
  heapMb: 128,
  timeMs: 10_000,
};

/** Workbooks read at once, and how many more may wait: a burst of bombs costs at most this many workers' heaps. */
const READING_AT_ONCE = 2;
const WAITING_AT_MOST = 8;

let reading = 0;
const waiting: (() => void)[] = [];

async function takeTurn(field: string): Promise<void> {
  if (reading < READING_AT_ONCE) {
    reading++;
    return;
  }
  if (waiting.length >= WAITING_AT_MOST) {
    throw new AppError(
      ErrorCode.TooManyAttempts,
      {
        zh: '同时导入的文件过多，请稍后再试',
        en: 'Too many files are being imported at once; try again shortly',
      },
      field,
    );
  }
  // The turn is handed over by endTurn (reading stays counted).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else reading--;
}

/**
 * The worker's entry: the compiled .js beside this file in dist; from source (vitest, tsx) the .ts through tsx,
 * which a worker on Node 20 cannot load through `execArgv: ['--import', 'tsx']` (its loader hooks do not reach it).
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { entry: new URL('./spreadsheetWorker.js', import.meta.url), eval: false };
  // The bare specifier resolves from the working directory: source runs (tests, benches) start inside the repository.
  const worker = new URL('./spreadsheetWorker.ts', import.meta.url).href;
  return {
    entry: `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(import.meta.url)}))`,
    eval: true,
  };
}

/** Runs the worker on one file; resolves with its answer, or with the budget it ran out of. */
function readInWorker(
  file: Buffer,
  limits: ImportLimits,
): Promise<SpreadsheetWorkerAnswer | { kind: 'budget'; budget: 'heapMb' | 'timeMs' }> {
  const { entry, eval: isEval } = workerEntry();
  const input: SpreadsheetWorkerInput = { file: new Uint8Array(file), limits };
  const options: WorkerOptions = {
    eval: isEval,
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, options);
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      then();
    };
    const timer = setTimeout(
      () => settle(() => resolve({ kind: 'budget', budget: 'timeMs' })),
      limits.timeMs,
    );
    worker.on('message', (answer: SpreadsheetWorkerAnswer) => settle(() => resolve(answer)));
    worker.on('error', (e: Error & { code?: string }) =>
      settle(() =>
        e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'budget', budget: 'heapMb' }) : reject(e),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The spreadsheet worker exited (${code}) without an answer`))),
    );
  });
}

function tooLarge(field: string, text: Text): AppError {
  return new AppError(
    ErrorCode.ImportTooLarge,
    {
      zh: `导入文件（${field}）过大或过于复杂：${text.zh}`,
      en: `The import file (${field}) is too large or too complex: ${text.en}`,
    },
    field,
  );
}

/**
 * The first sheet's rows of an uploaded .xlsx (base64), as read-excel-file reads them, or null when the file is not
 * a workbook. Read in a worker with a heap cap and a time limit, after the zip's sizes are checked; a file past a
 * limit is refused with 10040 naming the limit and `field`; too many imports at once with 10003.
 */
export async function readImportSheet(
  fileBase64: string,
  field = 'file_base64',
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<unknown[][] | null> {
  // Refused before decoding: base64 carries 3 bytes in 4 characters.
  if (Math.floor((fileBase64.length * 3) / 4) > limits.compressedBytes + 2) {
    throw tooLarge(field, {
      zh: `文件超过 ${limits.compressedBytes / 1024 / 1024} MB 上限`,
      en: `The file is larger than the ${limits.compressedBytes / 1024 / 1024} MB limit`,
    });
  }
  const file = Buffer.from(fileBase64, 'base64');
  await takeTurn(field);
  let answer: Awaited<ReturnType<typeof readInWorker>>;
  try {
    answer = await readInWorker(file, limits);
  } finally {
    endTurn();
  }
  switch (answer.kind) {
    case 'rows':
      return answer.rows;
    case 'invalid':
      return null;
    case 'limit':
      throw tooLarge(field, answer.text);
    case 'budget':
      throw tooLarge(
        field,
        answer.budget === 'heapMb'
          ? {
              zh: `读取它需要超过 ${limits.heapMb} MB 内存上限`,
              en: `Reading it needs more than the ${limits.heapMb} MB memory limit`,
            }
          : {
              zh: `读取它超过 ${limits.timeMs / 1000} 秒时间上限`,
              en: `Reading it takes longer than the ${limits.timeMs / 1000} s time limit`,
            },
      );
  }
}
