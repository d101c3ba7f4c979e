import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const json = (v: unknown) => JSON.stringify(v);

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

/** Inspection tasks, their photos and findings, and the results' counts. */
export const inspectionTaskRepository = {
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
