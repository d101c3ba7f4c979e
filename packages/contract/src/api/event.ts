import { z } from 'zod';
import { bigId, dbIdList, dbIdParam, int32Param } from '../ids.js';
import { eventMessageKey } from '../eventMessages.js';

/**
 * An event's message key and parameters (see eventMessages.ts; render with `eventText`). Both null for events
 * stored before the catalogue: their `message` is the stored text in the request's language. The server always
 * answers both; they are optional so that answers of older servers (and fixtures) still parse.
 */
export const eventMessageFields = {
  message_key: eventMessageKey.nullable().optional(),
  message_params: z.record(z.string(), z.unknown()).nullable().optional(),
};

export const EVENT_STATUSES = ['pending', 'acknowledged', 'handled', 'closed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const csvInts = dbIdList;

export const eventListRequest = z.object({
  project_id: dbIdParam.optional(),
  device_id: dbIdParam.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Comma-separated: 1 message, 2 alarm, 3 fault. */
  type: csvInts.optional(),
  /** Comma-separated levels 1..4. */
  level: csvInts.optional(),
  /** Comma-separated statuses. */
  status: z
    .string()
    .transform((s) => s.split(','))
    .pipe(z.array(z.enum(EVENT_STATUSES)))
    .optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  keyword: z.string().max(64).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(500).default(20),
});

export const eventItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  device_id: z.number().int().nullable(),
  device_name: z.string(),
  point_id: z.number().int().nullable(),
  event_type: z.number().int(),
  level: z.number().int(),
  status: z.enum(EVENT_STATUSES),
  active: z.boolean(),
  /** The text in the request's language (rendered from the key when there is one). */
  message: z.string(),
  ...eventMessageFields,
  value: z.number().nullable(),
  limit_value: z.number().nullable(),
  /** The rule kind that raised it (null for events not raised by a rule). A digital event has no limit. */
  rule_kind: z.enum(['high', 'low', 'rate', 'digital']).nullable(),
  /** The point's unit, for value and limit. */
  unit: z.string(),
  /** Point key (e.g. "breaker"), naming the states of a digital change. */
  point_key: z.string().nullable(),
  /** Digital events: the state before the change; `value` is the state after it. */
  state_from: z.number().nullable(),
  /** Phases grouped into this event ("A", "B", "C"); empty when the rule is not per phase. */
  phases: z.array(z.string()),
  raised_at: z.string(),
  cleared_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  handle_note: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type EventItem = z.infer<typeof eventItem>;

export const eventListResponse = z.object({ total: z.number().int(), list: z.array(eventItem) });

export const eventIdsRequest = z.object({ ids: z.array(bigId).min(1).max(500), note: z.string().max(500).optional() });
export const eventHandleRequest = z.object({ id: bigId, note: z.string().trim().min(1).max(500) });
export const eventActionResponse = z.object({ updated: z.number().int() });

export const eventLogEntry = z.object({
  action: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  user_name: z.string().nullable(),
  /** The user's English (pinyin) name; null or '' when none. */
  user_name_en: z.string().nullable(),
});
export const eventLogResponse = z.array(eventLogEntry);
