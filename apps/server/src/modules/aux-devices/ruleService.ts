import type { AuxRule, AuxRuleFields } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { thresholdsProblem } from './evaluate.js';
import { auxRepository as repo, type RuleRow } from './repository.js';
import { invalid, stale } from './service.js';

type Row = Awaited<ReturnType<typeof repo.rules>>[number];
const toRule = (r: Row): AuxRule => ({
  id: r.id,
  project_id: r.project_id,
  room_id: r.room_id,
  device_id: r.device_id,
  point_id: r.point_id,
  name: r.name,
  name_en: r.name_en,
  above: r.above,
  on_threshold: r.on_threshold,
  off_threshold: r.off_threshold,
  min_on_s: r.min_on_s,
  min_off_s: r.min_off_s,
  window_start: r.window_start,
  window_end: r.window_end,
  enabled: r.enabled,
  version: r.version,
  last_action: r.last_action,
  last_action_at: r.last_action_at ? r.last_action_at.toISOString() : null,
});

/**
 * Automation rules of a site's auxiliary devices (docs/control-config.md, "Automation"). The evaluation
 * (automation.ts) reads them from the database every time, so a saved rule is live on every instance at the next
 * evaluation. An edit keeps the rule's state (last action and its time): the minimum times still hold.
 */
export function createAuxRuleService(db: Db, access: AccessService, audit: AuditService) {
  /** The device must be one of the site's auxiliary devices, the point an analog point in the device's room. */
  async function check(projectId: number, v: AuxRuleFields): Promise<RuleRow> {
    const [devices, points] = await Promise.all([repo.devices(db, projectId), repo.roomPoints(db, projectId)]);
    const device = devices.find((d) => d.id === v.device_id);
    if (!device) throw invalid('device_id', '设备不是本站点的辅助设备', 'The device is not an auxiliary device of this site');
    const point = points.find((p) => p.point_id === v.point_id);
    if (!point) throw invalid('point_id', '测点不是本站点配电室内的模拟量测点', 'The point is not an analog point in a room of this site');
    if (point.room_id !== device.room_id) throw invalid('point_id', '测点须与设备在同一配电室', 'The point must be in the same room as the device');
    if (thresholdsProblem(v.above, v.on_threshold, v.off_threshold)) {
      throw v.above
        ? invalid('off_threshold', '关闭阈值须低于开启阈值（回差）', 'The off threshold must be below the on threshold (hysteresis)')
        : invalid('off_threshold', '关闭阈值须高于开启阈值（回差）', 'The off threshold must be above the on threshold (hysteresis)');
    }
    if ((v.window_start === null) !== (v.window_end === null)) throw invalid(v.window_start === null ? 'window_start' : 'window_end', '时段须同时填写开始和结束', 'A window needs both a start and an end');
    if (v.window_start !== null && v.window_start === v.window_end) throw invalid('window_end', '结束时间不能与开始时间相同', 'The end must differ from the start');
    return { ...v };
  }

  async function owned(user: AuthUser, id: number) {
    const r = await repo.rule(db, id);
    if (!r) throw notFound();
    await access.assertCanConfigure(user, r.project_id);
    return r;
  }
  const one = async (projectId: number, id: number) => toRule((await repo.rules(db, projectId, id))[0]!);

  return {
    async list(user: AuthUser, projectId: number): Promise<AuxRule[]> {
      await access.assertCanConfigure(user, projectId);
      return (await repo.rules(db, projectId)).map(toRule);
    },

    async create(user: AuthUser, body: AuxRuleFields & { project_id: number }): Promise<AuxRule> {
      await access.assertCanConfigure(user, body.project_id);
      const { project_id, ...fields } = body;
      const v = await check(project_id, fields);
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await repo.insertRule(trx, { ...v, project_id });
        await audit.recordChange(trx, { action: 'auxAutomation.create', target: { type: 'aux_automation_rule', id }, before: null, after: v, projectId: project_id });
        return id;
      });
      return one(project_id, id);
    },

    async update(user: AuthUser, id: number, body: AuxRuleFields & { version: number }): Promise<AuxRule> {
      const before = await owned(user, id);
      if (before.version !== body.version) throw stale();
      const { version, ...fields } = body;
      const v = await check(before.project_id, fields);
      await db.transaction().execute(async (trx) => {
        if ((await repo.updateRule(trx, id, version, v)) === 0) throw stale();
        await audit.recordChange(trx, { action: 'auxAutomation.update', target: { type: 'aux_automation_rule', id }, before, after: v, projectId: before.project_id });
      });
      return one(before.project_id, id);
    },

    async remove(user: AuthUser, id: number, version: number) {
      const before = await owned(user, id);
      await db.transaction().execute(async (trx) => {
        if ((await repo.deleteRule(trx, id, version)) === 0) throw stale();
        await audit.recordChange(trx, { action: 'auxAutomation.delete', target: { type: 'aux_automation_rule', id }, before, after: null, projectId: before.project_id });
      });
      return { id };
    },
  };
}

export type AuxRuleService = ReturnType<typeof createAuxRuleService>;
