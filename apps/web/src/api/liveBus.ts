import { pushLiveMessage } from '../session/store';

/*
 * Where parsed live messages go: the store's message list and the listeners. Its own module so that the wire
 * (liveWire.ts, loaded with MQTT) and the client (live.ts, loaded at start) share it without importing each other.
 */

/** One parsed live message, as every listener receives it. */
export interface LiveEnvelope {
  topic: string;
  command: string;
  data: unknown;
  timestamp?: number;
}
type Listener = (m: LiveEnvelope) => void;

const listeners = new Set<Listener>();

/** Commands handled by the shell (pop-ups); everything else also goes to the store's message list. */
const SHELL_COMMANDS = new Set(['event', 'capture']);

/** Hands a parsed message out: to the store's message list (unless the shell handles it) and to listeners. */
export function deliverLive(m: LiveEnvelope) {
  if (!SHELL_COMMANDS.has(m.command)) {
    pushLiveMessage({ topic: m.topic, command: m.command, msg: m.data, time: m.timestamp ?? Date.now() });
  }
  listeners.forEach((fn) => fn(m));
}

export function onLive(fn: Listener) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
