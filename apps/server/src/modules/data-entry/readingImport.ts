import { READING_XLSX_COLUMNS, readingFields, type ReadingImportResult } from '@gridops/contract';
import { zonedInstant } from '@gridops/format';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AuditService } from '../audit/service.js';
import { dataEntryRepository as repo, type ReadingValues } from './repository.js';
import { readingValues, type DataEntryService } from './service.js';
import { readingProblem, type Candidate } from './validate.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

const MAX_ROWS = 5000;
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim();
const LOCAL_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::\d{2})?$/;
const YES = ['1', 'true', 'yes', 'y', '是', '换表'];

/**
 * A reading time from a cell: a site-local "YYYY-MM-DD HH:mm" text, or an Excel date (its wall clock read as
 * the site's, which is what the export writes); null when it is neither.
 */
export function cellInstant(v: unknown, zone: string): number | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return zonedInstant(zone, v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate(), v.getUTCHours(), v.getUTCMinutes());
  }
  const m = LOCAL_TIME.exec(cellText(v));
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  return zonedInstant(zone, y, mo, d, h, mi);
}

/**
 * A meter's readings back from .xlsx (columns READING_XLSX_COLUMNS, row 1 the header; the page's export writes
 * the same). Every row is added: each is checked as an entry would be, in time order, against the meter's
 * readings and the rows before it; one bad cell refuses the whole file (errors by row and column).
 */
export function createReadingImport(db: Db, svc: DataEntryService, audit?: AuditService) {
  return async function importReadings(user: AuthUser, meterId: number, body: { file_base64: string }): Promise<ReadingImportResult> {
    const m = await svc.ownedMeter(user, meterId, true);
    const errors: ReadingImportResult['errors'] = [];
    const err = (row: number, column: string, zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
    const data = await readImportSheet(body.file_base64);
    if (data === null) {
      err(0, 'file', '文件不是有效的 .xlsx 工作簿', 'The file is not a valid .xlsx workbook');
      return { ok: false, created: 0, errors };
    }
    const rows = data.map((cells, i) => ({ row: i + 1, cells })).slice(1).filter((r) => r.cells.some((c) => cellText(c) !== ''));
    if (rows.length === 0 || rows.length > MAX_ROWS) {
      err(0, 'file', `工作簿须有 1–${MAX_ROWS} 行读数（第 1 行是表头）`, `The workbook needs 1–${MAX_ROWS} reading rows (row 1 is the header)`);
      return { ok: false, created: 0, errors };
    }
    const zone = await repo.projectZone(db, m.project_id);
    const parsed: { row: number; v: ReadingValues }[] = [];
    for (const { row, cells } of rows) {
      const c = Object.fromEntries(READING_XLSX_COLUMNS.map((k, i) => [k, cells[i]])) as Record<(typeof READING_XLSX_COLUMNS)[number], unknown>;
      const at = cellInstant(c.read_at, zone);
      if (at === null) {
        err(row, 'read_at', '抄表时间须为 “YYYY-MM-DD HH:mm”（站点时间）', 'The reading time must be "YYYY-MM-DD HH:mm" (site time)');
        continue;
      }
      const replacement = YES.includes(cellText(c.replacement).toLowerCase());
      const f = readingFields.safeParse({
        read_at: new Date(at).toISOString(),
        value: cellText(c.value) === '' ? Number.NaN : Number(cellText(c.value)),
        replacement,
        old_final_value: replacement ? (cellText(c.old_final_value) === '' ? null : Number(cellText(c.old_final_value))) : null,
        note: cellText(c.note),
      });
      if (!f.success) {
        for (const issue of f.error.issues.slice(0, 3)) {
          const col = String(issue.path[0] ?? 'file');
          err(row, col, `“${col}” 列的值无效`, `Invalid value in column "${col}"`);
        }
        continue;
      }
      parsed.push({ row, v: readingValues(f.data) });
    }
    const now = Date.now();
    /** Each parsed row checked in time order against the readings and the rows accepted before it. */
    const orderErrors = (existing: Candidate[]) => {
      const accepted = [...existing];
      for (const { row, v } of [...parsed].sort((a, b) => a.v.read_at.getTime() - b.v.read_at.getTime())) {
        const c: Candidate = { id: null, at: v.read_at.getTime(), value: v.value, replacement: v.replacement, old_final_value: v.old_final_value };
        const p = readingProblem(accepted, c, now, zone);
        if (p) err(row, p.field, p.zh, p.en);
        else accepted.push({ ...c, id: -row });
      }
    };
    const candidates = async (trx: Db): Promise<Candidate[]> =>
      (await repo.readings(trx, m.id)).map((r) => ({ id: r.id, at: new Date(r.read_at).getTime(), value: r.value, replacement: r.replacement, old_final_value: r.old_final_value }));
    // Report every bad row at once: the order of the rows that parsed, then (authoritative) again under the lock.
    orderErrors(await candidates(db));
    if (errors.length > 0) return { ok: false, created: 0, errors: errors.sort((a, b) => a.row - b.row) };
    return db.transaction().execute(async (trx) => {
      await repo.lockMeter(trx, m.id);
      orderErrors(await candidates(trx));
      if (errors.length > 0) return { ok: false, created: 0, errors: errors.sort((a, b) => a.row - b.row) };
      for (const { v } of parsed) await repo.insertReading(trx, m.id, v, null, user.id);
      await svc.rebuild(trx, m);
      await audit?.recordChange(trx, { action: 'dataEntry.reading.import', target: { type: 'manual_meter', id: m.id }, before: null, after: { readings: parsed.length }, projectId: m.project_id });
      return { ok: true, created: parsed.length, errors: [] };
    });
  };
}
