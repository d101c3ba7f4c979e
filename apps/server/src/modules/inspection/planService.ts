import {
  checkpointCode,
  ErrorCode,
  inspectionItem,
  inspectionSchedule,
  type CheckpointKind,
  type InspectionItem,
  type InspectionPlan,
  type InspectionSchedule,
  type InspectionTemplate,
} from '@gridops/contract';
import { DEFAULT_SITE_ZONE } from '@gridops/format';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { generatePlans } from './jobs.js';
import { inspectionRepository as repo, type PlanRow, type TemplateRow } from './repository.js';
import { scheduleRrule } from './schedule.js';

export const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '已被他人修改，请刷新后重试', en: 'Someone else changed this; reload and try again' }, 'version');

export interface TemplateInput {
  name: string;
  name_en: string;
  items: InspectionItem[];
}

export interface PlanInput {
  name: string;
  name_en: string;
  checkpoints: { kind: CheckpointKind; ref_id: number; template_id: number }[];
  schedule: InspectionSchedule;
  window_start: string;
  window_end: string;
  assignee_id: number;
}

const storedPlanCheckpoints = z.array(z.object({ kind: z.enum(['device', 'room']), ref_id: z.number(), template_id: z.number(), name: z.string(), name_en: z.string() }));

export const toTemplate = (r: TemplateRow): InspectionTemplate => ({ ...r, items: z.array(inspectionItem).parse(r.items) });

export function toPlan(r: PlanRow): InspectionPlan {
  return {
    id: r.id,
    project_id: r.project_id,
    name: r.name,
    name_en: r.name_en,
    checkpoints: storedPlanCheckpoints.parse(r.checkpoints).map((c) => ({ ...c, code: checkpointCode(c.kind, c.ref_id) })),
    schedule: inspectionSchedule.parse(r.schedule),
    rrule: r.rrule,
    window_start: r.window_start,
    window_end: r.window_end,
    assignee_id: r.assignee_id,
    assignee_name: r.assignee_name,
    assignee_name_en: r.assignee_name_en,
    status: r.status,
    version: r.version,
  };
}

/** Item rules zod cannot say: unique keys, a reading's range, a choice's options. */
function checkItems(items: InspectionItem[]): void {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const f = (n: string) => `items.${i}.${n}`;
    if (seen.has(it.key)) throw invalid(f('key'), '检查项编号重复', 'Item keys must be unique');
    seen.add(it.key);
    if (it.kind === 'reading' && it.min !== null && it.max !== null && it.min > it.max) throw invalid(f('min'), '正常范围下限不能大于上限', 'The lower bound must not exceed the upper bound');
    if (it.kind === 'choice' && it.options.length < 2) throw invalid(f('options'), '选择项至少需要两个选项', 'A choice needs at least two options');
  });
}

/**
 * Inspection templates and plans (ReleaseInspect). Reads need the project in scope; writes need 'configure' and the
 * project in scope (assertCanConfigure). Plans are versioned; publishing generates the plan's tasks at once.
 */
export function createInspectionPlanService(db: Db, access: AccessService, audit: AuditService) {
  async function ownedTemplate(user: AuthUser, id: number, write: boolean): Promise<TemplateRow> {
    const t = await repo.template(db, id);
    if (!t) throw forbidden();
    if (write) await access.assertCanConfigure(user, t.project_id);
    else await access.assertProject(user, t.project_id);
    return t;
  }

  async function ownedPlan(user: AuthUser, id: number, write: boolean): Promise<PlanRow> {
    const p = await repo.plan(db, id);
    if (!p) throw forbidden();
    if (write) await access.assertCanConfigure(user, p.project_id);
    else await access.assertProject(user, p.project_id);
    return p;
  }

  /** The plan as stored: names snapshotted, every checkpoint, template and worker of the plan's own project. */
  async function checkPlan(projectId: number, p: PlanInput) {
    if (p.window_end <= p.window_start) throw invalid('window_end', '结束时间须晚于开始时间', 'The window must end after it starts');
    const s = p.schedule;
    if (s.until && s.until < s.start_date) throw invalid('schedule.until', '结束日期不能早于开始日期', 'The end date cannot be before the start date');
    if (s.kind === 'weekly' && s.weekdays.length === 0) throw invalid('schedule.weekdays', '请选择每周的巡检日', 'Choose the days of the week');
    if (s.kind === 'monthly' && s.month_day === null) throw invalid('schedule.month_day', '请选择每月的巡检日', 'Choose the day of the month');
    const [devices, rooms, templates, workers, project] = await Promise.all([
      repo.devices(db, projectId),
      repo.rooms(db, projectId),
      repo.templates(db, projectId),
      repo.workers(db, projectId),
      repo.project(db, projectId),
    ]);
    if (!project) throw forbidden();
    if (!workers.some((w) => w.id === p.assignee_id)) throw invalid('assignee_id', '执行人须为本项目的运维人员', 'The assignee must be a worker of this project');
    const templateIds = new Set(templates.map((t) => t.id));
    const seen = new Set<string>();
    const checkpoints = p.checkpoints.map((c, i) => {
      const f = (n: string) => `checkpoints.${i}.${n}`;
      const target = c.kind === 'device' ? devices.find((d) => d.id === c.ref_id) : rooms.find((r) => r.id === c.ref_id);
      if (!target) throw invalid(f('ref_id'), '巡检点须为本项目的设备或房间', 'A checkpoint must be a device or room of this project');
      if (!templateIds.has(c.template_id)) throw invalid(f('template_id'), '检查表须为本项目的模板', 'The checklist must be a template of this project');
      const key = `${c.kind}:${c.ref_id}`;
      if (seen.has(key)) throw invalid(f('ref_id'), '同一巡检点在路线中重复', 'A checkpoint appears twice in the route');
      seen.add(key);
      return { kind: c.kind, ref_id: c.ref_id, template_id: c.template_id, name: target.name, name_en: target.name_en };
    });
    return {
      name: p.name,
      name_en: p.name_en,
      checkpoints,
      schedule: s,
      rrule: scheduleRrule(s, project.timezone, p.window_start),
      window_start: p.window_start,
      window_end: p.window_end,
      assignee_id: p.assignee_id,
    };
  }

  async function loadPlan(id: number): Promise<InspectionPlan> {
    const p = await repo.plan(db, id);
    if (!p) throw forbidden();
    return toPlan(p);
  }

  return {
    async templates(user: AuthUser, projectId: number): Promise<InspectionTemplate[]> {
      await access.assertProject(user, projectId);
      return (await repo.templates(db, projectId)).map(toTemplate);
    },

    async createTemplate(user: AuthUser, input: TemplateInput & { project_id: number }): Promise<InspectionTemplate> {
      await access.assertCanConfigure(user, input.project_id);
      checkItems(input.items);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertTemplate(trx, input);
        const t = toTemplate((await repo.template(trx, id))!);
        await audit.recordChange(trx, { action: 'inspection.createTemplate', target: { type: 'inspection_template', id }, before: null, after: t, projectId: input.project_id });
        return t;
      });
    },

    async updateTemplate(user: AuthUser, id: number, input: TemplateInput & { version: number }): Promise<InspectionTemplate> {
      const before = toTemplate(await ownedTemplate(user, id, true));
      checkItems(input.items);
      return db.transaction().execute(async (trx) => {
        if (!(await repo.updateTemplate(trx, id, input, input.version))) throw stale();
        const after = toTemplate((await repo.template(trx, id))!);
        await audit.recordChange(trx, { action: 'inspection.updateTemplate', target: { type: 'inspection_template', id }, before, after, projectId: before.project_id });
        return after;
      });
    },

    async deleteTemplate(user: AuthUser, id: number): Promise<null> {
      const before = toTemplate(await ownedTemplate(user, id, true));
      const users = await repo.plansUsingTemplate(db, id);
      if (users.length) {
        const names = users.map((p) => p.name).join('、');
        throw new AppError(ErrorCode.Conflict, { zh: `模板正被计划使用：${names}`, en: `The template is used by plans: ${names}` }, 'id');
      }
      await db.transaction().execute(async (trx) => {
        await repo.deleteTemplate(trx, id);
        await audit.recordChange(trx, { action: 'inspection.deleteTemplate', target: { type: 'inspection_template', id }, before, after: null, projectId: before.project_id });
      });
      return null;
    },

    async options(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [devices, rooms, workers, project] = await Promise.all([repo.devices(db, projectId), repo.rooms(db, projectId), repo.workers(db, projectId), repo.project(db, projectId)]);
      return {
        checkpoints: [
          ...rooms.map((r) => ({ kind: 'room' as const, ref_id: r.id, code: checkpointCode('room', r.id), name: r.name, name_en: r.name_en, room: null, room_en: null })),
          ...devices.map((d) => ({ kind: 'device' as const, ref_id: d.id, code: checkpointCode('device', d.id), name: d.name, name_en: d.name_en, room: d.room, room_en: d.room_en })),
        ],
        workers,
        timezone: project?.timezone ?? DEFAULT_SITE_ZONE,
      };
    },

    async plans(user: AuthUser, projectId: number): Promise<InspectionPlan[]> {
      await access.assertProject(user, projectId);
      return (await repo.plans(db, projectId)).map(toPlan);
    },

    async createPlan(user: AuthUser, input: PlanInput & { project_id: number }): Promise<InspectionPlan> {
      await access.assertCanConfigure(user, input.project_id);
      const stored = await checkPlan(input.project_id, input);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertPlan(trx, { project_id: input.project_id, ...stored });
        const after = toPlan((await repo.plan(trx, id))!);
        await audit.recordChange(trx, { action: 'inspection.createPlan', target: { type: 'inspection_plan', id }, before: null, after, projectId: input.project_id });
        return after;
      });
    },

    async updatePlan(user: AuthUser, id: number, input: PlanInput & { version: number }): Promise<InspectionPlan> {
      const row = await ownedPlan(user, id, true);
      const stored = await checkPlan(row.project_id, input);
      const plan = await db.transaction().execute(async (trx) => {
        if (!(await repo.updatePlan(trx, id, stored, input.version))) throw stale();
        const after = toPlan((await repo.plan(trx, id))!);
        await audit.recordChange(trx, { action: 'inspection.updatePlan', target: { type: 'inspection_plan', id }, before: toPlan(row), after, projectId: row.project_id });
        return after;
      });
      if (plan.status === 'published') await generatePlans(db, new Date(), [id]);
      return plan;
    },

    async setStatus(user: AuthUser, id: number, status: 'draft' | 'published' | 'paused', version: number): Promise<InspectionPlan> {
      const row = await ownedPlan(user, id, true);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.setPlanStatus(trx, id, status, version))) throw stale();
        await audit.recordChange(trx, { action: 'inspection.setPlanStatus', target: { type: 'inspection_plan', id }, before: { status: row.status }, after: { status }, projectId: row.project_id });
      });
      // Publishing generates at once (the periodic job would within minutes); the claim makes it harmless twice.
      if (status === 'published') await generatePlans(db, new Date(), [id]);
      return loadPlan(id);
    },

    async deletePlan(user: AuthUser, id: number): Promise<null> {
      const row = await ownedPlan(user, id, true);
      if ((await repo.planTaskCount(db, id)) > 0) {
        throw new AppError(ErrorCode.Conflict, { zh: '计划已生成巡检任务，不能删除，可暂停', en: 'The plan has tasks and cannot be deleted; pause it instead' }, 'id');
      }
      await db.transaction().execute(async (trx) => {
        await repo.deletePlan(trx, id);
        await audit.recordChange(trx, { action: 'inspection.deletePlan', target: { type: 'inspection_plan', id }, before: toPlan(row), after: null, projectId: row.project_id });
      });
      return null;
    },
  };
}

export type InspectionPlanService = ReturnType<typeof createInspectionPlanService>;
