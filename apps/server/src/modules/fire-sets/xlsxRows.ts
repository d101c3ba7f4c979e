import type { z } from 'zod';
import type { FireImportResult } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

/**
 * What the fire sets' .xlsx imports share (loopImport.ts, arcImport.ts): reading rows, cells, the row checks and
 * the writing of a clean file (importRows); each importer names only what differs (its columns, its sets, its form).
 */
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
  const data = await readImportSheet(fileBase64);
  if (data === null) {
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

type Text = { zh: string; en: string };
/** A device a row may name, found by its serial number. */
type SiteDevice = { id: number; sn: string };
/** The columns importRows itself reads: every fire-set file has them. */
type RowKey = 'id' | 'device_sn' | 'feeder_sn';

/** How one kind of set (fire loop, arc-fault setting) is read from its .xlsx and written: what importRows does not share. */
export interface SetImport<C extends string, S extends { id: number; device_id: number }, F> {
  /** The file's columns; a list without id, device_sn and feeder_sn does not compile (`never`). */
  columns: readonly C[] & (RowKey extends C ? unknown : never);
  /** The rows' noun in the row-count refusal ("回路" / "loop"). */
  what: Text;
  /** The site's sets of this kind and the detectors and feeders a row may name; read only once the file is. */
  load: () => Promise<{ sets: S[]; detectors: SiteDevice[]; feeders: SiteDevice[] }>;
  /** The refusals that name the kind: a serial that is no detector of this kind at the site, an id that is no set of the site, a detector another set owns. */
  noDetector: (sn: string) => Text;
  notOfSite: (id: string) => Text;
  taken: Text;
  /** The form's schema, and the row as its input once the detector and feeder are found by serial. */
  schema: z.ZodType<F>;
  input: (c: Record<C, string>, device: { device_id: number; feeder_id: number | null }) => unknown;
  /** The form's checks beyond the schema (the standards' ranges), the field named as the file's column. */
  problem: (fields: F) => ({ field: string } & Text) | null;
  /** Writes one row's set in `trx`: `existing` is the set the row's id names, updated without a version check. */
  save: (trx: Db, fields: F, existing: { id: number; version: null } | null) => Promise<number>;
  /** Records the written set in the audit log (`before` as the site had it, null when the row added it). */
  record: (trx: Db, id: number, before: S | null) => Promise<void>;
}

/**
 * A fire-set table back from .xlsx: a row with an id updates that set (the file is the newer truth: no version
 * check), one without adds one. Every row is checked like the form, in this order: the detector and feeder by
 * serial, the schema (at most three cells named per row), the standards, one row per detector, the id a set of
 * this site, the detector no other set's. Only a clean file is written, in one transaction; a row the database
 * refuses then refuses the whole file, naming that row.
 */
export async function importRows<C extends string, S extends { id: number; device_id: number }, F>(
  db: Db,
  fileBase64: string,
  spec: SetImport<C, S, F>,
): Promise<FireImportResult> {
  const errors: ImportErrors = [];
  // Only zh and en are copied: a FireProblem passed as the message carries its field too.
  const err = (row: number, column: string, message: Text) => errors.push({ row, column, message: { zh: message.zh, en: message.en } });
  // The columns include RowKey (SetImport.columns), which TypeScript cannot carry into the generic body by itself.
  const read = await readRows<C | RowKey>(fileBase64, spec.columns, spec.what);
  if ('error' in read) return refused([read.error]);
  const { sets, detectors, feeders } = await spec.load();
  const planned: { row: number; id: number | null; fields: F }[] = [];
  const seenDevices = new Set<number>();
  for (const { row, c } of read.rows) {
    const device = detectors.find((d) => d.sn === c.device_sn);
    if (!device) {
      err(row, 'device_sn', spec.noDetector(c.device_sn));
      continue;
    }
    const feeder = c.feeder_sn === '' ? null : feeders.find((f) => f.sn === c.feeder_sn);
    if (feeder === undefined) {
      err(row, 'feeder_sn', { zh: `本站点没有序列号为 “${c.feeder_sn}” 的馈线`, en: `No feeder with serial "${c.feeder_sn}" at this site` });
      continue;
    }
    const parsed = spec.schema.safeParse(spec.input(c, { device_id: device.id, feeder_id: feeder?.id ?? null }));
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const col = String(issue.path.at(-1) ?? 'file');
        err(row, col, { zh: `“${col}” 列的值无效`, en: `Invalid value in column "${col}"` });
      }
      continue;
    }
    const problem = spec.problem(parsed.data);
    if (problem) {
      err(row, problem.field, problem);
      continue;
    }
    if (seenDevices.has(device.id)) {
      err(row, 'device_sn', { zh: '同一探测器在文件中出现两次', en: 'The same detector appears twice in the file' });
      continue;
    }
    seenDevices.add(device.id);
    const id = c.id === '' ? null : num(c.id);
    if (id !== null && !sets.some((s) => s.id === id)) {
      err(row, 'id', spec.notOfSite(c.id));
      continue;
    }
    const owner = sets.find((s) => s.device_id === device.id);
    if (owner && owner.id !== id) {
      err(row, 'device_sn', spec.taken);
      continue;
    }
    planned.push({ row, id, fields: parsed.data });
  }
  if (errors.length > 0) return refused(errors);
  try {
    return await db.transaction().execute(async (trx) => {
      let created = 0;
      let updated = 0;
      for (const p of planned) {
        const before = p.id === null ? null : sets.find((s) => s.id === p.id)!;
        let id: number;
        try {
          id = await spec.save(trx, p.fields, p.id === null ? null : { id: p.id, version: null });
        } catch (e) {
          if (e instanceof AppError && e.detail) throw new RowRefused(p.row, e);
          throw e;
        }
        await spec.record(trx, id, before);
        if (before) updated++;
        else created++;
      }
      return { ok: true, created, updated, errors: [] };
    });
  } catch (e) {
    if (!(e instanceof RowRefused)) throw e;
    return refused([{ row: e.row, column: e.refusal.field ?? 'file', message: { zh: e.refusal.detail!.zh, en: e.refusal.detail!.en } }]);
  }
}
