import { z } from 'zod';
import { eventMessageKey } from './eventMessages.js';

/** Protocol version prefix of every topic (spec §7). */
export const TOPIC_VERSION = 'v1.1';

/** Topics the console subscribes to at QoS 2 (spec §7 "Live channel"). */
export const clientTopics = (orgId: number, userId: number) => ({
  message: `${TOPIC_VERSION}/client/${orgId}/${userId}/message`,
  reply: `${TOPIC_VERSION}/client/${orgId}/${userId}/reply`,
  prefix: `${TOPIC_VERSION}/client/${orgId}/${userId}/`,
});

/** Topics of a site gateway (docs/gateway-protocol.md). */
export const gatewayTopics = (gatewaySn: string) => ({
  telemetry: `${TOPIC_VERSION}/gateway/${gatewaySn}/telemetry`,
  status: `${TOPIC_VERSION}/gateway/${gatewaySn}/status`,
  command: `${TOPIC_VERSION}/gateway/${gatewaySn}/command`,
  commandResult: `${TOPIC_VERSION}/gateway/${gatewaySn}/command/result`,
  capture: `${TOPIC_VERSION}/gateway/${gatewaySn}/capture`,
  /** Edge AI detections (docs/gateway-protocol.md "AI events"; payload: aiEventPayload). */
  aiEvent: `${TOPIC_VERSION}/gateway/${gatewaySn}/ai_event`,
  /** Face terminal recognitions (docs/gateway-protocol.md "Face recognition records"; payload: faceEventPayload). */
  faceEvent: `${TOPIC_VERSION}/gateway/${gatewaySn}/face_event`,
  /** An inspection robot's finished round (docs/gateway-protocol.md "Robot rounds"; payload: robotRoundPayload). */
  robotRound: `${TOPIC_VERSION}/gateway/${gatewaySn}/robot_round`,
  prefix: `${TOPIC_VERSION}/gateway/${gatewaySn}/`,
});

/**
 * A gateway's MQTT sessions (docs/gateway-protocol.md "Sessions"). The **main** session (username = serial
 * number, client id exactly `gw-{sn}`, clean session off) is the only one that may subscribe to the command
 * topic, so a command reaches exactly one session. **Auxiliary** publish-only sessions (username `{sn}/pub`,
 * same secret, client id `gw-{sn}/pub` optionally followed by anything) may publish what the main session may
 * publish and subscribe to nothing: an installer's `mosquitto_pub` never takes over the `mosquitto_sub`
 * watching commands. A serial number holds no `/`, so neither name can be another gateway's.
 */
export const GATEWAY_AUX_SUFFIX = '/pub';
export const gatewayClientId = (sn: string) => `gw-${sn}`;
export const gatewayAuxUsername = (sn: string) => `${sn}${GATEWAY_AUX_SUFFIX}`;
export const gatewayAuxClientId = (sn: string, suffix = '') => `gw-${sn}${GATEWAY_AUX_SUFFIX}${suffix}`;
/** An MQTT username as a gateway's: its serial number and whether it names an auxiliary session. */
export function parseGatewayUsername(username: string): { sn: string; aux: boolean } {
  return username.endsWith(GATEWAY_AUX_SUFFIX) ? { sn: username.slice(0, -GATEWAY_AUX_SUFFIX.length), aux: true } : { sn: username, aux: false };
}

export const GATEWAY_TOPIC_PATTERN = /^v1\.1\/gateway\/([^/]+)\/(telemetry|status|capture|ai_event|face_event|robot_round|command\/result)$/;

/** Spec §3 "Message envelope": command, data, timestamp. */
export const messageEnvelope = z.object({
  command: z.string(),
  data: z.unknown(),
  timestamp: z.number().optional(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelope>;

/** Live channel: a gateway's online state changed (server → consoles of its project). */
export const GATEWAY_STATUS_COMMAND = 'gateway_status';
export const gatewayStatusLive = z.object({ project_id: z.number().int(), gateway_id: z.number().int(), sn: z.string(), online: z.boolean() });
export type GatewayStatusLive = z.infer<typeof gatewayStatusLive>;

/** Spec §3 "Live event message data". */
export const liveEventData = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  msg: z.string(),
  title: z.string(),
  audio: z.string().optional(),
  event_id: z.number().int().optional(),
  project_id: z.number().int().optional(),
  msg_en: z.string().optional(),
  title_en: z.string().optional(),
  /** The message key and parameters (eventMessages.ts): the console renders msg and the spoken text in its language. */
  message_key: eventMessageKey.optional(),
  message_params: z.record(z.string(), z.unknown()).optional(),
});
export type LiveEventData = z.infer<typeof liveEventData>;

/** Spec §3 "Capture message data". */
export const captureData = z.object({
  img: z.string(),
  msg: z.string(),
  title: z.string(),
  type: z.number(),
  /** English text and site name (absent from older servers: the console then shows the Chinese). */
  msg_en: z.string().optional(),
  title_en: z.string().optional(),
});
export type CaptureData = z.infer<typeof captureData>;

/** Telemetry a gateway publishes (QoS 1). `ts` in ms since the epoch. */
export const telemetryPayload = z.object({
  ts: z.number(),
  devices: z.array(z.object({ sn: z.string(), values: z.record(z.string(), z.unknown()) })),
});
export type TelemetryPayload = z.infer<typeof telemetryPayload>;

/**
 * Why ingest refused telemetry (all or part of a message), as counted per gateway in `ingest_rejects` and
 * described in docs/gateway-protocol.md. A closed list, so counts can become metrics.
 */
export const INGEST_REJECT_CAUSES = [
  /** Not JSON. */
  'garbage',
  /** JSON, but not the telemetry (or status) shape. */
  'bad_shape',
  /** `ts` not a number, or before 2000-01-01. */
  'bad_timestamp',
  /** `ts` further ahead of the server's clock than the allowed skew (INGEST_MAX_FUTURE_SKEW_SECONDS). */
  'future_timestamp',
  'unknown_device',
  'unknown_point',
  /** Not a finite number or boolean. */
  'wrong_type',
  /** Outside the physically sane range of the point's type (pointValueRange). */
  'out_of_range',
  /** The database refused the message's data on its own (after its batch failed); acknowledged, not stored. */
  'store_failed',
] as const;
export type IngestRejectCause = (typeof INGEST_REJECT_CAUSES)[number];

export const gatewayStatusPayload = z.object({
  ts: z.number(),
  online: z.boolean(),
  uptime_s: z.number().optional(),
  buffered: z.number().optional(),
});
export type GatewayStatusPayload = z.infer<typeof gatewayStatusPayload>;
