import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { inspectionTaskRepository } from './taskRepository.js';

export type { NewFinding, TaskFilter, TaskRow } from './taskRepository.js';

export interface TemplateRow {
  id: number;
  project_id: number;
  name: string;
  name_en: string;
  items: unknown;
  version: number;
}

export interface PlanRow {
  id: number;
  project_id: number;
  name: string;
  name_en: string;
  checkpoints: unknown;
  schedule: unknown;
  rrule: string;
  window_start: string;
  window_end: string;
  assignee_id: number;
  assignee_name: string;
  assignee_name_en: string;
  status: 'draft' | 'published' | 'paused';
  generated_through: string | null;
  published_at: Date | null;
  version: number;
  timezone: string;
}

export interface NewTask {
  plan_id: number;
  project_id: number;
  occurrence: string;
  window_start: Date;
  window_end: Date;
  assignee_id: number;
  checkpoints: string;
}

const json = (v: unknown) => JSON.stringify(v);

function planQuery(db: Db) {
  return db
    .selectFrom('inspection_plans as p')
    .innerJoin('users as u', 'u.id', 'p.assignee_id')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .select([
      'p.id',
      'p.project_id',
      'p.name',
      'p.name_en',
      'p.checkpoints',
      'p.schedule',
      'p.rrule',
      'p.window_start',
      'p.window_end',
      'p.assignee_id',
      'u.name as assignee_name',
      'u.name_en as assignee_name_en',
      'p.status',
      sql<string | null>`p.generated_through::text`.as('generated_through'),
      'p.published_at',
      'p.version',
      'pr.timezone',
    ]);
}

/** Templates, plans and generation; the tasks' queries are in taskRepository.ts, merged here for the services. */
const planRepository = {
  project: (db: Db, id: number) => db.selectFrom('projects').select(['id', 'name', 'name_en', 'timezone']).where('id', '=', id).executeTakeFirst(),

  // ---- templates ----
  templates: (db: Db, projectId: number): Promise<TemplateRow[]> =>
    db.selectFrom('inspection_templates').select(['id', 'project_id', 'name', 'name_en', 'items', 'version']).where('project_id', '=', projectId).orderBy('id').execute(),

  template: (db: Db, id: number): Promise<TemplateRow | undefined> =>
    db.selectFrom('inspection_templates').select(['id', 'project_id', 'name', 'name_en', 'items', 'version']).where('id', '=', id).executeTakeFirst(),

  async insertTemplate(db: Db, t: { project_id: number; name: string; name_en: string; items: unknown }): Promise<number> {
    const r = await db.insertInto('inspection_templates').values({ ...t, items: json(t.items) }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async updateTemplate(db: Db, id: number, t: { name: string; name_en: string; items: unknown }, version: number): Promise<boolean> {
    const r = await db
      .updateTable('inspection_templates')
      .set({ name: t.name, name_en: t.name_en, items: json(t.items), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  /** Plans whose route uses the template. */
  plansUsingTemplate: (db: Db, templateId: number) =>
    db
      .selectFrom('inspection_plans')
      .select(['id', 'name'])
      .where(sql<SqlBool>`checkpoints @> ${json([{ template_id: templateId }])}::jsonb`)
      .execute(),

  async deleteTemplate(db: Db, id: number): Promise<void> {
    await db.deleteFrom('inspection_templates').where('id', '=', id).execute();
  },

  // ---- what a plan may use ----
  devices: (db: Db, projectId: number) =>
    db
      .selectFrom('devices as d')
      .leftJoin('rooms as r', 'r.id', 'd.room_id')
      .select(['d.id', 'd.name', 'd.name_en', 'r.name as room', 'r.name_en as room_en'])
      .where('d.project_id', '=', projectId)
      .orderBy('d.room_id')
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute(),

  rooms: (db: Db, projectId: number) =>
    db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute(),

  /** Enabled workers (userType 2) assigned to the project. */
  workers: (db: Db, projectId: number) =>
    db
      .selectFrom('users as u')
      .innerJoin('user_projects as up', 'up.user_id', 'u.id')
      .select(['u.id', 'u.name', 'u.name_en'])
      .where('up.project_id', '=', projectId)
      .where('u.user_type', '=', 2)
      .where('u.enabled', '=', true)
      .orderBy('u.id')
      .execute(),

  // ---- plans ----
  plans: (db: Db, projectId: number): Promise<PlanRow[]> => planQuery(db).where('p.project_id', '=', projectId).orderBy('p.id').execute(),
  plan: (db: Db, id: number): Promise<PlanRow | undefined> => planQuery(db).where('p.id', '=', id).executeTakeFirst(),

  async insertPlan(db: Db, p: { project_id: number; name: string; name_en: string; checkpoints: unknown; schedule: unknown; rrule: string; window_start: string; window_end: string; assignee_id: number }): Promise<number> {
    const r = await db
      .insertInto('inspection_plans')
      .values({ ...p, checkpoints: json(p.checkpoints), schedule: json(p.schedule) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async updatePlan(
    db: Db,
    id: number,
    p: { name: string; name_en: string; checkpoints: unknown; schedule: unknown; rrule: string; window_start: string; window_end: string; assignee_id: number },
    version: number,
  ): Promise<boolean> {
    const r = await db
      .updateTable('inspection_plans')
      // An edited schedule is generated again from today on (tasks already generated stay: unique per occurrence).
      .set({ ...p, checkpoints: json(p.checkpoints), schedule: json(p.schedule), generated_through: null, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  async setPlanStatus(db: Db, id: number, status: 'draft' | 'published' | 'paused', version: number): Promise<boolean> {
    const r = await db
      .updateTable('inspection_plans')
      .set({
        status,
        generated_through: null,
        ...(status === 'published' ? { published_at: new Date() } : {}),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  async planTaskCount(db: Db, id: number): Promise<number> {
    const r = await db.selectFrom('inspection_tasks').select(sql<number>`count(*)::int`.as('n')).where('plan_id', '=', id).executeTakeFirstOrThrow();
    return r.n;
  },

  async deletePlan(db: Db, id: number): Promise<void> {
    await db.deleteFrom('inspection_plans').where('id', '=', id).execute();
  },

  // ---- generation ----
  /** Published plans whose generation has not reached `through` (per plan: its site's date + 1). */
  publishedPlans: (db: Db, ids?: number[]): Promise<PlanRow[]> => {
    let q = planQuery(db).where('p.status', '=', 'published');
    if (ids) q = q.where('p.id', 'in', ids.length ? ids : [0]);
    return q.orderBy('p.id').execute();
  },

  /**
   * Claims a plan's generation up to `through`: advances `generated_through` when it is behind, in the caller's
   * transaction (the row stays locked until it commits, so a concurrent run waits and then finds nothing to do).
   * Answers the previous value (`null`: never generated), or undefined when there is nothing to claim.
   */
  async claimGeneration(db: Db, planId: number, version: number, through: string): Promise<{ from: string | null } | undefined> {
    const r = await sql<{ prev: string | null }>`
      UPDATE inspection_plans p SET generated_through = ${through}::date
      FROM (SELECT id, generated_through FROM inspection_plans WHERE id = ${planId} FOR UPDATE) old
      WHERE p.id = old.id AND p.status = 'published' AND p.version = ${version}
        AND (p.generated_through IS NULL OR p.generated_through < ${through}::date)
      RETURNING old.generated_through::text AS prev`.execute(db);
    const row = r.rows[0];
    return row ? { from: row.prev } : undefined;
  },

  /** Inserts the tasks; an occurrence that already has one is skipped (unique plan + occurrence). Answers the new ids. */
  async insertTasks(db: Db, tasks: NewTask[]): Promise<number[]> {
    if (tasks.length === 0) return [];
    const r = await db
      .insertInto('inspection_tasks')
      .values(tasks)
      .onConflict((oc) => oc.columns(['plan_id', 'occurrence']).doNothing())
      .returning('id')
      .execute();
    return r.map((x) => x.id);
  },

  /** Marks unfinished tasks past their window overdue, once each (the claim); answers what to notify. */
  async claimOverdue(db: Db, now: Date) {
    const r = await sql<{
      id: number;
      project_id: number;
      project_name: string;
      project_name_en: string;
      plan_name: string;
      plan_name_en: string;
      worker: string;
      worker_en: string;
      occurrence: string;
      window_start: string;
      window_end: string;
    }>`
      UPDATE inspection_tasks t SET status = 'overdue', overdue_notified = true
      FROM inspection_plans p, projects pr, users u
      WHERE p.id = t.plan_id AND pr.id = t.project_id AND u.id = t.assignee_id
        AND t.status IN ('pending', 'in_progress') AND NOT t.overdue_notified AND t.window_end <= ${now}
      RETURNING t.id, t.project_id, pr.name AS project_name, pr.name_en AS project_name_en, p.name AS plan_name,
        p.name_en AS plan_name_en, u.name AS worker, u.name_en AS worker_en, t.occurrence::text AS occurrence,
        p.window_start, p.window_end`.execute(db);
    return r.rows;
  },


};

export const inspectionRepository = { ...planRepository, ...inspectionTaskRepository };
