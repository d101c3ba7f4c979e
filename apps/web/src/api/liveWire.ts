import { clientTopics, messageEnvelope } from '@gridops/contract';
import { deliverLive, type LiveEnvelope } from './liveBus';

/*
 * The parts of the live client that need the contract's schemas (and so zod). They load with the MQTT library
 * when the live client starts after login, not with the login page.
 */

export { clientTopics };

/** Parses a payload and hands it out; exported for tests. Non-JSON payloads are dropped with a log line. */
export function dispatchPayload(topic: string, payload: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    console.warn('[live] non-JSON payload on', topic);
    return;
  }
  const env = messageEnvelope.safeParse(parsed);
  const m: LiveEnvelope = env.success
    ? { topic, command: env.data.command, data: env.data.data, timestamp: env.data.timestamp }
    : { topic, command: '', data: parsed };
  deliverLive(m);
}
