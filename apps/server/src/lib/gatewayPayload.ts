import type { z } from 'zod';

/** Why a gateway's JSON message was not taken: not JSON, or not the shape its topic carries. */
export type PayloadProblem = { reason: 'garbage' | 'bad_shape'; detail: string };

/**
 * A gateway message (`…/ai_event`, `…/face_event`, `…/robot_round`) parsed against its contract schema, or why
 * not — with the first offending path, for the log line the handler writes (a gateway cannot be told over MQTT).
 */
export function parseGatewayPayload<S extends z.ZodType>(payload: Buffer, schema: S): { ok: true; data: z.output<S> } | ({ ok: false } & PayloadProblem) {
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'garbage', detail: 'not JSON' };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: 'bad_shape', detail: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid' };
}
