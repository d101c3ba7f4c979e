import { ARC_DETECTOR_XLSX_COLUMNS, arcDetectorFields, arcDetectorProblem, type ArcDetectorFields, type FireImportResult } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { fireSetsRepository as repo } from './repository.js';
import { toArc, type FireSetsService } from './service.js';
import { bool, num, readRows, refused, RowRefused, type ImportErrors } from './xlsxRows.js';

/**
 * The arc-fault table back from .xlsx (ARC_DETECTOR_XLSX_COLUMNS, what ArcFaultSet exports; detector and feeder by
 * serial number, sensitivity high / standard / low): a row with an id updates that setting (the file is the newer
 * truth: no version check), one without adds one. Every row is checked like the form (GB 14287.4 threshold
 * included); only a clean file is written, in one transaction, each setting's alarm rule with it.
 */
export function createArcDetectorImport(db: Db, access: AccessService, audit: AuditService, fire: FireSetsService) {
  return async function importArcs(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<FireImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    const errors: ImportErrors = [];
    const err = (row: number, column: string, zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
    const read = await readRows(body.file_base64, ARC_DETECTOR_XLSX_COLUMNS, { zh: '故障电弧设置', en: 'arc-fault setting' });
    if ('error' in read) return refused([read.error]);
    const [arcs, detectors, feeders] = await Promise.all([repo.arcs(db, body.project_id), repo.devices(db, body.project_id, ['arc_detector']), repo.devices(db, body.project_id, ['feeder'])]);
    const planned: { row: number; id: number | null; fields: ArcDetectorFields }[] = [];
    const seenDevices = new Set<number>();
    for (const { row, c } of read.rows) {
      const device = detectors.find((d) => d.sn === c.device_sn);
      if (!device) {
        err(row, 'device_sn', `本站点没有序列号为 “${c.device_sn}” 的故障电弧探测器`, `No arc-fault detector with serial "${c.device_sn}" at this site`);
        continue;
      }
      const feeder = c.feeder_sn === '' ? null : feeders.find((f) => f.sn === c.feeder_sn);
      if (feeder === undefined) {
        err(row, 'feeder_sn', `本站点没有序列号为 “${c.feeder_sn}” 的馈线`, `No feeder with serial "${c.feeder_sn}" at this site`);
        continue;
      }
      const parsed = arcDetectorFields.safeParse({
        name: c.name,
        name_en: c.name_en,
        device_id: device.id,
        feeder_id: feeder?.id ?? null,
        threshold: num(c.threshold),
        sensitivity: c.sensitivity === '' ? 'standard' : c.sensitivity.toLowerCase(),
        enabled: bool(c.enabled),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 3)) {
          const col = String(issue.path.at(-1) ?? 'file');
          err(row, col, `“${col}” 列的值无效`, `Invalid value in column "${col}"`);
        }
        continue;
      }
      const problem = arcDetectorProblem(parsed.data);
      if (problem) {
        err(row, problem.field, problem.zh, problem.en);
        continue;
      }
      if (seenDevices.has(device.id)) {
        err(row, 'device_sn', '同一探测器在文件中出现两次', 'The same detector appears twice in the file');
        continue;
      }
      seenDevices.add(device.id);
      const id = c.id === '' ? null : num(c.id);
      if (id !== null && !arcs.some((a) => a.id === id)) {
        err(row, 'id', `设置 ${c.id} 不是本站点的故障电弧设置`, `Setting ${c.id} is not an arc-fault setting of this site`);
        continue;
      }
      const owner = arcs.find((a) => a.device_id === device.id);
      if (owner && owner.id !== id) {
        err(row, 'device_sn', '该探测器已有另一条设置', 'That detector already has another setting');
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
          const before = p.id === null ? null : arcs.find((a) => a.id === p.id)!;
          let id: number;
          try {
            id = await fire.saveArcIn(trx, body.project_id, p.fields, p.id === null ? null : { id: p.id, version: null });
          } catch (e) {
            if (e instanceof AppError && e.detail) throw new RowRefused(p.row, e);
            throw e;
          }
          const after = toArc((await repo.arc(trx, id))!);
          await audit.recordChange(trx, { action: 'arcDetector.import', target: { type: 'arc_detector_set', id }, before: before ? toArc(before) : null, after, projectId: body.project_id });
          if (before) updated++;
          else created++;
        }
        return { ok: true, created, updated, errors: [] };
      });
    } catch (e) {
      if (!(e instanceof RowRefused)) throw e;
      return refused([{ row: e.row, column: e.refusal.field ?? 'file', message: e.refusal.detail! }]);
    }
  };
}
