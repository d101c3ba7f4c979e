import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * What an imported workbook may hold. An .xlsx is a zip of XML: a few hundred KB can inflate to gigabytes (one cell
 * of 500 MB did, stopping the server), so every size is checked before or while it is inflated, never after.
 */
export interface SpreadsheetLimits {
  /** The file as uploaded (the zip), in bytes. */
  compressedBytes: number;
  /** Entries in the zip's central directory. */
  entries: number;
  /** One entry once inflated, in bytes. */
  entryBytes: number;
  /** All entries once inflated, in bytes. */
  totalBytes: number;
  /** Rows of the first sheet, the header included. */
  rows: number;
  /** Cells in one row. */
  columns: number;
  /** Cells in the sheet (rows × the widest row): what the main thread receives from the worker is bounded too. */
  cells: number;
  /** Characters in one cell. */
  cellChars: number;
  /** Characters in all cells of the sheet (a shared string repeated in many cells counts each time). */
  sheetChars: number;
}

export type Text = { zh: string; en: string };

/** A workbook past one of the limits: `limit` names which, `message` says it in the user's words. */
export class SpreadsheetLimitExceeded extends Error {
  constructor(
    readonly limit: keyof SpreadsheetLimits | 'declaredSize',
    readonly text: Text,
  ) {
    super(text.en);
    this.name = 'SpreadsheetLimitExceeded';
  }
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Only these entries are read (read-excel-file ignores the rest: images, printer settings). */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry) => done(() => resolve(entry));
    const onEnd = () => done(() => resolve(null));
    const onError = (e: Error) => done(() => reject(e));
    const done = (then: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      then();
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

/**
 * XML bytes one character of cell text can take at most (`&#x10FFFF;` is 10 bytes for 2 UTF-16 units): a run of
 * text between two tags longer than cellChars × this cannot be a cell within the limit.
 */
const XML_BYTES_PER_CHAR = 10;

const cellTooLong = (limits: SpreadsheetLimits, whereZh: string, whereEn: string) =>
  new SpreadsheetLimitExceeded('cellChars', {
    zh: `${whereZh}有一个单元格超过 ${limits.cellChars} 个字符上限`,
    en: `A cell ${whereEn} is longer than the limit of ${limits.cellChars} characters`,
  });

/**
 * Inflates one entry, counting bytes as they come: past `cap` the stream is destroyed, not read to its end; so it is
 * when a text run between tags (a cell's text) grows past `maxTextRun` bytes, long before the parser would see it.
 */
async function inflateCapped(
  stream: Readable,
  cap: number,
  maxTextRun: number,
  refuse: (what: 'size' | 'textRun') => SpreadsheetLimitExceeded,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let textRun = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) {
      stream.destroy();
      throw refuse('size');
    }
    for (let at = 0; at < chunk.length;) {
      const tag = chunk.indexOf(0x3c, at); // '<'
      textRun += (tag === -1 ? chunk.length : tag) - at;
      if (textRun > maxTextRun) {
        stream.destroy();
        throw refuse('textRun');
      }
      if (tag === -1) break;
      textRun = 0;
      at = tag + 1;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The workbook's XML parts, inflated within the limits. The central directory is walked first (entry count, each
 * entry's declared size and their sum); then each part is inflated counting real bytes, because a directory can lie:
 * a part that inflates past what its directory entry declares is refused at that byte, as is one past the limits.
 * Anything else wrong with the zip throws a plain Error (the file is not a workbook).
 */
export async function unpackWithinLimits(
  file: Buffer,
  limits: SpreadsheetLimits,
): Promise<Record<string, Uint8Array>> {
  if (file.length > limits.compressedBytes) {
    throw new SpreadsheetLimitExceeded('compressedBytes', {
      zh: `文件超过 ${mb(limits.compressedBytes)} 上限`,
      en: `The file is larger than the ${mb(limits.compressedBytes)} limit`,
    });
  }
  // Sizes are checked here rather than by yauzl, so that a lie is refused as one (a catalogue code, not "invalid").
  const zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: false });
  try {
    if (zip.entryCount > limits.entries) {
      throw new SpreadsheetLimitExceeded('entries', {
        zh: `压缩包有 ${zip.entryCount} 个条目，超过 ${limits.entries} 个上限`,
        en: `The archive has ${zip.entryCount} entries, more than the limit of ${limits.entries}`,
      });
    }
    const entries: Entry[] = [];
    let declaredTotal = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.uncompressedSize > limits.entryBytes) {
        throw new SpreadsheetLimitExceeded('entryBytes', {
          zh: `“${entry.fileName}” 解压后有 ${mb(entry.uncompressedSize)}，超过单个条目 ${mb(limits.entryBytes)} 上限`,
          en: `"${entry.fileName}" inflates to ${mb(entry.uncompressedSize)}, more than the ${mb(limits.entryBytes)} limit per entry`,
        });
      }
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.totalBytes) {
        throw new SpreadsheetLimitExceeded('totalBytes', {
          zh: `解压后超过总计 ${mb(limits.totalBytes)} 上限`,
          en: `The archive inflates to more than the ${mb(limits.totalBytes)} limit in total`,
        });
      }
      entries.push(entry);
    }
    const parts: Record<string, Uint8Array> = {};
    for (const entry of entries) {
      if (!isXmlPart(entry.fileName) || entry.fileName.endsWith('/')) continue;
      const declared = entry.uncompressedSize;
      const data = await inflateCapped(
        await zip.openReadStreamPromise(entry),
        declared,
        limits.cellChars * XML_BYTES_PER_CHAR,
        (what) =>
          what === 'size'
            ? new SpreadsheetLimitExceeded('declaredSize', {
                zh: `“${entry.fileName}” 解压后超过压缩包目录声明的 ${declared} 字节`,
                en: `"${entry.fileName}" inflates to more than the ${declared} bytes the archive's directory declares`,
              })
            : cellTooLong(limits, `“${entry.fileName}” 中`, `in "${entry.fileName}"`),
      );
      parts[entry.fileName] = data;
    }
    // No part inflated past its declared size and the declared sizes are within the limits: so are the real ones.
    return parts;
  } finally {
    zip.close();
  }
}

/** The sheet's rows, columns and cell text within the limits (checked before the rows leave the worker). */
export function checkSheet(rows: readonly (readonly unknown[])[], limits: SpreadsheetLimits): void {
  if (rows.length > limits.rows) {
    throw new SpreadsheetLimitExceeded('rows', {
      zh: `工作表有 ${rows.length} 行，超过 ${limits.rows} 行上限`,
      en: `The sheet has ${rows.length} rows, more than the limit of ${limits.rows}`,
    });
  }
  const cells = rows.reduce((n, r) => n + r.length, 0);
  if (cells > limits.cells) {
    throw new SpreadsheetLimitExceeded('cells', {
      zh: `工作表有 ${cells} 个单元格，超过 ${limits.cells} 个上限`,
      en: `The sheet has ${cells} cells, more than the limit of ${limits.cells}`,
    });
  }
  let sheetChars = 0;
  rows.forEach((cells, r) => {
    if (cells.length > limits.columns) {
      throw new SpreadsheetLimitExceeded('columns', {
        zh: `第 ${r + 1} 行有 ${cells.length} 列，超过 ${limits.columns} 列上限`,
        en: `Row ${r + 1} has ${cells.length} columns, more than the limit of ${limits.columns}`,
      });
    }
    for (const cell of cells) {
      const chars = typeof cell === 'string' ? cell.length : 0;
      if (chars > limits.cellChars) throw cellTooLong(limits, `第 ${r + 1} 行`, `in row ${r + 1}`);
      sheetChars += chars;
    }
    if (sheetChars > limits.sheetChars) {
      throw new SpreadsheetLimitExceeded('sheetChars', {
        zh: `工作表的文字超过总计 ${limits.sheetChars} 个字符上限`,
        en: `The sheet's text is longer than the limit of ${limits.sheetChars} characters in total`,
      });
    }
  });
}

/**
 * The first sheet's rows, as read-excel-file reads them, once the file is within every limit. The parser is given a
 * zip rebuilt (stored, uncompressed) from the parts checked above, so it reads exactly the bytes that were counted:
 * its own unzipper walks local headers and would otherwise see entries the central directory does not list.
 * Throws SpreadsheetLimitExceeded for a limit, another Error when the file is not a workbook.
 */
export async function readFirstSheetWithinLimits(
  file: Buffer,
  limits: SpreadsheetLimits,
): Promise<unknown[][]> {
  const parts = await unpackWithinLimits(file, limits);
  // Loaded only for a file within the size limits: a bomb refused on its directory costs the worker no parser.
  const [{ zipSync }, { default: readXlsxFile }] = await Promise.all([
    import('fflate'),
    import('read-excel-file/node'),
  ]);
  const checked = Buffer.from(zipSync(parts, { level: 0 }));
  const rows: unknown[][] = (await readXlsxFile(checked))[0]?.data ?? [];
  checkSheet(rows, limits);
  return rows;
}

/** What the worker (spreadsheetWorker.ts) answers: the rows, a limit passed, or a file that is no workbook. */
export type SpreadsheetWorkerAnswer =
  { kind: 'rows'; rows: unknown[][] } | { kind: 'limit'; limit: string; text: Text } | { kind: 'invalid' };

/** What the worker is given (its workerData). */
export interface SpreadsheetWorkerInput {
  file: Uint8Array;
  limits: SpreadsheetLimits;
}
