import type { EngineMessage } from '@gridops/contract';
import type { parseEngineMessage } from './parseEngineMessage';
import { patchSession, type SessionState } from '../../session/store';

export const ROBOT_MONITOR_PATH = '/ElectricalRoom/RobMonitor';

const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Engine paths may be given relative to the distribution room ("DevMonitor") or absolute. */
export function energyPath(value: unknown): string | null {
  const v = str(value);
  if (!v) return null;
  return v.startsWith('/') ? v : `/ElectricalRoom/${v}`;
}

/** Spec §4 "Engine messages" as a pure reducer: the store fields one message changes. Every one marks isUE. */
export function reduceEngineMessage(msg: EngineMessage): Partial<SessionState> {
  const marked: Partial<SessionState> = { isUE: true };
  switch (msg.type) {
    case 'ratio':
      return { ...marked, ratio: str(msg.value) === '219' ? '21:9' : '16:9' };
    case 'devMonitor':
      return { ...marked, devID: str(msg.devid) ?? str(msg.value) };
    case 'securityvideo':
      return { ...marked, videoPopup: true, latestEngineMessage: msg };
    case 'auxctrl':
      return { ...marked, roomID: str(msg.roomid) ?? str(msg.value) };
    case 'robvdo':
      // RobMonitor reads the message: its value/devid may name the robot whose camera to show.
      return { ...marked, energyRoomPath: ROBOT_MONITOR_PATH, latestEngineMessage: msg };
    case 'visitscene':
      return { ...marked, hasScene: truthy(msg.value) };
    case 'energy':
      return { ...marked, energyRoomPath: energyPath(msg.value) };
    default:
      return { ...marked, latestEngineMessage: msg };
  }
}

/** Cheap first look: only objects keyed `ueMessage` go on to the schema (loaded on demand). */
const looksLikeEngine = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { key?: unknown }).key === 'ueMessage';

/** Installs the window-message listener for the engine host; returns its remover. */
export function installEngineListener(): () => void {
  let parser: Promise<{ parseEngineMessage: typeof parseEngineMessage }> | null = null;
  // One chain, so messages still apply in the order they arrived while the parser loads.
  let applied: Promise<void> = Promise.resolve();
  const onMessage = (e: MessageEvent) => {
    const data: unknown = e.data;
    if (!looksLikeEngine(data)) return;
    parser ??= import('./parseEngineMessage');
    const loading = parser;
    applied = applied
      .then(async () => {
        const msg = (await loading).parseEngineMessage(data);
        if (msg) patchSession(reduceEngineMessage(msg));
      })
      .catch((err: unknown) => console.warn('[engine] message not applied', err));
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
