import { FIRE_LOOP_XLSX_COLUMNS, fireLoopFields, fireLoopProblem, type FireImportResult, type FireLoopFields } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { fireSetsRepository as repo } from './repository.js';
import { toLoop, type FireSetsService } from './service.js';
import { bool, num, readRows, refused, RowRefused } from './xlsxRows.js';

/**
 * The loop table back from .xlsx (FIRE_LOOP_XLSX_COLUMNS, what the page exports; devices by serial number): a
 * row with an id updates that loop (the file is the newer truth: no version check), one without adds a loop.
 * Every row is checked like the form; only a clean file is written, in one transaction, rules and all.
 */
export function createFireLoopImport(db: Db, access: AccessService, audit: AuditService, fire: FireSetsService) {
  return async function importLoops(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<FireImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    const errors: FireImportResult['errors'] = [];
    const err = (row: number, column: string, zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
    const read = await readRows(body.file_base64, FIRE_LOOP_XLSX_COLUMNS, { zh: '回路', en: 'loop' });
    if ('error' in read) return refused([read.error]);
    const { rows } = read;
    const [loops, detectors, feeders] = await Promise.all([repo.loops(db, body.project_id), repo.devices(db, body.project_id, ['fire_sensor']), repo.devices(db, body.project_id, ['feeder'])]);
    const planned: { row: number; id: number | null; fields: FireLoopFields }[] = [];
    const seenDevices = new Set<number>();
    for (const { row, c } of rows) {
      const device = detectors.find((d) => d.sn === c.device_sn);
      if (!device) {
        err(row, 'device_sn', `本站点没有序列号为 “${c.device_sn}” 的电气火灾探测器`, `No electrical fire detector with serial "${c.device_sn}" at this site`);
        continue;
      }
      const feeder = c.feeder_sn === '' ? null : feeders.find((f) => f.sn === c.feeder_sn);
      if (feeder === undefined) {
        err(row, 'feeder_sn', `本站点没有序列号为 “${c.feeder_sn}” 的馈线`, `No feeder with serial "${c.feeder_sn}" at this site`);
        continue;
      }
      const parsed = fireLoopFields.safeParse({
        name: c.name,
        name_en: c.name_en,
        device_id: device.id,
        channel: c.channel === '' ? 1 : num(c.channel),
        room_id: null,
        feeder_id: feeder?.id ?? null,
        residual_ma: num(c.residual_ma),
        temp_limits: { T1: num(c.T1), T2: num(c.T2), T3: num(c.T3) },
        pre_alarm_pct: num(c.pre_alarm_pct),
        enabled: bool(c.enabled),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 3)) {
          const col = String(issue.path.at(-1) ?? 'file');
          err(row, col, `“${col}” 列的值无效`, `Invalid value in column "${col}"`);
        }
        continue;
      }
      const problem = fireLoopProblem(parsed.data);
      if (problem) {
        err(row, problem.field.replace('temp_limits.', ''), problem.zh, problem.en);
        continue;
      }
      if (seenDevices.has(device.id)) {
        err(row, 'device_sn', '同一探测器在文件中出现两次', 'The same detector appears twice in the file');
        continue;
      }
      seenDevices.add(device.id);
      const id = c.id === '' ? null : num(c.id);
      if (id !== null && !loops.some((l) => l.id === id)) {
        err(row, 'id', `回路 ${c.id} 不是本站点的回路`, `Loop ${c.id} is not a loop of this site`);
        continue;
      }
      const owner = loops.find((l) => l.device_id === device.id);
      if (owner && owner.id !== id) {
        err(row, 'device_sn', '该探测器已属于另一回路', 'That detector already belongs to another loop');
        continue;
      }
      planned.push({ row, id, fields: parsed.data });
    }
    if (errors.length > 0) return { ok: false, created: 0, updated: 0, errors };
    try {
      return await db.transaction().execute(async (trx) => {
        let created = 0;
        let updated = 0;
        for (const p of planned) {
          const before = p.id === null ? null : loops.find((l) => l.id === p.id)!;
          let id: number;
          try {
            id = await fire.saveLoopIn(trx, body.project_id, p.fields, p.id === null ? null : { id: p.id, version: null });
          } catch (e) {
            if (e instanceof AppError && e.detail) throw new RowRefused(p.row, e);
            throw e;
          }
          const after = toLoop((await repo.loop(trx, id))!);
          await audit.recordChange(trx, { action: 'fireLoop.import', target: { type: 'fire_loop', id }, before: before ? toLoop(before) : null, after, projectId: body.project_id });
          if (before) updated++;
          else created++;
        }
        return { ok: true, created, updated, errors: [] };
      });
    } catch (e) {
      if (!(e instanceof RowRefused)) throw e;
      err(e.row, e.refusal.field ?? 'file', e.refusal.detail!.zh, e.refusal.detail!.en);
      return { ok: false, created: 0, updated: 0, errors };
    }
  };
}
