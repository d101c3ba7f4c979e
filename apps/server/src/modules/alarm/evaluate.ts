/**
 * The alarm state machine of one rule on one point. Pure: the engine loads the state, feeds samples in time
 * order and stores what comes out, so a restart resumes exactly where it stopped. The rule preview
 * (simulate.ts) replays stored history through the same `step`/`tick`, so what it predicts is what the live
 * engine would have raised.
 *
 *   normal ──condition──▶ raising ──held for on-delay──▶ active (raise)
 *   active ──clear condition (past the deadband)──▶ clearing ──held for off-delay──▶ normal (clear)
 *
 * The deadband is hysteresis: a high alarm at 80 with deadband 2 raises above 80 and clears only at or below
 * 78, so a value wandering around 80 raises one event, not many. High-high/low-low are the same tests as
 * high/low (a second, more severe limit on the same point is a second rule with a higher level).
 *
 * Shelving (ISA-18.2): until `shelvedUntil` the rule raises nothing and an active alarm returns to normal;
 * after the expiry the next sample raises again if the condition still holds.
 *
 * Communication loss: the point sent nothing for `threshold` seconds. A sample clears it; `tick` (the engine's
 * sweep, or the preview at gaps in history) raises it.
 */
export const RULE_KINDS = ['high', 'high_high', 'low', 'low_low', 'rate', 'digital', 'comm_loss'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export type Phase = 'normal' | 'raising' | 'active' | 'clearing';

export interface RuleSpec {
  kind: RuleKind;
  threshold: number;
  deadband: number;
  onDelayMs: number;
  offDelayMs: number;
  /** Epoch ms until which the rule is shelved; null/absent: not shelved. */
  shelvedUntil?: number | null;
}

export interface AlarmState {
  phase: Phase;
  since: number;
  lastValue: number | null;
  lastTs: number | null;
}

export type Transition = 'raise' | 'clear' | null;

export const initialState = (ts: number): AlarmState => ({ phase: 'normal', since: ts, lastValue: null, lastTs: null });

/** The message family of a kind: high-high reads like high, low-low like low, comm loss like a state change. */
export const baseKind = (kind: RuleKind): 'high' | 'low' | 'rate' | 'digital' =>
  kind === 'high_high' ? 'high' : kind === 'low_low' ? 'low' : kind === 'comm_loss' ? 'digital' : kind;

export const isShelved = (rule: RuleSpec, ts: number) => rule.shelvedUntil !== undefined && rule.shelvedUntil !== null && ts < rule.shelvedUntil;

interface Conditions {
  raise: boolean;
  clear: boolean;
}

/** The raise/clear tests of a value on its own (no previous sample needed): null for rate and comm loss. */
function levelConditions(rule: RuleSpec, value: number): Conditions | null {
  switch (rule.kind) {
    case 'high':
    case 'high_high':
      return { raise: value > rule.threshold, clear: value <= rule.threshold - rule.deadband };
    case 'low':
    case 'low_low':
      return { raise: value < rule.threshold, clear: value >= rule.threshold + rule.deadband };
    case 'digital': {
      const on = Math.round(value) === Math.round(rule.threshold);
      return { raise: on, clear: !on };
    }
    default:
      return null;
  }
}

function conditions(rule: RuleSpec, state: AlarmState, ts: number, value: number): Conditions | null {
  if (isShelved(rule, ts)) return { raise: false, clear: true };
  switch (rule.kind) {
    case 'comm_loss':
      // A sample is the point talking: never a raise, always a clear.
      return { raise: false, clear: true };
    case 'rate': {
      // Change per minute against the previous sample; the first sample only sets the reference.
      if (state.lastValue === null || state.lastTs === null || ts <= state.lastTs) return null;
      const perMinute = Math.abs(value - state.lastValue) / ((ts - state.lastTs) / 60_000);
      return { raise: perMinute > rule.threshold, clear: perMinute <= rule.threshold - rule.deadband };
    }
    default:
      return levelConditions(rule, value);
  }
}

function advance(rule: RuleSpec, state: AlarmState, next: AlarmState, ts: number, c: Conditions): { state: AlarmState; transition: Transition } {
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

/**
 * Feeds one sample. Samples at or before the last one evaluated are ignored: late data is stored and rolled
 * up, but cannot rewrite alarm history that operators have already seen.
 */
export function step(rule: RuleSpec, state: AlarmState, ts: number, value: number): { state: AlarmState; transition: Transition } {
  if (state.lastTs !== null && ts <= state.lastTs) return { state, transition: null };
  const c = conditions(rule, state, ts, value);
  const next: AlarmState = { ...state, lastValue: value, lastTs: ts };
  if (!c) return { state: next, transition: null };
  return advance(rule, state, next, ts, c);
}

/**
 * The passing of time without a sample (`now`): raises a communication loss once the point has been silent for
 * `threshold` seconds (its on-delay is the threshold itself). Other kinds only change on samples, except that a
 * shelved rule's active alarm returns to normal. Does not move `lastTs`.
 */
export function tick(rule: RuleSpec, state: AlarmState, now: number): { state: AlarmState; transition: Transition } {
  if (state.lastTs !== null && now < state.lastTs) return { state, transition: null };
  if (isShelved(rule, now)) {
    if (state.phase === 'active' || state.phase === 'clearing') return { state: { ...state, phase: 'normal', since: now }, transition: 'clear' };
    return { state: state.phase === 'raising' ? { ...state, phase: 'normal', since: now } : state, transition: null };
  }
  if (rule.kind !== 'comm_loss' || state.lastTs === null) return { state, transition: null };
  const silent = now - state.lastTs >= rule.threshold * 1000;
  if (silent && (state.phase === 'normal' || state.phase === 'raising')) return { state: { ...state, phase: 'active', since: now }, transition: 'raise' };
  return { state, transition: null };
}

/**
 * A rule was edited (limit, deadband, shelving, enabled) while its point is in alarm: decides at once, on the
 * last value evaluated, whether the alarm still holds under the new rule. An active alarm the new rule would
 * clear (or a disabled/shelved rule) returns to normal now, without waiting for the off-delay or the next
 * sample; one that still holds stays. A point not in alarm is left for its next sample.
 */
export function reevaluate(rule: RuleSpec, enabled: boolean, state: AlarmState, now: number): { state: AlarmState; transition: Transition } {
  if (state.phase !== 'active' && state.phase !== 'clearing') {
    // A pending on-delay restarts under the new rule.
    return { state: state.phase === 'raising' ? { ...state, phase: 'normal', since: now } : state, transition: null };
  }
  const off = { state: { ...state, phase: 'normal' as const, since: now }, transition: 'clear' as const };
  if (!enabled || isShelved(rule, now)) return off;
  if (rule.kind === 'comm_loss') return state.lastTs !== null && now - state.lastTs < rule.threshold * 1000 ? off : { state, transition: null };
  if (state.lastValue === null) return { state, transition: null };
  const c = levelConditions(rule, state.lastValue);
  // Rate alarms need two samples: the next one decides.
  if (!c) return { state, transition: null };
  return c.raise || !c.clear ? { state: { ...state, phase: 'active' }, transition: null } : off;
}

/** A digital event's state before the change: the previous sample when it differed, else the state that does not alarm. */
export function digitalFrom(alarmState: number, before: number | null, after: number): number {
  if (before !== null && Math.round(before) !== Math.round(after)) return before;
  return Math.round(alarmState) === 0 ? 1 : 0;
}
