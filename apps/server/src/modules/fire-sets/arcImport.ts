import { ARC_DETECTOR_XLSX_COLUMNS, arcDetectorFields, arcDetectorProblem, type FireImportResult } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { fireSetsRepository as repo } from './repository.js';
import { toArc, type FireSetsService } from './service.js';
import { bool, importRows, num } from './xlsxRows.js';

/**
 * The arc-fault table back from .xlsx (ARC_DETECTOR_XLSX_COLUMNS, what ArcFaultSet exports; detector and feeder by
 * serial number, sensitivity high / standard / low): a row with an id updates that setting (the file is the newer
 * truth: no version check), one without adds one. Every row is checked like the form (GB 14287.4 threshold
 * included); only a clean file is written, in one transaction, each setting's alarm rule with it (importRows).
 */
export function createArcDetectorImport(db: Db, access: AccessService, audit: AuditService, fire: FireSetsService) {
  return async function importArcs(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<FireImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    return importRows(db, body.file_base64, {
      columns: ARC_DETECTOR_XLSX_COLUMNS,
      what: { zh: '故障电弧设置', en: 'arc-fault setting' },
      load: async () => {
        const [sets, detectors, feeders] = await Promise.all([repo.arcs(db, body.project_id), repo.devices(db, body.project_id, ['arc_detector']), repo.devices(db, body.project_id, ['feeder'])]);
        return { sets, detectors, feeders };
      },
      noDetector: (sn) => ({ zh: `本站点没有序列号为 “${sn}” 的故障电弧探测器`, en: `No arc-fault detector with serial "${sn}" at this site` }),
      notOfSite: (id) => ({ zh: `设置 ${id} 不是本站点的故障电弧设置`, en: `Setting ${id} is not an arc-fault setting of this site` }),
      taken: { zh: '该探测器已有另一条设置', en: 'That detector already has another setting' },
      schema: arcDetectorFields,
      input: (c, { device_id, feeder_id }) => ({
        name: c.name,
        name_en: c.name_en,
        device_id,
        feeder_id,
        threshold: num(c.threshold),
        sensitivity: c.sensitivity === '' ? 'standard' : c.sensitivity.toLowerCase(),
        enabled: bool(c.enabled),
      }),
      problem: arcDetectorProblem,
      save: (trx, fields, existing) => fire.saveArcIn(trx, body.project_id, fields, existing),
      record: async (trx, id, before) => {
        const after = toArc((await repo.arc(trx, id))!);
        await audit.recordChange(trx, { action: 'arcDetector.import', target: { type: 'arc_detector_set', id }, before: before ? toArc(before) : null, after, projectId: body.project_id });
      },
    });
  };
}
