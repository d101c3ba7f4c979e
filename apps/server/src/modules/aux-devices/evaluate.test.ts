import { describe, expect, it } from 'vitest';
import { decide, inDailyWindow, SETTLE_MS, thresholdsProblem, type Reading, type RuleInput } from './evaluate.js';

const now = new Date('2026-07-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
/** Humidity > 80 → dehumidifier on; < 70 → off; 5 min minimum on and off. */
const rule: RuleInput = { enabled: true, above: true, on_threshold: 80, off_threshold: 70, min_on_s: 300, min_off_s: 300, window_start: null, window_end: null, last_action: null, last_action_at: null };
const reading = (value: number, running: boolean | null, extra: Partial<Reading> = {}): Reading => ({ value, ts: ago(10_000), running, siteHhmm: '20:00', ...extra });

describe('automation evaluator', () => {
  it('switches on above the on-threshold, off below the off-threshold, nothing in between (hysteresis)', () => {
    expect(decide(rule, reading(82, false), now)).toBe('on');
    expect(decide(rule, reading(80, false), now)).toBeNull();
    const on = { ...rule, last_action: 'on' as const, last_action_at: ago(600_000) };
    expect(decide(on, reading(75, true), now)).toBeNull();
    expect(decide(on, reading(69.9, true), now)).toBe('off');
    expect(decide(on, reading(82, true), now)).toBeNull();
  });

  it('a "below" rule works the other way round', () => {
    const heat = { ...rule, above: false, on_threshold: 5, off_threshold: 8 };
    expect(decide(heat, reading(4, false), now)).toBe('on');
    expect(decide({ ...heat, last_action: 'on', last_action_at: ago(600_000) }, reading(9, true), now)).toBe('off');
    expect(thresholdsProblem(false, 5, 8)).toBe(false);
    expect(thresholdsProblem(true, 80, 85)).toBe(true);
  });

  it('holds the minimum on and off times', () => {
    const justOn = { ...rule, last_action: 'on' as const, last_action_at: ago(120_000) };
    expect(decide(justOn, reading(60, true), now)).toBeNull();
    expect(decide({ ...justOn, last_action_at: ago(300_000) }, reading(60, true), now)).toBe('off');
    const justOff = { ...rule, last_action: 'off' as const, last_action_at: ago(120_000) };
    expect(decide(justOff, reading(90, false), now)).toBeNull();
    expect(decide({ ...justOff, last_action_at: ago(300_000) }, reading(90, false), now)).toBe('on');
  });

  it('does not repeat a command while the device has not reported it yet', () => {
    const sent = { ...rule, last_action: 'on' as const, last_action_at: ago(SETTLE_MS - 1000) };
    expect(decide(sent, reading(90, false), now)).toBeNull();
    expect(decide({ ...sent, last_action_at: ago(SETTLE_MS + 1000) }, reading(90, false), now)).toBe('on');
    // Already running: nothing to do.
    expect(decide(rule, reading(90, true), now)).toBeNull();
  });

  it('leaves a device an operator switched on alone', () => {
    expect(decide(rule, reading(60, true), now)).toBeNull();
    expect(decide({ ...rule, last_action: 'off', last_action_at: ago(3_600_000) }, reading(60, true), now)).toBeNull();
  });

  it('acts only when enabled, inside its window (site time) and on a fresh value', () => {
    expect(decide({ ...rule, enabled: false }, reading(90, false), now)).toBeNull();
    expect(decide(rule, reading(90, false, { ts: ago(6 * 60_000) }), now)).toBeNull();
    const night = { ...rule, window_start: '22:00', window_end: '06:00' };
    expect(decide(night, reading(90, false, { siteHhmm: '20:00' }), now)).toBeNull();
    expect(decide(night, reading(90, false, { siteHhmm: '23:30' }), now)).toBe('on');
    expect(inDailyWindow('05:59', '22:00', '06:00')).toBe(true);
    expect(inDailyWindow('06:00', '22:00', '06:00')).toBe(false);
    expect(inDailyWindow('12:00', '08:00', '18:00')).toBe(true);
  });
});
