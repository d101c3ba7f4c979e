import { z } from 'zod';
import { dbIdParam } from '../ids.js';

/**
 * The gateway kit (/RunSetup/DevMonitorSet, and for an installer's script): everything a field gateway or a
 * reference MQTT client needs to connect, except the secret — that is shown once, when issued, and never again.
 * Command lines carry `KIT_PASSWORD_VAR` where the secret goes (the one-time dialog fills it in).
 */
export const KIT_PASSWORD_VAR = 'GRIDOPS_GW_PASSWORD';
export const KIT_PASSWORD_PLACEHOLDER = `"$${KIT_PASSWORD_VAR}"`;

export const gatewayKitQuery = z.object({ gateway_id: dbIdParam });

const endpoint = z.object({ host: z.string(), port: z.number().int(), url: z.string() });
export type GatewayKitEndpoint = z.infer<typeof endpoint>;

export const GATEWAY_KIT_TOPICS = ['telemetry', 'status', 'command', 'command_result', 'capture', 'ai_event', 'face_event', 'robot_round'] as const;
export type GatewayKitTopicName = (typeof GATEWAY_KIT_TOPICS)[number];

export const gatewayKitTopic = z.object({
  name: z.enum(GATEWAY_KIT_TOPICS),
  topic: z.string(),
  /** As seen from the gateway: it publishes, or (the command topic, main session only) subscribes. */
  direction: z.enum(['publish', 'subscribe']),
  qos: z.union([z.literal(0), z.literal(1)]),
  /** A sample payload (JSON text), schemas in docs/gateway-protocol.md and packages/contract. */
  sample: z.string(),
});
export type GatewayKitTopic = z.infer<typeof gatewayKitTopic>;

export const gatewayKit = z.object({
  gateway_id: z.number().int(),
  project_id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  name_en: z.string(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  has_credentials: z.boolean(),
  /** Silent longer than this: communication fault (docs/gateway-protocol.md "Status"). */
  heartbeat_s: z.number().int(),
  broker: z.object({
    /** The broker gateways reach: MQTT_PUBLIC_HOST, else the external broker's host, else the console's host. */
    host: z.string(),
    /** true: an external broker (MQTT_URL); its public ports come from MQTT_PUBLIC_*_PORT. */
    external: z.boolean(),
    tcp: endpoint,
    tls: endpoint.nullable(),
    ws: endpoint.nullable(),
    wss: endpoint.nullable(),
  }),
  /** The one session that receives commands: persistent (clean session off), one client id. */
  main_session: z.object({ username: z.string(), client_id: z.string(), clean_session: z.literal(false), keepalive_s: z.number().int() }),
  /** Publish-only sessions beside it (an installer's mosquitto_pub): subscribe to nothing. */
  aux_session: z.object({ username: z.string(), client_id: z.string(), clean_session: z.literal(true) }),
  topics: z.array(gatewayKitTopic),
  /** Copy-paste command lines (Debian's mosquitto-clients); the secret is KIT_PASSWORD_PLACEHOLDER. */
  mosquitto_sub: z.string(),
  mosquitto_pub: z.array(z.object({ name: z.enum(GATEWAY_KIT_TOPICS), line: z.string() })),
});
export type GatewayKit = z.infer<typeof gatewayKit>;
