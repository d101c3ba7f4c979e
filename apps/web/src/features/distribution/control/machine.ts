import type { ControlAction, EquipmentSchedule } from '@gridops/contract';

/**
 * Select-before-operate on the operator's side, as a pure reducer (the server enforces the same steps):
 * idle → selecting (POST select) → selected (confirm dialog: target, action, password, 30 s) → executing
 * (POST execute, ≤ 10 s wait for the gateway) → done (succeeded / refused / timed_out / failed).
 * Any step can fail with the server's message; cancelling or letting the selection expire returns to idle.
 */
export type ControlResult = 'succeeded' | 'refused' | 'timed_out' | 'failed';

export interface Target {
  deviceId: number;
  name: string;
  action: ControlAction;
  /** For a set-point: the value to send, and how the dialog names it ("Temperature set-point to 24 °C"). */
  value?: number;
  /** For a building unit's schedule: its new operating hours. */
  schedule?: EquipmentSchedule;
  detail?: string;
}

export type ControlState =
  | { step: 'idle' }
  | { step: 'selecting'; target: Target }
  | { step: 'selected'; target: Target; selectionId: string; expiresAt: number; error: string | null }
  | { step: 'executing'; target: Target; selectionId: string; expiresAt: number }
  | { step: 'done'; target: Target; result: ControlResult; error: string | null; elapsedMs: number }
  | { step: 'failed'; target: Target; stage: 'select' | 'execute'; message: string };

export type ControlEvent =
  | { type: 'select'; target: Target }
  | { type: 'selected'; selectionId: string; expiresAt: number }
  | { type: 'selectFailed'; message: string }
  | { type: 'execute' }
  | { type: 'executed'; result: ControlResult; error: string | null; elapsedMs: number }
  /** `retry`: the selection is still open (e.g. an empty password caught before sending). */
  | { type: 'executeFailed'; message: string; retry?: boolean }
  | { type: 'expired' }
  | { type: 'cancel' }
  | { type: 'close' };

export const initialControl: ControlState = { step: 'idle' };

export function controlReducer(state: ControlState, ev: ControlEvent): ControlState {
  switch (ev.type) {
    case 'select':
      // One operation at a time: a new choice while one is under way is ignored.
      return state.step === 'idle' || state.step === 'done' || state.step === 'failed' ? { step: 'selecting', target: ev.target } : state;
    case 'selected':
      return state.step === 'selecting'
        ? { step: 'selected', target: state.target, selectionId: ev.selectionId, expiresAt: ev.expiresAt, error: null }
        : state;
    case 'selectFailed':
      return state.step === 'selecting' ? { step: 'failed', target: state.target, stage: 'select', message: ev.message } : state;
    case 'execute':
      return state.step === 'selected'
        ? { step: 'executing', target: state.target, selectionId: state.selectionId, expiresAt: state.expiresAt }
        : state;
    case 'executed':
      return state.step === 'executing' ? { step: 'done', target: state.target, result: ev.result, error: ev.error, elapsedMs: ev.elapsedMs } : state;
    case 'executeFailed':
      if (state.step !== 'executing' && state.step !== 'selected') return state;
      // A wrong password or an expired selection ends the selection on the server: start over.
      return ev.retry
        ? { step: 'selected', target: state.target, selectionId: state.selectionId, expiresAt: state.expiresAt, error: ev.message }
        : { step: 'failed', target: state.target, stage: 'execute', message: ev.message };
    case 'expired':
      // Only an unconfirmed selection expires; an execute in flight is answered by the server.
      return state.step === 'selected' ? { step: 'failed', target: state.target, stage: 'select', message: '' } : state;
    case 'cancel':
      return state.step === 'selected' || state.step === 'selecting' ? initialControl : state;
    case 'close':
      return state.step === 'executing' || state.step === 'selecting' ? state : initialControl;
  }
}

/** The selection id to cancel on the server when the dialog is dismissed, if one is open. */
export const openSelection = (s: ControlState): string | null => (s.step === 'selected' ? s.selectionId : null);

/** Seconds left of a selection at `now` (ms), never negative. */
export const secondsLeft = (expiresAt: number, now: number) => Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** The actions a breaker offers now: the one that changes its state; both when the state is unknown. */
export function availableActions(closed: boolean | null, actions: readonly ControlAction[]): ControlAction[] {
  if (closed === null) return [...actions];
  return actions.filter((a) => (closed ? a === 'open' : a === 'close'));
}
