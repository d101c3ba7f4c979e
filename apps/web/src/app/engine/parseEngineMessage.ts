import { engineMessage, type EngineMessage } from '@gridops/contract';

/**
 * Accepts only `{key:'ueMessage', type}` objects; anything else on the window channel is not ours. Its own module
 * because the schema brings zod, which the login page does not load: the listener imports it on the first
 * message that looks like the engine's.
 */
export function parseEngineMessage(data: unknown): EngineMessage | null {
  const r = engineMessage.safeParse(data);
  return r.success ? r.data : null;
}
