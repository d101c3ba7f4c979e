import { TOPIC_VERSION, gatewayAuxClientId, gatewayClientId } from '@gridops/contract';

/** Who is on the other end of an MQTT connection. */
export type MqttIdentity =
  | { kind: 'user'; userId: number; orgId: number; username: string; sessionId: number }
  /** aux: an auxiliary publish-only session (username `{sn}/pub`); absent or false: the gateway's main session. */
  | { kind: 'gateway'; gatewayId: number; sn: string; projectId: number; aux?: boolean }
  | { kind: 'service' };

const isPlainTopic = (topic: string) => !topic.includes('+') && !topic.includes('#') && !topic.startsWith('$');

/**
 * Topic rules, identical for the embedded broker and for external brokers (Mosquitto ACL file, EMQX HTTP ACL):
 * - a console user subscribes only under v1.1/client/{own org}/{own id}/ and publishes only its own
 *   v1.1/client/{org}/{id}/request topic;
 * - a gateway publishes only telemetry, status, capture, AI events and command results under its own prefix, and
 *   its main session subscribes only to its own command topic; an auxiliary session (username `{sn}/pub`)
 *   publishes the same and subscribes to nothing, so commands reach exactly the one main session;
 * - the server's service identity may do anything.
 */
export function canPublish(id: MqttIdentity, topic: string): boolean {
  if (id.kind === 'service') return true;
  if (!isPlainTopic(topic)) return false;
  if (id.kind === 'user') return topic === `${TOPIC_VERSION}/client/${id.orgId}/${id.userId}/request`;
  const prefix = `${TOPIC_VERSION}/gateway/${id.sn}/`;
  if (!topic.startsWith(prefix)) return false;
  return ['telemetry', 'status', 'capture', 'ai_event', 'face_event', 'robot_round', 'command/result'].includes(topic.slice(prefix.length));
}

export function canSubscribe(id: MqttIdentity, topic: string): boolean {
  if (id.kind === 'service') return true;
  if (id.kind === 'user') {
    const prefix = `${TOPIC_VERSION}/client/${id.orgId}/${id.userId}/`;
    if (!topic.startsWith(prefix)) return false;
    const rest = topic.slice(prefix.length);
    // '#' below the own prefix is fine; a '+' or '#' anywhere above it was ruled out by the prefix match.
    return rest === '#' || isPlainTopic(rest);
  }
  if (id.aux) return false;
  return topic === `${TOPIC_VERSION}/gateway/${id.sn}/command`;
}

/** Client ids of the server's own connections (plugins/bus.ts, runtime.ts, tools and tests using its credentials). */
export const SERVICE_CLIENT_ID_PREFIX = 'gridops-server-';
/** A gateway's main client id, its persistent session (apps/simulator gatewayClient.ts); aux ids: packages/contract mqtt.ts. */
export { gatewayClientId };
/** Prefix of a console user's client ids; a random part follows (apps/web/src/api/live.ts). */
export const userClientIdPrefix = (userId: number) => `gridops_web_${userId}_`;

/**
 * An MQTT client id belongs to one identity, so nobody can take over another's (persistent) session: the
 * broker hands a stored session, its subscriptions and queued messages to whoever connects with its client id.
 * - a gateway's main session uses exactly `gw-{sn}` (not a prefix: `gw-GW-A-01` must stay out of reach of gateway
 *   `GW-A`); its auxiliary sessions `gw-{sn}/pub` followed by anything (a serial number holds no `/`, so that
 *   prefix is no other gateway's);
 * - a console user uses `gridops_web_{userId}_{random}`; the `_` after the id keeps user 1 out of user 12's ids;
 * - the server's service identity uses `gridops-server-{anything}`.
 */
export function clientIdAllowed(id: MqttIdentity, clientId: string): boolean {
  if (id.kind === 'gateway') return id.aux ? clientId.startsWith(gatewayAuxClientId(id.sn)) : clientId === gatewayClientId(id.sn);
  const prefix = id.kind === 'user' ? userClientIdPrefix(id.userId) : SERVICE_CLIENT_ID_PREFIX;
  return clientId.length > prefix.length && clientId.startsWith(prefix);
}
