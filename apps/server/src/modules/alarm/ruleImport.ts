import { ALARM_RULE_XLSX_COLUMNS, alarmRuleFields, type AlarmRuleCreateRequest, type AlarmRuleFields, type AlarmRuleImportResult } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { reevaluateRuleStates } from './engine.js';
import { ruleRepository as repo } from './ruleRepository.js';
import { checkFields, fieldsToRow, type AlarmRuleService } from './ruleService.js';
import type { Db } from '../../db/database.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

const MAX_ROWS = 2000;
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)).trim();
const num = (s: string) => (s === '' ? Number.NaN : Number(s));
const bool = (s: string) => !['0', 'false', 'no', '否', '停用', 'disabled'].includes(s.toLowerCase());

type Planned = { row: number; id: number | null; create: AlarmRuleCreateRequest | null; fields: AlarmRuleFields };

/**
 * The rule table back from .xlsx (columns ALARM_RULE_XLSX_COLUMNS; the export writes the same): a row with an
 * id updates that project or device rule, a row without adds one. Every bad cell is reported; only a clean
 * file is written, in one transaction (audited per rule, one generation bump).
 */
export function createAlarmRuleImport(db: Db, access: AccessService, audit: AuditService, rules: AlarmRuleService) {
  return async function importRules(user: AuthUser, body: { project_id: number; file_base64: string }): Promise<AlarmRuleImportResult> {
    await access.assertCanConfigure(user, body.project_id);
    const errors: AlarmRuleImportResult['errors'] = [];
    const err = (row: number, column: string, zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
    const data = await readImportSheet(body.file_base64);
    if (data === null) {
      err(0, 'file', '文件不是有效的 .xlsx 工作簿', 'The file is not a valid .xlsx workbook');
      return { ok: false, created: 0, updated: 0, errors };
    }
    const rows = data
      .map((cells, i) => ({ row: i + 1, cells: ALARM_RULE_XLSX_COLUMNS.map((_, c) => cellText(cells[c])) }))
      .slice(1)
      .filter((r) => r.cells.some((c) => c !== ''));
    if (rows.length === 0 || rows.length > MAX_ROWS) {
      err(0, 'file', `工作簿须有 1–${MAX_ROWS} 行规则（第 1 行是表头）`, `The workbook needs 1–${MAX_ROWS} rule rows (row 1 is the header)`);
      return { ok: false, created: 0, updated: 0, errors };
    }
    const now = Date.now();
    const pp = await rules.projectPoints(body.project_id);
    const existing = await repo.rulesOfProject(db, body.project_id);
    const planned: Planned[] = [];
    for (const { row, cells } of rows) {
      const c = Object.fromEntries(ALARM_RULE_XLSX_COLUMNS.map((k, i) => [k, cells[i] ?? ''])) as Record<(typeof ALARM_RULE_XLSX_COLUMNS)[number], string>;
      const parsed = alarmRuleFields.safeParse({
        point_key: c.point_key,
        kind: c.kind,
        threshold: num(c.threshold),
        deadband: c.deadband === '' ? 0 : num(c.deadband),
        on_delay_s: c.on_delay_s === '' ? 0 : num(c.on_delay_s),
        off_delay_s: c.off_delay_s === '' ? 0 : num(c.off_delay_s),
        level: num(c.level),
        event_type: num(c.event_type),
        name: c.name,
        name_en: c.name_en,
        enabled: bool(c.enabled),
        shelved_until: null,
        shelve_note: '',
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 3)) {
          const col = String(issue.path[0] ?? 'file');
          err(row, col, `“${col}” 列的值无效`, `Invalid value in column "${col}"`);
        }
        continue;
      }
      const id = c.id === '' ? null : num(c.id);
      try {
        if (id !== null) {
          const r = existing.find((x) => x.id === id);
          if (!r || r.project_id === null) {
            err(row, 'id', `规则 ${c.id} 不是本项目可修改的规则`, `Rule ${c.id} is not a rule of this project you can change`);
            continue;
          }
          checkFields(parsed.data, rules.targetPointsOf(pp, { device_id: r.device_id, device_kind: r.device_kind }), now);
          planned.push({ row, id, create: null, fields: parsed.data });
        } else {
          const deviceId = c.device_id === '' ? null : num(c.device_id);
          planned.push({ row, id: null, fields: parsed.data, create: { ...parsed.data, project_id: body.project_id, device_id: deviceId, device_kind: deviceId === null ? c.device_kind || null : null } });
        }
      } catch (e) {
        if (!(e instanceof AppError) || !e.detail) throw e;
        err(row, e.field ?? 'file', e.detail.zh, e.detail.en);
      }
    }
    if (errors.length > 0) return { ok: false, created: 0, updated: 0, errors };
    let current = 0;
    try {
      const counts = await rules.inTransaction(async (trx) => {
        let created = 0;
        let updated = 0;
        for (const p of planned) {
          current = p.row;
          if (p.create) {
            const r = await rules.createIn(trx, p.create, pp, existing, now);
            await reevaluateRuleStates(trx, r, now);
            await audit.recordChange(trx, { action: 'alarmRule.import', target: { type: 'alarm_rule', id: r.id }, before: null, after: r, projectId: body.project_id });
            created++;
          } else if (p.id !== null) {
            const before = await repo.lockRule(trx, p.id);
            if (!before) continue;
            const saved = await repo.update(trx, p.id, before.version, fieldsToRow(p.fields, now));
            if (!saved) continue;
            await reevaluateRuleStates(trx, saved, now);
            await audit.recordChange(trx, { action: 'alarmRule.import', target: { type: 'alarm_rule', id: p.id }, before, after: saved, projectId: body.project_id });
            updated++;
          }
        }
        return { created, updated };
      });
      return { ok: true, ...counts, errors: [] };
    } catch (e) {
      if (!(e instanceof AppError) || !e.detail) throw e;
      err(current, e.field ?? 'file', e.detail.zh, e.detail.en);
      return { ok: false, created: 0, updated: 0, errors };
    }
  };
}
