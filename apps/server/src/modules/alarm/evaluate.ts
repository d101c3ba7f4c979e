/**
 * The alarm state machine of one rule on one point. Pure: the engine loads the state, feeds samples in time
 * order and stores what comes out, so a restart resumes exactly where it stopped.
 *
 *   normal ──condition──▶ raising ──held for on-delay──▶ active (raise)
 *   active ──clear condition (past the deadband)──▶ clearing ──held for off-delay──▶ normal (clear)
 *
 * The deadband is hysteresis: a high alarm at 80 with deadband 2 raises above 80 and clears only at or below
 * 78, so a value wandering around 80 raises one event, not many.
 */
export type RuleKind = 'high' | 'low' | 'rate' | 'digital';
export type Phase = 'normal' | 'raising' | 'active' | 'clearing';

export interface RuleSpec {
  kind: RuleKind;
  threshold: number;
  deadband: number;
  onDelayMs: number;
  offDelayMs: number;
}

export interface AlarmState {
  phase: Phase;
  since: number;
  lastValue: number | null;
  lastTs: number | null;
}

export type Transition = 'raise' | 'clear' | null;

export const initialState = (ts: number): AlarmState => ({ phase: 'normal', since: ts, lastValue: null, lastTs: null });

interface Conditions {
  raise: boolean;
  clear: boolean;
}

function conditions(rule: RuleSpec, state: AlarmState, ts: number, value: number): Conditions | null {
  switch (rule.kind) {
    case 'high':
      return { raise: value > rule.threshold, clear: value <= rule.threshold - rule.deadband };
    case 'low':
      return { raise: value < rule.threshold, clear: value >= rule.threshold + rule.deadband };
    case 'digital': {
      const on = Math.round(value) === Math.round(rule.threshold);
      return { raise: on, clear: !on };
    }
    case 'rate': {
      // Change per minute against the previous sample; the first sample only sets the reference.
      if (state.lastValue === null || state.lastTs === null || ts <= state.lastTs) return null;
      const perMinute = Math.abs(value - state.lastValue) / ((ts - state.lastTs) / 60_000);
      return { raise: perMinute > rule.threshold, clear: perMinute <= rule.threshold - rule.deadband };
    }
  }
}

/**
 * Feeds one sample. Samples at or before the last one evaluated are ignored: late data is stored and rolled
 * up, but cannot rewrite alarm history that operators have already seen.
 */
export function step(rule: RuleSpec, state: AlarmState, ts: number, value: number): { state: AlarmState; transition: Transition } {
  if (state.lastTs !== null && ts <= state.lastTs) return { state, transition: null };
  const c = conditions(rule, state, ts, value);
  const next: AlarmState = { ...state, lastValue: value, lastTs: ts };
  if (!c) return { state: next, transition: null };
  switch (state.phase) {
    case 'normal':
      if (!c.raise) return { state: next, transition: null };
      if (rule.onDelayMs <= 0) return { state: { ...next, phase: 'active', since: ts }, transition: 'raise' };
      return { state: { ...next, phase: 'raising', since: ts }, transition: null };
    case 'raising':
      if (!c.raise) return { state: { ...next, phase: 'normal', since: ts }, transition: null };
      if (ts - state.since >= rule.onDelayMs) return { state: { ...next, phase: 'active', since: ts }, transition: 'raise' };
      return { state: next, transition: null };
    case 'active':
      if (!c.clear) return { state: next, transition: null };
      if (rule.offDelayMs <= 0) return { state: { ...next, phase: 'normal', since: ts }, transition: 'clear' };
      return { state: { ...next, phase: 'clearing', since: ts }, transition: null };
    case 'clearing':
      if (!c.clear) return { state: { ...next, phase: 'active', since: ts }, transition: null };
      if (ts - state.since >= rule.offDelayMs) return { state: { ...next, phase: 'normal', since: ts }, transition: 'clear' };
      return { state: next, transition: null };
  }
}
