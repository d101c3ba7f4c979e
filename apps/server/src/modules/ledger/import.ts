import { LEDGER_XLSX_COLUMNS, nameplateFields, nameplateProblem, type LedgerImportResult, type NameplateFields } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { nameplateValues } from './documents.js';
import { ledgerRepository as repo } from './repository.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

const MAX_ROWS = 5000;
/** A cell as text; date cells (Excel serials read as Date) become their calendar day. */
export const ledgerCellText = (v: unknown): string => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).trim();

type Cells = Record<(typeof LEDGER_XLSX_COLUMNS)[number], string>;
type Err = LedgerImportResult['errors'][number];

/** One sheet row to nameplate values, or the errors naming its row and column. Pure: unit-tested. */
export function parseLedgerRow(row: number, c: Cells): { deviceId: number; sn: string; values: NameplateFields } | { errors: Err[] } {
  const errors: Err[] = [];
  const deviceId = Number(c.device_id);
  if (!/^\d{1,10}$/.test(c.device_id) || deviceId <= 0 || deviceId > 2_147_483_647) {
    errors.push({ row, column: 'device_id', message: { zh: `第 ${row} 行：device_id 须为设备编号`, en: `Row ${row}: device_id must be a device id` } });
  }
  const parsed = nameplateFields.safeParse({
    maker: c.maker,
    maker_en: c.maker_en,
    model: c.model,
    serial_no: c.serial_no,
    rating: c.rating,
    location: c.location,
    install_date: c.install_date === '' ? null : c.install_date,
    warranty_until: c.warranty_until === '' ? null : c.warranty_until,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const col = String(issue.path[0] ?? 'file');
      const isDate = col === 'install_date' || col === 'warranty_until';
      errors.push({
        row,
        column: col,
        message: isDate
          ? { zh: `第 ${row} 行：${col} 须为 YYYY-MM-DD 日期`, en: `Row ${row}: ${col} must be a YYYY-MM-DD date` }
          : { zh: `第 ${row} 行：${col} 的值无效（过长）`, en: `Row ${row}: the value of ${col} is invalid (too long)` },
      });
    }
    return { errors };
  }
  const p = nameplateProblem(parsed.data);
  if (p) errors.push({ row, column: p.field, message: { zh: `第 ${row} 行：${p.zh}`, en: `Row ${row}: ${p.en}` } });
  return errors.length ? { errors } : { deviceId, sn: c.device_sn, values: nameplateValues(parsed.data) };
}

/**
 * Nameplates back from the ledger workbook (columns LEDGER_XLSX_COLUMNS; the export writes the same). Each row
 * names a device by `device_id` (and, when given, its `device_sn` must match, catching shifted sheets); the
 * caller must be allowed to configure its site. Every bad cell is reported; only a clean file is written, in one
 * transaction, one audit entry per device.
 */
export function createLedgerImport(db: Db, access: AccessService, audit?: AuditService) {
  return async function importLedger(user: AuthUser, body: { file_base64: string }): Promise<LedgerImportResult> {
    const errors: Err[] = [];
    const fail = (): LedgerImportResult => ({ ok: false, updated: 0, errors });
    const data = await readImportSheet(body.file_base64);
    if (data === null) {
      errors.push({ row: 0, column: 'file', message: { zh: '文件不是有效的 .xlsx 工作簿', en: 'The file is not a valid .xlsx workbook' } });
      return fail();
    }
    const header = (data[0] ?? []).map(ledgerCellText);
    const missing = LEDGER_XLSX_COLUMNS.filter((k) => !header.includes(k));
    if (missing.length) {
      errors.push({ row: 1, column: missing[0]!, message: { zh: `表头缺少列：${missing.join(', ')}`, en: `The header row lacks the columns: ${missing.join(', ')}` } });
      return fail();
    }
    const rows = data
      .slice(1)
      .map((cells, i) => ({ row: i + 2, c: Object.fromEntries(LEDGER_XLSX_COLUMNS.map((k) => [k, ledgerCellText(cells[header.indexOf(k)])])) as Cells }))
      .filter((r) => Object.values(r.c).some((v) => v !== ''));
    if (rows.length === 0 || rows.length > MAX_ROWS) {
      errors.push({ row: 0, column: 'file', message: { zh: `工作簿须有 1–${MAX_ROWS} 行设备（第 1 行是表头）`, en: `The workbook needs 1–${MAX_ROWS} device rows (row 1 is the header)` } });
      return fail();
    }
    const planned: { row: number; deviceId: number; sn: string; values: NameplateFields }[] = [];
    for (const r of rows) {
      const p = parseLedgerRow(r.row, r.c);
      if ('errors' in p) errors.push(...p.errors);
      else planned.push({ row: r.row, ...p });
    }
    const scope = await access.scope(user);
    const devices = new Map((await repo.devicesByIds(db, [...new Set(planned.map((p) => p.deviceId))])).map((d) => [d.id, d]));
    const seen = new Map<number, number>();
    for (const p of planned) {
      const d = devices.get(p.deviceId);
      if (!d || !scope.projectIds.includes(d.project_id)) {
        errors.push({ row: p.row, column: 'device_id', message: { zh: `第 ${p.row} 行：设备 ${p.deviceId} 不存在或不在您的站点范围内`, en: `Row ${p.row}: device ${p.deviceId} does not exist or is not in your sites` } });
      } else if (p.sn !== '' && p.sn !== d.sn) {
        errors.push({ row: p.row, column: 'device_sn', message: { zh: `第 ${p.row} 行：设备 ${p.deviceId} 的编号是 ${d.sn}，不是 ${p.sn}`, en: `Row ${p.row}: device ${p.deviceId} has the serial ${d.sn}, not ${p.sn}` } });
      } else if (seen.has(p.deviceId)) {
        errors.push({ row: p.row, column: 'device_id', message: { zh: `第 ${p.row} 行：设备 ${p.deviceId} 已在第 ${seen.get(p.deviceId)} 行出现`, en: `Row ${p.row}: device ${p.deviceId} already appears in row ${seen.get(p.deviceId)}` } });
      }
      seen.set(p.deviceId, seen.get(p.deviceId) ?? p.row);
    }
    if (errors.length) return fail();
    // The configure permission is per route; the site check is per device's project.
    for (const projectId of new Set(planned.map((p) => devices.get(p.deviceId)!.project_id))) await access.assertCanConfigure(user, projectId);
    const updated = await db.transaction().execute(async (trx) => {
      for (const p of planned) {
        const before = devices.get(p.deviceId)!;
        await repo.putNameplate(trx, p.deviceId, p.values);
        const after = (await repo.device(trx, p.deviceId))!;
        await audit?.recordChange(trx, {
          action: 'ledger.import',
          target: { type: 'device', id: p.deviceId },
          before: before.version === 0 ? null : { ...nameplateValues(before), version: before.version },
          after: { ...nameplateValues(after), version: after.version },
          projectId: before.project_id,
        });
      }
      return planned.length;
    });
    return { ok: true, updated, errors: [] };
  };
}
export type LedgerImport = ReturnType<typeof createLedgerImport>;
