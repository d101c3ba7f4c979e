/**
 * The automation of auxiliary devices, as a pure function (docs/control-config.md, "Automation"): what one rule
 * asks of its device now, given the room point's latest value, the device's running state and the rule's own last
 * action. No I/O here; the job (automation.ts) reads the inputs and claims the transition.
 */

/** Samples older than this are not acted on (a silent sensor must not keep a device switched). */
export const STALE_MS = 5 * 60_000;
/**
 * After the rule sent a command, it does not send the same one again for this long: the device's `run` point
 * follows the command only with the next telemetry, and a rule must not repeat itself meanwhile.
 */
export const SETTLE_MS = 60_000;

export interface RuleInput {
  enabled: boolean;
  above: boolean;
  on_threshold: number;
  off_threshold: number;
  min_on_s: number;
  min_off_s: number;
  window_start: string | null;
  window_end: string | null;
  last_action: 'on' | 'off' | null;
  last_action_at: Date | null;
}

export interface Reading {
  /** The room point's latest value and its time; null when never reported. */
  value: number | null;
  ts: Date | null;
  /** The device's `run` point: null when unknown. */
  running: boolean | null;
  /** Site wall-clock "HH:MM" now (the window is in the site's zone). */
  siteHhmm: string;
}

/** Whether `hhmm` lies in [start, end); a window past midnight (22:00–06:00) wraps; no window = always. */
export function inDailyWindow(hhmm: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null || start === end) return true;
  return start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}

/** The hysteresis is the right way round: for "above", off below on (e.g. on > 80, off < 70). */
export function thresholdsProblem(above: boolean, on: number, off: number): boolean {
  return above ? off >= on : off <= on;
}

/**
 * 'on' / 'off' when the rule switches its device now, null when it leaves it as it is. On: the value passed the
 * on-threshold, the device is not known to run, and the rule's own last "off" is at least min_off_s old. Off: the
 * value passed back the off-threshold, the device is not known to be off, and THIS rule switched it on at least
 * min_on_s ago (a device an operator switched on is left alone). Between the thresholds nothing changes
 * (hysteresis). Outside the daily window, disabled, or without a fresh value: nothing.
 */
export function decide(rule: RuleInput, r: Reading, now: Date): 'on' | 'off' | null {
  if (!rule.enabled || r.value === null || r.ts === null) return null;
  if (now.getTime() - r.ts.getTime() > STALE_MS) return null;
  if (!inDailyWindow(r.siteHhmm, rule.window_start, rule.window_end)) return null;
  const since = rule.last_action_at === null ? Number.POSITIVE_INFINITY : now.getTime() - rule.last_action_at.getTime();
  const wantOn = rule.above ? r.value > rule.on_threshold : r.value < rule.on_threshold;
  const wantOff = rule.above ? r.value < rule.off_threshold : r.value > rule.off_threshold;
  if (wantOn && r.running !== true) {
    if (rule.last_action === 'on' && since < SETTLE_MS) return null;
    if (rule.last_action === 'off' && since < rule.min_off_s * 1000) return null;
    return 'on';
  }
  if (wantOff && r.running !== false && rule.last_action === 'on') {
    if (since < Math.max(rule.min_on_s * 1000, SETTLE_MS)) return null;
    return 'off';
  }
  return null;
}
