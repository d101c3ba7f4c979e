import { z } from 'zod';
import { dbId, dbIdParam, int32, int32Param } from '../ids.js';

/**
 * Push settings (docs/push.md): per organisation an SMTP server and IM robot webhooks (WeCom, DingTalk, Feishu);
 * rules (organisation or project scope) saying which event types and levels go to which members' e-mails and
 * which channels, outside quiet hours. Secrets (SMTP password, webhook signing secret) are stored and never
 * returned: the answer says only whether one is set.
 */
export const WEBHOOK_KINDS = ['wecom', 'dingtalk', 'feishu'] as const;
export const webhookKind = z.enum(WEBHOOK_KINDS);
export type WebhookKind = z.infer<typeof webhookKind>;

export const pushOrgQuery = z.object({ org_id: dbIdParam });

export const smtpSettings = z.object({
  org_id: dbId,
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  from_addr: z.string(),
  /** Whether a password is stored; the password itself is never returned. */
  password_set: z.boolean(),
  configured: z.boolean(),
});
export type SmtpSettings = z.infer<typeof smtpSettings>;

export const smtpUpdateRequest = z.object({
  org_id: dbId,
  host: z.string().trim().min(1).max(253),
  port: int32.min(1).max(65535),
  secure: z.boolean(),
  username: z.string().trim().max(254),
  /** Absent: keep the stored password; '' clears it. */
  password: z.string().max(512).optional(),
  from_addr: z.email().max(254),
});

export const pushChannel = z.object({
  id: dbId,
  org_id: dbId,
  kind: webhookKind,
  name: z.string(),
  url: z.string(),
  secret_set: z.boolean(),
  enabled: z.boolean(),
});
export type PushChannel = z.infer<typeof pushChannel>;

const webhookUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const pushChannelCreateRequest = z.object({
  org_id: dbId,
  kind: webhookKind,
  name: z.string().trim().min(1).max(60),
  url: webhookUrl,
  secret: z.string().max(200).optional(),
  enabled: z.boolean().default(true),
});
export const pushChannelUpdateRequest = z.object({
  kind: webhookKind,
  name: z.string().trim().min(1).max(60),
  url: webhookUrl,
  /** Absent: keep the stored secret; '' clears it. */
  secret: z.string().max(200).optional(),
  enabled: z.boolean(),
});
export const pushIdParams = z.object({ id: dbIdParam });

export const pushTestRequest = z.object({
  /** 'smtp' sends a test mail to `to`; a channel id posts a test message to that webhook. */
  target: z.union([z.literal('smtp'), dbId]),
  org_id: dbId,
  to: z.email().max(254).optional(),
});
export const pushTestResult = z.object({ ok: z.boolean(), error: z.string() });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const pushRule = z.object({
  id: dbId,
  org_id: dbId,
  project_id: dbId.nullable(),
  name: z.string(),
  event_types: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  min_level: int32.min(1).max(4),
  user_ids: z.array(dbId),
  channel_ids: z.array(dbId),
  quiet_start: hhmm.nullable(),
  quiet_end: hhmm.nullable(),
  /** Not acknowledged within this many minutes: e-mail the next person of escalate_user_ids (one per period). */
  escalate_minutes: int32.min(1).max(1440).nullable(),
  escalate_user_ids: z.array(dbId),
  enabled: z.boolean(),
});
export type PushRule = z.infer<typeof pushRule>;
export const pushRuleRequest = pushRule.omit({ id: true }).extend({
  name: z.string().trim().min(1).max(60),
  event_types: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).min(1),
});
export type PushRuleRequest = z.infer<typeof pushRuleRequest>;

export const PUSH_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export const pushDelivery = z.object({
  id: dbId,
  org_id: dbId,
  rule_id: dbId.nullable(),
  event_id: dbId.nullable(),
  target: z.string(),
  to_addr: z.string(),
  subject: z.string(),
  status: z.enum(PUSH_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_at: z.string(),
});
export type PushDelivery = z.infer<typeof pushDelivery>;
export const pushDeliveryQuery = z.object({ org_id: dbIdParam, size: int32Param.min(1).max(200).default(50) });

export const pushSettings = z.object({
  smtp: smtpSettings,
  channels: z.array(pushChannel),
  rules: z.array(pushRule),
  members: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string(), email: z.string() })),
  projects: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string() })),
});
export type PushSettingsData = z.infer<typeof pushSettings>;
