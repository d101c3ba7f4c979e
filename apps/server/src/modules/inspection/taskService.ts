import {
  ErrorCode,
  isAbnormal,
  outOfRange,
  parseCheckpointCode,
  storedResult,
  taskCheckpoint,
  UserType,
  type Finding,
  type InspectionTask,
  type TaskDetail,
  type TaskStatus,
  type TaskCheckpoint,
} from '@gridops/contract';
import { DEFAULT_SITE_ZONE, siteDate, siteDayEnd, siteDayStart } from '@gridops/format';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { invalid } from './planService.js';
import { inspectionRepository as repo, type NewFinding, type TaskRow } from './repository.js';

/** At most 1 MB per photo once decoded: the phone resizes before it uploads (docs/operations.md). */
export const PHOTO_MAX_BYTES = 1024 * 1024;

export interface SubmitInput {
  submission_id: string;
  checkpoints: {
    seq: number;
    code: string;
    method: 'scan' | 'typed';
    checked_in_at: string;
    answers: { key: string; ok: boolean | null; value: number | null; choice: number | null; note: string; photos: string[] }[];
  }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toTask(r: TaskRow): InspectionTask {
  const checkpoints = Array.isArray(r.checkpoints) ? r.checkpoints.length : 0;
  return {
    id: r.id,
    plan_id: r.plan_id,
    project_id: r.project_id,
    project_name: r.project_name,
    project_name_en: r.project_name_en,
    timezone: r.timezone,
    plan_name: r.plan_name,
    plan_name_en: r.plan_name_en,
    occurrence: r.occurrence,
    window_start: r.window_start.toISOString(),
    window_end: r.window_end.toISOString(),
    assignee_id: r.assignee_id,
    assignee_name: r.assignee_name,
    assignee_name_en: r.assignee_name_en,
    status: r.status,
    late: r.submitted_at !== null && r.submitted_at.getTime() > r.window_end.getTime(),
    started_at: iso(r.started_at),
    submitted_at: iso(r.submitted_at),
    checkpoint_count: checkpoints,
    finding_count: r.finding_count,
  };
}

type FindingRow = Awaited<ReturnType<typeof repo.findingsOfTask>>[number];
const toFinding = (f: FindingRow): Finding => ({ ...f, created_at: f.created_at.toISOString() });

/**
 * Inspection tasks: the worker's list, start and submission (idempotent on the phone's submission id), and the
 * results pages. Workers see and act on their own tasks only; site and centre users read the tasks of their scope.
 */
/** Who turns an abnormal finding into a defect work order (the work-order service, wired in services.ts). */
export interface DefectReporter {
  report(user: AuthUser, finding: Finding): Promise<unknown>;
}

export function createInspectionTaskService(db: Db, access: AccessService, defects?: DefectReporter) {
  async function visibleTask(user: AuthUser, id: number): Promise<TaskRow> {
    const t = await repo.task(db, id);
    if (!t) throw forbidden();
    await access.assertProject(user, t.project_id);
    if (user.userType === UserType.Worker && t.assignee_id !== user.id) throw forbidden();
    return t;
  }

  async function detail(t: TaskRow): Promise<TaskDetail> {
    return {
      ...toTask(t),
      checkpoints: z.array(taskCheckpoint).parse(t.checkpoints),
      results: t.results ? z.array(storedResult).parse(t.results) : [],
      findings: (await repo.findingsOfTask(db, t.id)).map(toFinding),
      submission_id: t.submission_id,
    };
  }

  async function projectsOf(user: AuthUser, projectId: number | undefined): Promise<number[]> {
    if (projectId !== undefined) return [...(await access.assertProject(user, projectId)).projectIds.filter((p) => p === projectId)];
    return (await access.scope(user)).projectIds;
  }

  /** Every answer checked against its item, naming the field; answers the stored results without photos yet. */
  function check(route: TaskCheckpoint[], input: SubmitInput) {
    return route.map((cp) => {
      const i = input.checkpoints.findIndex((c) => c.seq === cp.seq);
      const f = (n: string) => `checkpoints.${i < 0 ? cp.seq : i}.${n}`;
      const r = input.checkpoints[i];
      if (!r) throw invalid(f('code'), `巡检点「${cp.name}」尚未签到`, `Checkpoint "${cp.name_en || cp.name}" has no check-in`);
      const scanned = parseCheckpointCode(r.code);
      if (!scanned || scanned.kind !== cp.kind || scanned.id !== cp.ref_id) throw invalid(f('code'), `标签不是巡检点「${cp.name}」的`, `The label is not the one of checkpoint "${cp.name_en || cp.name}"`);
      const answers = cp.items.map((item) => {
        const j = r.answers.findIndex((a) => a.key === item.key);
        const a = r.answers[j];
        const g = (n: string) => f(`answers.${j < 0 ? 0 : j}.${n}`);
        const missing = () => invalid(g(item.kind === 'visual' ? 'ok' : item.kind === 'reading' ? 'value' : item.kind === 'choice' ? 'choice' : 'photos'), `请填写「${item.name}」`, `Fill in "${item.name_en || item.name}"`);
        if (!a) throw missing();
        if (item.kind === 'visual' && a.ok === null) throw missing();
        if (item.kind === 'reading' && a.value === null) throw missing();
        if (item.kind === 'choice' && (a.choice === null || a.choice >= item.options.length)) throw missing();
        if (item.kind === 'photo' && a.photos.length === 0) throw missing();
        const abnormal = isAbnormal(item, a);
        if (abnormal && !a.note.trim()) throw invalid(g('note'), `「${item.name}」异常，请填写说明`, `"${item.name_en || item.name}" is abnormal: add a note`);
        if (item.kind === 'reading' && a.value !== null && outOfRange(a.value, item.min, item.max) && a.photos.length === 0) {
          throw invalid(g('photos'), `「${item.name}」超出正常范围，请拍照`, `"${item.name_en || item.name}" is out of range: add a photo`);
        }
        const photos = a.photos.map((p, k) => ({ field: g(`photos.${k}`), raw: Buffer.from(p, 'base64') }));
        return { item, answer: { key: item.key, ok: a.ok, value: a.value, choice: a.choice, note: a.note.trim() }, abnormal, photos };
      });
      return { cp, result: { seq: cp.seq, code: r.code.trim().toUpperCase(), method: r.method, checked_in_at: r.checked_in_at }, answers };
    });
  }

  /** The checked answers with every photo decoded and re-encoded (lib/imageGuard), in order, naming the field. */
  async function guardPhotos(checked: ReturnType<typeof check>) {
    const out = [];
    for (const c of checked) {
      const answers = [];
      for (const a of c.answers) {
        const photos = [];
        for (const p of a.photos) photos.push(await guardImage(p.raw, { field: p.field, label: { zh: '照片', en: 'photo' }, maxBytes: PHOTO_MAX_BYTES }));
        answers.push({ ...a, photos });
      }
      out.push({ ...c, answers });
    }
    return out;
  }

  return {
    /** The worker's tasks of today (each site's date) and every overdue or started one. */
    async myTasks(user: AuthUser) {
      const s = await access.scope(user);
      const zones = await Promise.all(s.projectIds.map(async (id) => [id, (await repo.project(db, id))?.timezone ?? DEFAULT_SITE_ZONE] as const));
      const todayOf = new Map(zones.map(([id, zone]) => [id, siteDate(zone)]));
      const rows = await repo.myTasks(db, user.id, s.projectIds, todayOf);
      return { today: siteDate(zones[0]?.[1] ?? DEFAULT_SITE_ZONE), list: rows.map(toTask) };
    },

    async tasks(user: AuthUser, q: { project_id?: number | undefined; from: string; to: string; status?: TaskStatus | undefined; page: number; size: number }) {
      if (q.to < q.from) throw invalid('to', '结束日期不能早于开始日期', 'The end date cannot be before the start date');
      const projectIds = await projectsOf(user, q.project_id);
      const { total, rows } = await repo.tasks(
        db,
        { projectIds, from: q.from, to: q.to, status: q.status, assigneeId: user.userType === UserType.Worker ? user.id : undefined },
        q.page,
        q.size,
      );
      return { total, list: rows.map(toTask) };
    },

    async task(user: AuthUser, id: number): Promise<TaskDetail> {
      return detail(await visibleTask(user, id));
    },

    async start(user: AuthUser, id: number): Promise<TaskDetail> {
      const t = await visibleTask(user, id);
      if (t.assignee_id !== user.id) throw forbidden();
      await repo.startTask(db, id);
      return detail((await repo.task(db, id))!);
    },

    async submit(user: AuthUser, id: number, input: SubmitInput): Promise<TaskDetail> {
      const t = await visibleTask(user, id);
      if (t.assignee_id !== user.id) throw forbidden();
      const already = () => new AppError(ErrorCode.Conflict, { zh: '该巡检任务已提交', en: 'This inspection task has already been submitted' }, 'submission_id');
      if (t.submission_id !== null) {
        if (t.submission_id === input.submission_id) return detail(t);
        throw already();
      }
      const checked = await guardPhotos(check(z.array(taskCheckpoint).parse(t.checkpoints), input));
      const applied = await db.transaction().execute(async (trx) => {
        if (!(await repo.submitTask(trx, id, input.submission_id))) return false;
        const results = [];
        const findings: NewFinding[] = [];
        for (const c of checked) {
          const answers = [];
          for (const a of c.answers) {
            const photoIds: number[] = [];
            for (const p of a.photos) photoIds.push(await repo.insertPhoto(trx, id, p.bytes, p.mime));
            answers.push({ ...a.answer, photo_ids: photoIds, abnormal: a.abnormal });
            if (a.abnormal) {
              findings.push({
                task_id: id,
                project_id: t.project_id,
                seq: c.cp.seq,
                checkpoint_name: c.cp.name,
                checkpoint_name_en: c.cp.name_en,
                item_key: a.item.key,
                item_name: a.item.name,
                item_name_en: a.item.name_en,
                value: a.answer.value,
                unit: a.item.unit,
                note: a.answer.note,
                photo_ids: photoIds,
              });
            }
          }
          results.push({ ...c.result, answers });
        }
        await repo.setResults(trx, id, results);
        await repo.insertFindings(trx, findings);
        return true;
      });
      const now = (await repo.task(db, id))!;
      // Lost the race to a concurrent submit: the same submission is answered, another one refused.
      if (!applied && now.submission_id !== input.submission_id) throw already();
      return detail(now);
    },

    async photo(user: AuthUser, id: number) {
      const p = await repo.photo(db, id);
      if (!p) throw forbidden();
      await access.assertProject(user, p.project_id);
      if (user.userType === UserType.Worker && p.assignee_id !== user.id) throw forbidden();
      return { photo_type: p.photo_type, photo: p.photo.toString('base64') };
    },

    /**
     * "Create defect" from a finding. The defect work-order route lives in another module: until it is wired, the
     * finding is marked 'defect_requested' (docs/operations.md).
     */
    async requestDefect(user: AuthUser, id: number): Promise<Finding> {
      const f = await repo.finding(db, id);
      if (!f) throw forbidden();
      await visibleTask(user, f.task_id);
      // Once per finding: a second tap (or a second phone) does not open a second work order.
      if (toFinding(f).defect_status === 'open') {
        await defects?.report(user, toFinding(f));
        await repo.requestDefect(db, id, user.id);
      }
      return toFinding((await repo.finding(db, id))!);
    },

    async summary(user: AuthUser, q: { project_id?: number | undefined; from: string; to: string }) {
      if (q.to < q.from) throw invalid('to', '结束日期不能早于开始日期', 'The end date cannot be before the start date');
      const projectIds = await projectsOf(user, q.project_id);
      const rows = await repo.counts(db, projectIds, q.from, q.to, user.userType === UserType.Worker ? user.id : undefined);
      const add = <K>(m: Map<K, { total: number; done: number; overdue: number; late: number }>, k: K, r: (typeof rows)[number], base: object) => {
        const cur = m.get(k) ?? { ...base, total: 0, done: 0, overdue: 0, late: 0 };
        cur.total += r.total;
        cur.done += r.done;
        cur.overdue += r.overdue;
        cur.late += r.late;
        m.set(k, cur);
      };
      const byProject = new Map<number, { total: number; done: number; overdue: number; late: number }>();
      const byWorker = new Map<number, { total: number; done: number; overdue: number; late: number }>();
      for (const r of rows) {
        add(byProject, r.project_id, r, { project_id: r.project_id, name: r.project_name, name_en: r.project_name_en });
        add(byWorker, r.assignee_id, r, { user_id: r.assignee_id, name: r.user_name, name_en: r.user_name_en });
      }
      const rate = <T extends { total: number; done: number }>(x: T) => ({ ...x, rate: x.total ? Math.round((x.done / x.total) * 10000) / 100 : 0 });
      const zone = projectIds.length ? ((await repo.project(db, projectIds[0]!))?.timezone ?? DEFAULT_SITE_ZONE) : DEFAULT_SITE_ZONE;
      const findings = await repo.findings(db, projectIds, siteDayStart(q.from, zone), siteDayEnd(q.to, zone));
      return {
        by_project: [...byProject.values()].map(rate) as never,
        by_worker: [...byWorker.values()].map(rate) as never,
        findings: findings.map(toFinding),
      };
    },

    async readings(user: AuthUser, q: { plan_id: number; seq: number; item_key: string }) {
      const plan = await repo.plan(db, q.plan_id);
      if (!plan) throw forbidden();
      await access.assertProject(user, plan.project_id);
      const rows = await repo.doneTasksOfPlan(db, q.plan_id);
      let unit = '';
      let min: number | null = null;
      let max: number | null = null;
      const points: { at: string; value: number }[] = [];
      for (const r of rows) {
        const cp = z.array(taskCheckpoint).parse(r.checkpoints).find((c) => c.seq === q.seq);
        const item = cp?.items.find((i) => i.key === q.item_key);
        const answer = r.results ? z.array(storedResult).parse(r.results).find((x) => x.seq === q.seq)?.answers.find((a) => a.key === q.item_key) : undefined;
        if (!item || !answer || answer.value === null || !r.submitted_at) continue;
        ({ unit, min, max } = item);
        points.push({ at: r.submitted_at.toISOString(), value: answer.value });
      }
      return { unit, min, max, points };
    },
  };
}

export type InspectionTaskService = ReturnType<typeof createInspectionTaskService>;
