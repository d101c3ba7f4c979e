import { z } from 'zod';
import { dbIdParam, int32Param } from '../ids.js';

/**
 * AI security (docs/gateway-protocol.md "AI events"): detections of an edge AI box (or an NVR's analytics) on a
 * site's cameras, posted by the site gateway on `v1.1/gateway/{sn}/ai_event`, reviewed by people in /AISecurity.
 */
export const AI_EVENT_TYPES = ['intrusion', 'no_helmet', 'no_workwear', 'smoking', 'fire_smoke', 'fall', 'crowd'] as const;
export const aiEventType = z.enum(AI_EVENT_TYPES);
export type AiEventType = z.infer<typeof aiEventType>;

/** zh/en names of the detection types (event messages and pages). */
export const AI_EVENT_TYPE_NAMES: Record<AiEventType, { zh: string; en: string }> = {
  intrusion: { zh: '区域入侵', en: 'Intrusion' },
  no_helmet: { zh: '未戴安全帽', en: 'No helmet' },
  no_workwear: { zh: '未穿工作服', en: 'No work clothes' },
  smoking: { zh: '吸烟', en: 'Smoking' },
  fire_smoke: { zh: '烟火', en: 'Fire or smoke' },
  fall: { zh: '人员倒地', en: 'Person fallen' },
  crowd: { zh: '人员聚集', en: 'Crowding' },
};

/** A detected object: normalised to the picture (0–1 from its top-left corner), as NVRs report regions. */
export const aiBox = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().positive().max(1),
    h: z.number().positive().max(1),
    label: z.string().max(40).optional(),
    score: z.number().min(0).max(1).optional(),
  })
  .refine((b) => b.x + b.w <= 1.0001 && b.y + b.h <= 1.0001, { message: 'box reaches outside the picture' });
export type AiBox = z.infer<typeof aiBox>;

/** What a gateway publishes on `…/ai_event` (QoS 1). */
export const aiEventPayload = z.object({
  /** The box's own id of the detection: a repeat (QoS 1 redelivery) is stored once. */
  id: z.string().min(1).max(64),
  ts: z.number().int().min(946_684_800_000),
  /** The camera's code as configured in /RunSetup/SecMonitorSet (the NVR channel). */
  camera: z.string().min(1).max(64),
  type: aiEventType,
  confidence: z.number().min(0).max(1),
  boxes: z.array(aiBox).max(50).default([]),
  /** The frame the detection was made on, as a data URL (≤ 2 MB). */
  snapshot: z.string().regex(/^data:image\/(jpeg|png|webp|svg\+xml);base64,/).max(2_000_000),
  /** Name of the rule's zone on the box (intrusion), optional. */
  zone: z.string().max(60).optional(),
});
export type AiEventPayload = z.infer<typeof aiEventPayload>;

export const AI_REVIEW_STATUSES = ['pending', 'confirmed', 'false_positive'] as const;
export const aiReviewStatus = z.enum(AI_REVIEW_STATUSES);

export const aiEvent = z.object({
  id: z.number().int(),
  camera_id: z.number().int(),
  camera_name: z.string(),
  type: aiEventType,
  confidence: z.number(),
  boxes: z.array(aiBox),
  snapshot: z.string(),
  zone: z.string(),
  ts: z.string(),
  status: aiReviewStatus,
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  event_id: z.number().int().nullable(),
});
export type AiEvent = z.infer<typeof aiEvent>;

export const aiEventQuery = z.object({
  project_id: dbIdParam,
  status: aiReviewStatus.optional(),
  type: aiEventType.optional(),
  camera_id: dbIdParam.optional(),
  page: int32Param.min(1).max(10_000).default(1),
  size: int32Param.min(1).max(100).default(20),
});
export const aiEventList = z.object({ total: z.number().int(), list: z.array(aiEvent) });

export const aiSummaryQuery = z.object({ project_id: dbIdParam, days: int32Param.min(1).max(90).default(30) });
/** Reviewed detections of one camera and type: how many were false positives. */
export const aiRateRow = z.object({ camera_id: z.number().int(), camera_name: z.string(), type: aiEventType, reviewed: z.number().int(), false_positives: z.number().int(), rate: z.number().nullable() });
export const aiSummary = z.object({
  /** Today (the site's day): detections by type and by camera. */
  today_by_type: z.array(z.object({ type: aiEventType, count: z.number().int() })),
  today_by_camera: z.array(z.object({ camera_id: z.number().int(), camera_name: z.string(), count: z.number().int() })),
  pending: z.number().int(),
  /** False-positive rate per camera and type over the last `days` days (reviewed detections only). */
  rates: z.array(aiRateRow),
  days: z.number().int(),
});
export type AiSummary = z.infer<typeof aiSummary>;

export const aiReviewParams = z.object({ id: dbIdParam });
export const aiReviewRequest = z.object({ verdict: z.enum(['confirmed', 'false_positive']) });
