import { z } from 'zod';
import { dbId, dbIdParam, int32, int32Param, rowVersion } from '../ids.js';
import { WO_ACTIONS, WO_PRIORITIES, WO_SOURCES, WO_STATES } from '../workorders.js';

/** Defect work orders (docs/operations.md). */

export const woState = z.enum(WO_STATES);
export const woPriority = z.enum(WO_PRIORITIES);
export const woAction = z.enum(WO_ACTIONS);

/** Who does the work: a worker of the project (a user) or an approved expert of the organisation. */
export const woAssignee = z.object({ kind: z.enum(['user', 'expert']), id: dbId });
export type WoAssignee = z.infer<typeof woAssignee>;

/** Where an order comes from; `ref` is the event id, the inspection finding's reference, or empty. */
export const woSourceInput = z.object({ kind: z.enum(WO_SOURCES), ref: z.string().trim().max(100).default('') });
export type WoSourceInput = z.infer<typeof woSourceInput>;

export const workOrderCreateRequest = z.object({
  project_id: dbId,
  source: woSourceInput,
  title: z.string().trim().min(1).max(200),
  title_en: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  priority: woPriority,
  device_id: dbId.nullable().default(null),
  /** Assigned at once when given (created → assigned in one step, both in the timeline). */
  assignee: woAssignee.nullable().default(null),
});
export type WorkOrderCreate = z.infer<typeof workOrderCreateRequest>;

export const woTimelineEntry = z.object({
  action: z.enum([...WO_ACTIONS, 'create', 'breach']),
  from_state: woState.nullable(),
  to_state: woState.nullable(),
  note: z.string(),
  at: z.string(),
  user_name: z.string().nullable(),
  user_name_en: z.string().nullable(),
});
export type WoTimelineEntry = z.infer<typeof woTimelineEntry>;

export const workOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  org_id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  project_name_en: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  source_kind: z.enum(WO_SOURCES),
  source_ref: z.string(),
  event_id: z.number().int().nullable(),
  device_id: z.number().int().nullable(),
  device_name: z.string().nullable(),
  device_name_en: z.string().nullable(),
  title: z.string(),
  title_en: z.string(),
  description: z.string(),
  priority: woPriority,
  state: woState,
  assignee_kind: z.enum(['user', 'expert']).nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  assignee_name_en: z.string().nullable(),
  assignee_phone: z.string().nullable(),
  respond_due: z.string(),
  resolve_due: z.string(),
  accepted_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  cause: z.string(),
  action_taken: z.string(),
  parts: z.string(),
  reject_reason: z.string(),
  photo_ids: z.array(z.number().int()),
  /** The actions the caller may take now (the console shows only these). */
  actions: z.array(woAction),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkOrder = z.infer<typeof workOrder>;

export const workOrderDetail = workOrder.extend({ timeline: z.array(woTimelineEntry) });
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const workOrderListQuery = z.object({
  project_id: dbIdParam.optional(),
  state: z
    .string()
    .transform((s) => s.split(','))
    .pipe(z.array(woState))
    .optional(),
  priority: woPriority.optional(),
  assignee_user_id: dbIdParam.optional(),
  overdue: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /** Open orders only (not closed). */
  open: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(200).default(50),
});
export const workOrderListResponse = z.object({ total: z.number().int(), list: z.array(workOrder) });

export const workOrderIdParams = z.object({ id: dbIdParam });
export const workOrderPhotoParams = z.object({ photoId: dbIdParam });

/** One transition. `version` is the order's version the caller saw (a lost race answers 10008). */
export const workOrderTransitionRequest = z.object({
  action: woAction,
  version: rowVersion,
  /** decline / reject. */
  reason: z.string().trim().max(500).default(''),
  /** assign. */
  assignee: woAssignee.nullable().default(null),
  /** resolve. */
  cause: z.string().trim().max(1000).default(''),
  action_taken: z.string().trim().max(1000).default(''),
  parts: z.string().trim().max(500).default(''),
  /** resolve: photos as base64 PNG/JPEG (resized on the phone), at most 6 of 2 MB. */
  photos: z.array(z.string().max(3_000_000)).max(6).default([]),
});
export type WorkOrderTransition = z.infer<typeof workOrderTransitionRequest>;

export const workOrderPhoto = z.object({ photo_type: z.enum(['image/png', 'image/jpeg']), photo: z.string() });

export const woAssigneeOption = z.object({
  kind: z.enum(['user', 'expert']),
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  phone: z.string(),
});
export const workOrderAssigneesQuery = z.object({ project_id: dbIdParam });
export const workOrderAssigneesResponse = z.array(woAssigneeOption);
export type WoAssigneeOption = z.infer<typeof woAssigneeOption>;

export const slaRow = z.object({
  priority: woPriority,
  respond_minutes: int32.min(1).max(100_000),
  resolve_minutes: int32.min(1).max(100_000),
});
export const slaQuery = z.object({ org_id: dbIdParam.optional() });
export const slaResponse = z.object({ org_id: z.number().int(), rows: z.array(slaRow) });
export const slaUpdateRequest = z.object({ org_id: dbId, rows: z.array(slaRow).length(4) });
