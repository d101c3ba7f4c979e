import readXlsxFile from 'read-excel-file/node';
import type { FireImportResult } from '@gridops/contract';
import type { AppError } from '../../lib/errors.js';

/** What the fire sets' .xlsx imports share (loopImport.ts, arcImport.ts): reading rows, cells, refusals. */
export const MAX_ROWS = 500;
export const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim();
export const num = (s: string) => (s === '' ? Number.NaN : Number(s));
export const bool = (s: string) => !['0', 'false', 'no', '否', '停用', 'disabled'].includes(s.toLowerCase());

export type ImportErrors = FireImportResult['errors'];
export const refused = (errors: ImportErrors): FireImportResult => ({ ok: false, created: 0, updated: 0, errors });

/** A row the database refused while the clean file was being written: the transaction is rolled back. */
export class RowRefused extends Error {
  constructor(
    readonly row: number,
    readonly refusal: AppError,
  ) {
    super(refusal.message);
  }
}

/**
 * The first sheet's rows after the header, as cells by column name (row numbers as the user sees them, 1 = the
 * header); empty rows skipped. An unreadable file or a row count outside 1–MAX_ROWS is an error on row 0.
 */
export async function readRows<C extends string>(
  fileBase64: string,
  columns: readonly C[],
  what: { zh: string; en: string },
): Promise<{ rows: { row: number; c: Record<C, string> }[] } | { error: ImportErrors[number] }> {
  let data: unknown[][];
  try {
    data = (await readXlsxFile(Buffer.from(fileBase64, 'base64')))[0]?.data ?? [];
  } catch {
    return { error: { row: 0, column: 'file', message: { zh: '文件不是有效的 .xlsx 工作簿', en: 'The file is not a valid .xlsx workbook' } } };
  }
  const rows = data
    .map((cells, i) => ({ row: i + 1, c: Object.fromEntries(columns.map((k, n) => [k, cellText(cells[n])])) as Record<C, string> }))
    .slice(1)
    .filter((r) => Object.values(r.c).some((v) => v !== ''));
  if (rows.length === 0 || rows.length > MAX_ROWS) {
    return { error: { row: 0, column: 'file', message: { zh: `工作簿须有 1–${MAX_ROWS} 行${what.zh}（第 1 行是表头）`, en: `The workbook needs 1–${MAX_ROWS} ${what.en} rows (row 1 is the header)` } } };
  }
  return { rows };
}
