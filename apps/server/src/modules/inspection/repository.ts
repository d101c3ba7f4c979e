import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

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

export interface TaskRow {
  id: number;
  plan_id: number;
  project_id: number;
  project_name: string;
  project_name_en: string;
  timezone: string;
  plan_name: string;
  plan_name_en: string;
  occurrence: string;
  window_start: Date;
  window_end: Date;
  assignee_id: number;
  assignee_name: string;
  assignee_name_en: string;
  status: 'pending' | 'in_progress' | 'done' | 'overdue';
  started_at: Date | null;
  submitted_at: Date | null;
  submission_id: string | null;
  checkpoints: unknown;
  results: unknown;
  finding_count: number;
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

export interface NewFinding {
  task_id: number;
  project_id: number;
  seq: number;
  checkpoint_name: string;
  checkpoint_name_en: string;
  item_key: string;
  item_name: string;
  item_name_en: string;
  value: number | null;
  unit: string;
  note: string;
  photo_ids: number[];
}

export interface TaskFilter {
  projectIds: number[];
  from: string;
  to: string;
  status?: string | undefined;
  assigneeId?: number | undefined;
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

function taskQuery(db: Db) {
  return db
    .selectFrom('inspection_tasks as t')
    .innerJoin('inspection_plans as p', 'p.id', 't.plan_id')
    .innerJoin('projects as pr', 'pr.id', 't.project_id')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .select([
      't.id',
      't.plan_id',
      't.project_id',
      'pr.name as project_name',
      'pr.name_en as project_name_en',
      'pr.timezone',
      'p.name as plan_name',
      'p.name_en as plan_name_en',
      sql<string>`t.occurrence::text`.as('occurrence'),
      't.window_start',
      't.window_end',
      't.assignee_id',
      'u.name as assignee_name',
      'u.name_en as assignee_name_en',
      't.status',
      't.started_at',
      't.submitted_at',
      sql<string | null>`t.submission_id::text`.as('submission_id'),
      't.checkpoints',
      't.results',
      sql<number>`(SELECT count(*)::int FROM inspection_findings f WHERE f.task_id = t.id)`.as('finding_count'),
    ]);
}

function filtered(db: Db, f: TaskFilter) {
  let q = taskQuery(db).where('t.project_id', 'in', f.projectIds).where('t.occurrence', '>=', f.from).where('t.occurrence', '<=', f.to);
  if (f.status) q = q.where('t.status', '=', f.status as TaskRow['status']);
  if (f.assigneeId !== undefined) q = q.where('t.assignee_id', '=', f.assigneeId);
  return q;
}

const findingColumns = [
  'f.id',
  'f.task_id',
  'f.project_id',
  'f.seq',
  'f.checkpoint_name',
  'f.checkpoint_name_en',
  'f.item_key',
  'f.item_name',
  'f.item_name_en',
  'f.value',
  'f.unit',
  'f.note',
  'f.photo_ids',
  'f.defect_status',
  'f.created_at',
] as const;

export const inspectionRepository = {
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

  // ---- tasks ----
  task: (db: Db, id: number): Promise<TaskRow | undefined> => taskQuery(db).where('t.id', '=', id).executeTakeFirst(),

  async tasks(db: Db, f: TaskFilter, page: number, size: number): Promise<{ total: number; rows: TaskRow[] }> {
    if (f.projectIds.length === 0) return { total: 0, rows: [] };
    const q = filtered(db, f);
    const total = await db.selectFrom(q.as('x')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('t.occurrence', 'desc').orderBy('t.window_start', 'desc').orderBy('t.id', 'desc').limit(size).offset((page - 1) * size).execute();
    return { total: total.n, rows };
  },

  /** A worker's tasks of the site dates given per project (today) plus every unfinished overdue one. */
  myTasks: (db: Db, userId: number, projectIds: number[], todayOf: Map<number, string>): Promise<TaskRow[]> => {
    if (projectIds.length === 0) return Promise.resolve([]);
    return taskQuery(db)
      .where('t.assignee_id', '=', userId)
      .where('t.project_id', 'in', projectIds)
      .where((eb) =>
        eb.or([
          eb('t.status', 'in', ['overdue', 'in_progress']),
          ...[...todayOf].map(([pid, day]) => eb.and([eb('t.project_id', '=', pid), eb('t.occurrence', '=', day)])),
        ]),
      )
      .orderBy('t.window_start')
      .orderBy('t.id')
      .execute();
  },

  async startTask(db: Db, id: number): Promise<void> {
    await db.updateTable('inspection_tasks').set({ status: sql`CASE WHEN status = 'pending' THEN 'in_progress' ELSE status END`, started_at: sql`coalesce(started_at, now())` }).where('id', '=', id).where('status', '!=', 'done').execute();
  },

  /** Records the submission unless the task already has one (in the caller's transaction; the row lock orders two submits). */
  async submitTask(db: Db, id: number, submissionId: string): Promise<boolean> {
    const r = await db
      .updateTable('inspection_tasks')
      .set({ status: 'done', submission_id: submissionId, submitted_at: new Date(), started_at: sql`coalesce(started_at, now())` })
      .where('id', '=', id)
      .where('submission_id', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  async setResults(db: Db, id: number, results: unknown): Promise<void> {
    await db.updateTable('inspection_tasks').set({ results: json(results) }).where('id', '=', id).execute();
  },

  async insertPhoto(db: Db, taskId: number, photo: Buffer, type: string): Promise<number> {
    const r = await db.insertInto('inspection_photos').values({ task_id: taskId, photo, photo_type: type }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async insertFindings(db: Db, rows: NewFinding[]): Promise<void> {
    if (rows.length) await db.insertInto('inspection_findings').values(rows).execute();
  },

  photo: (db: Db, id: number) =>
    db
      .selectFrom('inspection_photos as ph')
      .innerJoin('inspection_tasks as t', 't.id', 'ph.task_id')
      .select(['ph.photo', 'ph.photo_type', 't.project_id', 't.assignee_id'])
      .where('ph.id', '=', id)
      .executeTakeFirst(),

  // ---- findings ----
  findingsOfTask: (db: Db, taskId: number) => db.selectFrom('inspection_findings as f').select([...findingColumns]).where('f.task_id', '=', taskId).orderBy('f.seq').orderBy('f.id').execute(),

  findings: (db: Db, projectIds: number[], from: Date, to: Date) =>
    projectIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('inspection_findings as f')
          .select([...findingColumns])
          .where('f.project_id', 'in', projectIds)
          .where('f.created_at', '>=', from)
          .where('f.created_at', '<', to)
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(500)
          .execute(),

  finding: (db: Db, id: number) => db.selectFrom('inspection_findings as f').select([...findingColumns]).where('f.id', '=', id).executeTakeFirst(),

  async requestDefect(db: Db, id: number, userId: number): Promise<void> {
    await db
      .updateTable('inspection_findings')
      .set({ defect_status: 'defect_requested', defect_requested_by: userId, defect_requested_at: new Date() })
      .where('id', '=', id)
      .where('defect_status', '=', 'open')
      .execute();
  },

  // ---- results ----
  /** Counts per project and per assignee over site dates, of the tasks due (window closed) or done. */
  async counts(db: Db, projectIds: number[], from: string, to: string, assigneeId?: number) {
    if (projectIds.length === 0) return [];
    let q = db
      .selectFrom('inspection_tasks as t')
      .innerJoin('projects as pr', 'pr.id', 't.project_id')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select([
        't.project_id',
        'pr.name as project_name',
        'pr.name_en as project_name_en',
        't.assignee_id',
        'u.name as user_name',
        'u.name_en as user_name_en',
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) FILTER (WHERE t.status = 'done'))::int`.as('done'),
        sql<number>`(count(*) FILTER (WHERE t.status = 'overdue'))::int`.as('overdue'),
        sql<number>`(count(*) FILTER (WHERE t.status = 'done' AND t.submitted_at > t.window_end))::int`.as('late'),
      ])
      .where('t.project_id', 'in', projectIds)
      .where('t.occurrence', '>=', from)
      .where('t.occurrence', '<=', to)
      .where((eb) => eb.or([eb('t.status', '=', 'done'), eb('t.window_end', '<=', new Date())]))
      .groupBy(['t.project_id', 'pr.name', 'pr.name_en', 't.assignee_id', 'u.name', 'u.name_en']);
    if (assigneeId !== undefined) q = q.where('t.assignee_id', '=', assigneeId);
    return q.execute();
  },

  /** A plan's done tasks with their results, oldest first (for a reading's series). */
  doneTasksOfPlan: (db: Db, planId: number) =>
    db
      .selectFrom('inspection_tasks')
      .select(['submitted_at', 'results', 'checkpoints'])
      .where('plan_id', '=', planId)
      .where('status', '=', 'done')
      .orderBy('submitted_at')
      .limit(1000)
      .execute(),
};
