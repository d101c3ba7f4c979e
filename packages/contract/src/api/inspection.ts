import { z } from 'zod';
import { dbId, dbIdParam, int32, int32Param, rowVersion } from '../ids.js';

/**
 * Routine inspection (巡检, docs/operations.md "Routine inspection"): templates of check items, plans (an
 * ordered route of checkpoints with a schedule stored as an RFC 5545 RRULE, an assignee and a time window),
 * the tasks generated from them, the worker's submission and the abnormal findings.
 */

/** The label printed on a checkpoint (QR code and text): `GO1:D:<deviceId>` for a device, `GO1:R:<roomId>` for a room. */
export const CHECKPOINT_CODE_PREFIX = 'GO1';
export const CHECKPOINT_KINDS = ['device', 'room'] as const;
export const checkpointKind = z.enum(CHECKPOINT_KINDS);
export type CheckpointKind = z.infer<typeof checkpointKind>;

export const checkpointCode = (kind: CheckpointKind, id: number) => `${CHECKPOINT_CODE_PREFIX}:${kind === 'device' ? 'D' : 'R'}:${id}`;

/** The checkpoint a scanned or typed label names, or null when it is not a GridOps label. Case and spaces are forgiven. */
export function parseCheckpointCode(text: string): { kind: CheckpointKind; id: number } | null {
  const m = /^GO1:([DR]):(\d{1,10})$/.exec(text.trim().toUpperCase().replace(/\s+/g, ''));
  if (!m?.[1] || !m[2]) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return { kind: m[1] === 'D' ? 'device' : 'room', id };
}

export const ITEM_KINDS = ['visual', 'reading', 'photo', 'choice'] as const;
export const itemKind = z.enum(ITEM_KINDS);
export type ItemKind = z.infer<typeof itemKind>;

export const ITEM_CATEGORIES = ['electrical', 'mechanical', 'environment', 'safety', 'other'] as const;
export const itemCategory = z.enum(ITEM_CATEGORIES);
export type ItemCategory = z.infer<typeof itemCategory>;

const name = z.string().trim().min(1).max(60);
const nameEn = z.string().trim().max(80);

export const inspectionItem = z.object({
  /** Stable within the template (readings over time are keyed by it). */
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
  kind: itemKind,
  category: itemCategory,
  name,
  name_en: nameEn,
  /** Readings: unit and normal range (either bound may be open). */
  unit: z.string().max(20).default(''),
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  /** Choice lists: the options; `abnormal` options count as a finding. */
  options: z.array(z.object({ zh: name, en: nameEn, abnormal: z.boolean().default(false) })).max(10).default([]),
});
export type InspectionItem = z.infer<typeof inspectionItem>;

/** Whether a reading is outside its item's normal range (an open bound never trips): the phone and the server both use it. */
export const outOfRange = (value: number, min: number | null, max: number | null) => (min !== null && value < min) || (max !== null && value > max);

/**
 * Whether an answer is abnormal (a finding): a visual item not OK, a reading out of range, an abnormal choice.
 * Abnormal answers need a note, and readings out of range a photo too.
 */
export function isAbnormal(item: InspectionItem, a: { ok: boolean | null; value: number | null; choice: number | null }): boolean {
  if (item.kind === 'visual') return a.ok === false;
  if (item.kind === 'reading') return a.value !== null && outOfRange(a.value, item.min, item.max);
  if (item.kind === 'choice') return a.choice !== null && item.options[a.choice]?.abnormal === true;
  return false;
}

export const inspectionTemplate = z.object({
  id: dbId,
  project_id: dbId,
  name: z.string(),
  name_en: z.string(),
  items: z.array(inspectionItem),
  version: z.number().int(),
});
export type InspectionTemplate = z.infer<typeof inspectionTemplate>;

export const templateWriteRequest = z.object({
  project_id: dbId,
  name,
  name_en: nameEn,
  items: z.array(inspectionItem).min(1).max(40),
});
export const templateUpdateRequest = templateWriteRequest.omit({ project_id: true }).extend({ version: rowVersion });

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const SCHEDULE_KINDS = ['daily', 'weekly', 'monthly', 'once'] as const;
export const inspectionSchedule = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  /** First day (site date); a one-off plan's only day. */
  start_date: date,
  /** Last day (inclusive), or open-ended. */
  until: date.nullable().default(null),
  /** Weekly: ISO weekdays 1 (Monday) … 7 (Sunday). */
  weekdays: z.array(int32.min(1).max(7)).max(7).default([]),
  /** Monthly: day of the month (months without it are skipped, RFC 5545). */
  month_day: int32.min(1).max(31).nullable().default(null),
});
export type InspectionSchedule = z.infer<typeof inspectionSchedule>;

export const planCheckpointInput = z.object({
  kind: checkpointKind,
  ref_id: dbId,
  template_id: dbId,
});
export const planCheckpoint = planCheckpointInput.extend({
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
});

export const PLAN_STATUSES = ['draft', 'published', 'paused'] as const;
export const planStatus = z.enum(PLAN_STATUSES);

export const inspectionPlan = z.object({
  id: dbId,
  project_id: dbId,
  name: z.string(),
  name_en: z.string(),
  checkpoints: z.array(planCheckpoint),
  schedule: inspectionSchedule,
  /** The schedule as an RFC 5545 RRULE (DTSTART and RRULE lines), evaluated in the site's time zone. */
  rrule: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  assignee_id: dbId,
  assignee_name: z.string(),
  assignee_name_en: z.string(),
  status: planStatus,
  version: z.number().int(),
});
export type InspectionPlan = z.infer<typeof inspectionPlan>;

export const planWriteRequest = z.object({
  project_id: dbId,
  name,
  name_en: nameEn,
  checkpoints: z.array(planCheckpointInput).min(1).max(50),
  schedule: inspectionSchedule,
  window_start: clock,
  window_end: clock,
  assignee_id: dbId,
});
export const planUpdateRequest = planWriteRequest.omit({ project_id: true }).extend({ version: rowVersion });
export const planStatusRequest = z.object({ status: planStatus, version: rowVersion });

export const inspectionProjectQuery = z.object({ project_id: dbIdParam });
export const inspectionIdParams = z.object({ id: dbIdParam });

/** What a plan's route may visit: the project's devices and rooms, with their label codes, and its workers. */
export const planOptions = z.object({
  checkpoints: z.array(z.object({ kind: checkpointKind, ref_id: dbId, code: z.string(), name: z.string(), name_en: z.string(), room: z.string().nullable(), room_en: z.string().nullable() })),
  workers: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string() })),
  timezone: z.string(),
});

export const TASK_STATUSES = ['pending', 'in_progress', 'done', 'overdue'] as const;
export const taskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatus>;

export const inspectionTask = z.object({
  id: dbId,
  plan_id: dbId,
  project_id: dbId,
  project_name: z.string(),
  project_name_en: z.string(),
  timezone: z.string(),
  plan_name: z.string(),
  plan_name_en: z.string(),
  /** The occurrence's site date. */
  occurrence: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  assignee_id: dbId,
  assignee_name: z.string(),
  assignee_name_en: z.string(),
  status: taskStatus,
  /** Submitted after its window closed. */
  late: z.boolean(),
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  checkpoint_count: z.number().int(),
  finding_count: z.number().int(),
});
export type InspectionTask = z.infer<typeof inspectionTask>;

export const taskCheckpoint = planCheckpoint.extend({ seq: z.number().int(), items: z.array(inspectionItem) });
export type TaskCheckpoint = z.infer<typeof taskCheckpoint>;

export const itemAnswer = z.object({
  key: z.string().max(40),
  /** Visual items: OK (true) or not OK (false). */
  ok: z.boolean().nullable().default(null),
  value: z.number().finite().nullable().default(null),
  /** Choice items: the option's index. */
  choice: int32.min(0).max(9).nullable().default(null),
  note: z.string().max(500).default(''),
});
export const checkpointResult = z.object({
  seq: int32.min(0).max(49),
  /** The label code scanned or typed at the checkpoint. */
  code: z.string().max(40),
  method: z.enum(['scan', 'typed']),
  checked_in_at: z.iso.datetime({ offset: true }),
  answers: z.array(itemAnswer.extend({ photos: z.array(z.string().max(1_500_000)).max(4).default([]) })).max(40),
});

export const submitRequest = z.object({
  /** Generated on the phone when the form is started: resending the same submission is answered, never applied twice. */
  submission_id: z.uuid(),
  checkpoints: z.array(checkpointResult).max(50),
});

export const finding = z.object({
  id: dbId,
  task_id: dbId,
  project_id: dbId,
  seq: z.number().int(),
  checkpoint_name: z.string(),
  checkpoint_name_en: z.string(),
  item_key: z.string(),
  item_name: z.string(),
  item_name_en: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  note: z.string(),
  photo_ids: z.array(z.number().int()),
  /** 'open', or 'defect_requested' once someone asked for a defect work order from it. */
  defect_status: z.enum(['open', 'defect_requested']),
  created_at: z.string(),
});
export type Finding = z.infer<typeof finding>;

export const storedAnswer = itemAnswer.extend({ photo_ids: z.array(z.number().int()), abnormal: z.boolean() });
export const storedResult = checkpointResult.omit({ answers: true }).extend({ answers: z.array(storedAnswer) });

export const taskDetail = inspectionTask.extend({
  checkpoints: z.array(taskCheckpoint),
  results: z.array(storedResult),
  findings: z.array(finding),
  submission_id: z.string().nullable(),
});
export type TaskDetail = z.infer<typeof taskDetail>;

export const myTasksResponse = z.object({ today: z.string(), list: z.array(inspectionTask) });

export const taskListQuery = z.object({
  project_id: dbIdParam.optional(),
  from: date,
  to: date,
  status: taskStatus.optional(),
  page: int32Param.min(1).max(100000).default(1),
  size: int32Param.min(1).max(500).default(20),
});
export const taskListResponse = z.object({ total: z.number().int(), list: z.array(inspectionTask) });

const rate = z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int(), late: z.number().int(), rate: z.number() });
export const summaryQuery = z.object({ project_id: dbIdParam.optional(), from: date, to: date });
export const inspectionSummary = z.object({
  by_project: z.array(rate.extend({ project_id: dbId, name: z.string(), name_en: z.string() })),
  by_worker: z.array(rate.extend({ user_id: dbId, name: z.string(), name_en: z.string() })),
  findings: z.array(finding),
});

export const readingsQuery = z.object({ plan_id: dbIdParam, seq: int32Param.min(0).max(49), item_key: z.string().max(40) });
export const readingSeries = z.object({
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  points: z.array(z.object({ at: z.string(), value: z.number() })),
});

export const photoParams = z.object({ id: dbIdParam });
export const inspectionPhoto = z.object({ photo_type: z.string(), photo: z.string() });
