import { AUX_DEVICE_XLSX_COLUMNS, AUX_KINDS, auxDeviceCreate, auxDeviceUpdate, type AuxImportResult } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { auxRepository as repo } from './repository.js';
import type { AuxDeviceService, CheckedUpdate } from './service.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

const MAX_ROWS = 1000;
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim();
const numOrNull = (s: string) => (s === '' ? null : Number(s));
const bool = (s: string) => !['0', 'false', 'no', '否', '停用', 'disabled'].includes(s.toLowerCase());

/**
 * The aux-device table back from .xlsx (AUX_DEVICE_XLSX_COLUMNS; the page's export writes the same): a row with an
 * id updates that device (at its current version), one without adds a device. Every bad cell is reported; only a
 * clean file is written, all rows in one transaction, each audited as the form's save is.
 */
export function createAuxDeviceImport(db: Db, access: AccessService, devices: AuxDeviceService, devicesChanged: () => Promise<void>) {
  return async function importDevices(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<AuxImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    const errors: AuxImportResult['errors'] = [];
    const err = (row: number, column: string, zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
    const data = await readImportSheet(body.file_base64);
    if (data === null) {
      err(0, 'file', '文件不是有效的 .xlsx 工作簿', 'The file is not a valid .xlsx workbook');
      return { ok: false, created: 0, updated: 0, errors };
    }
    const rows = data.slice(1).map((cells, i) => ({ row: i + 2, c: Object.fromEntries(AUX_DEVICE_XLSX_COLUMNS.map((k, n) => [k, cellText(cells[n])])) as Record<(typeof AUX_DEVICE_XLSX_COLUMNS)[number], string> })).filter((r) => Object.values(r.c).some((v) => v !== ''));
    if (rows.length === 0 || rows.length > MAX_ROWS) {
      err(0, 'file', `工作簿须有 1–${MAX_ROWS} 行设备（第 1 行是表头）`, `The workbook needs 1–${MAX_ROWS} device rows (row 1 is the header)`);
      return { ok: false, created: 0, updated: 0, errors };
    }
    const existing = await repo.devices(db, body.project_id);
    const plans: ({ row: number; id: number; update: ReturnType<typeof auxDeviceUpdate.parse> } | { row: number; id: null; create: ReturnType<typeof auxDeviceCreate.parse> })[] = [];
    for (const { row, c } of rows) {
      const fields = { name: c.name, name_en: c.name_en, room_id: Number(c.room_id), gateway_id: Number(c.gateway_id), sn: c.sn, setpoint_min: numOrNull(c.setpoint_min), setpoint_max: numOrNull(c.setpoint_max), remote_control: bool(c.remote_control) };
      const id = c.id === '' ? null : Number(c.id);
      const found = id === null ? undefined : existing.find((d) => d.id === id);
      if (id !== null && !found) {
        err(row, 'id', `设备 ${c.id} 不是本站点的辅助设备`, `Device ${c.id} is not an auxiliary device of this site`);
        continue;
      }
      const parsed = found ? auxDeviceUpdate.safeParse({ ...fields, version: found.version }) : auxDeviceCreate.safeParse({ ...fields, project_id: body.project_id, kind: c.kind });
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 3)) {
          const col = String(issue.path[0] ?? 'file');
          err(row, col, col === 'kind' ? `“kind” 列须为 ${AUX_KINDS.join(', ')} 之一` : `“${col}” 列的值无效`, col === 'kind' ? `Column "kind" must be one of ${AUX_KINDS.join(', ')}` : `Invalid value in column "${col}"`);
        }
        continue;
      }
      plans.push(found ? { row, id: found.id, update: parsed.data as ReturnType<typeof auxDeviceUpdate.parse> } : { row, id: null, create: parsed.data as ReturnType<typeof auxDeviceCreate.parse> });
    }
    const keys = new Map<string, number>();
    for (const p of plans) {
      const v = p.id === null ? p.create : p.update;
      const k = `${v.gateway_id}/${v.sn}`;
      if (keys.has(k)) err(p.row, 'sn', `序列号 ${v.sn} 与第 ${keys.get(k)} 行重复`, `Serial ${v.sn} repeats row ${keys.get(k)}`);
      keys.set(k, p.row);
    }
    if (errors.length > 0) return { ok: false, created: 0, updated: 0, errors };
    // Every row is checked before anything is written (scope, room, gateway, serial, limits); then one transaction.
    const checked: { plan: (typeof plans)[number]; update?: CheckedUpdate }[] = [];
    for (const p of plans) {
      try {
        if (p.id === null) await devices.validateCreate(user, p.create);
        checked.push({ plan: p, ...(p.id === null ? {} : { update: await devices.validateUpdate(user, p.id, p.update) }) });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        err(p.row, e.field ?? 'file', e.message_in('zh'), e.message_in('en'));
      }
    }
    if (errors.length > 0) return { ok: false, created: 0, updated: 0, errors };
    await db.transaction().execute(async (trx) => {
      for (const { plan, update } of checked) {
        if (plan.id === null) await devices.writeCreate(trx, plan.create);
        else await devices.writeUpdate(trx, plan.id, plan.update, update!);
      }
    });
    const created = plans.filter((p) => p.id === null).length;
    const updated = plans.length - created;
    await devicesChanged();
    return { ok: true, created, updated, errors };
  };
}
