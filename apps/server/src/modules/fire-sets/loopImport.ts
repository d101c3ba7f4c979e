import { FIRE_LOOP_XLSX_COLUMNS, fireLoopFields, fireLoopProblem, type FireImportResult } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { fireSetsRepository as repo } from './repository.js';
import { toLoop, type FireSetsService } from './service.js';
import { bool, importRows, num } from './xlsxRows.js';

/**
 * The loop table back from .xlsx (FIRE_LOOP_XLSX_COLUMNS, what the page exports; devices by serial number): a
 * row with an id updates that loop (the file is the newer truth: no version check), one without adds a loop.
 * Every row is checked like the form; only a clean file is written, in one transaction, rules and all (importRows).
 */
export function createFireLoopImport(db: Db, access: AccessService, audit: AuditService, fire: FireSetsService) {
  return async function importLoops(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<FireImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    return importRows(db, body.file_base64, {
      columns: FIRE_LOOP_XLSX_COLUMNS,
      what: { zh: '回路', en: 'loop' },
      load: async () => {
        const [sets, detectors, feeders] = await Promise.all([repo.loops(db, body.project_id), repo.devices(db, body.project_id, ['fire_sensor']), repo.devices(db, body.project_id, ['feeder'])]);
        return { sets, detectors, feeders };
      },
      noDetector: (sn) => ({ zh: `本站点没有序列号为 “${sn}” 的电气火灾探测器`, en: `No electrical fire detector with serial "${sn}" at this site` }),
      notOfSite: (id) => ({ zh: `回路 ${id} 不是本站点的回路`, en: `Loop ${id} is not a loop of this site` }),
      taken: { zh: '该探测器已属于另一回路', en: 'That detector already belongs to another loop' },
      schema: fireLoopFields,
      input: (c, { device_id, feeder_id }) => ({
        name: c.name,
        name_en: c.name_en,
        device_id,
        channel: c.channel === '' ? 1 : num(c.channel),
        room_id: null,
        feeder_id,
        residual_ma: num(c.residual_ma),
        temp_limits: { T1: num(c.T1), T2: num(c.T2), T3: num(c.T3) },
        pre_alarm_pct: num(c.pre_alarm_pct),
        enabled: bool(c.enabled),
      }),
      // The file has the temperatures as columns T1–T3, not the form's temp_limits.T1–T3.
      problem: (fields) => {
        const p = fireLoopProblem(fields);
        return p && { ...p, field: p.field.replace('temp_limits.', '') };
      },
      save: (trx, fields, existing) => fire.saveLoopIn(trx, body.project_id, fields, existing),
      record: async (trx, id, before) => {
        const after = toLoop((await repo.loop(trx, id))!);
        await audit.recordChange(trx, { action: 'fireLoop.import', target: { type: 'fire_loop', id }, before: before ? toLoop(before) : null, after, projectId: body.project_id });
      },
    });
  };
}
