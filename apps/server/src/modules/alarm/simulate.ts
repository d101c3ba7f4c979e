import { initialState, step, tick, type AlarmState, type RuleSpec } from './evaluate.js';

export interface SimSample {
  ts: number;
  value: number;
}

export interface SimEvent {
  raisedAt: number;
  /** null: still active at the end of the window. */
  clearedAt: number | null;
  /** ms the event lasted (to the end of the window when still active). */
  durationMs: number;
  /** The value that raised it. */
  value: number | null;
}

/**
 * Replays stored history (time order) through the live engine's own `step`/`tick` and lists the events the
 * rule would have raised between `from` and `to`. Communication loss is checked at every gap (a tick just past
 * the silence threshold) and at the end of the window. Samples before `from` only warm the state up.
 */
export function simulate(rule: RuleSpec, samples: readonly SimSample[], from: number, to: number): SimEvent[] {
  const events: SimEvent[] = [];
  let state: AlarmState = initialState(from);
  let open: SimEvent | null = null;
  const apply = (r: { state: AlarmState; transition: 'raise' | 'clear' | null }, ts: number, value: number | null) => {
    state = r.state;
    if (r.transition === 'raise' && ts >= from) {
      open = { raisedAt: ts, clearedAt: null, durationMs: 0, value };
      events.push(open);
    } else if (r.transition === 'clear' && open) {
      open.clearedAt = ts;
      open.durationMs = ts - open.raisedAt;
      open = null;
    }
  };
  const silenceMs = rule.kind === 'comm_loss' ? rule.threshold * 1000 : null;
  for (const s of samples) {
    if (s.ts > to) break;
    if (silenceMs !== null && state.lastTs !== null && s.ts - state.lastTs > silenceMs) {
      const at = state.lastTs + silenceMs;
      apply(tick(rule, state, at), at, null);
    }
    apply(step(rule, state, s.ts, s.value), s.ts, s.value);
  }
  if (silenceMs !== null && state.lastTs !== null && state.lastTs + silenceMs <= to) {
    const at = state.lastTs + silenceMs;
    apply(tick(rule, state, at), at, null);
  }
  apply(tick(rule, state, to), to, null);
  const last: SimEvent | null = open;
  if (last !== null) (last as SimEvent).durationMs = to - (last as SimEvent).raisedAt;
  return events;
}
