import { describe, expect, it } from 'vitest';
import { initialState, step, type RuleSpec, type Transition } from './evaluate.js';

function run(rule: RuleSpec, values: number[], intervalMs = 5000) {
  let state = initialState(0);
  const transitions: Transition[] = [];
  values.forEach((v, i) => {
    const r = step(rule, state, (i + 1) * intervalMs, v);
    state = r.state;
    transitions.push(r.transition);
  });
  return { state, transitions, raised: transitions.filter((t) => t === 'raise').length, cleared: transitions.filter((t) => t === 'clear').length };
}

const high: RuleSpec = { kind: 'high', threshold: 80, deadband: 2, onDelayMs: 0, offDelayMs: 0 };

describe('alarm state machine', () => {
  it('raises once when a value crosses a high limit and clears past the deadband', () => {
    const r = run(high, [70, 81, 85, 79, 78.5, 77.9, 70]);
    expect(r.transitions).toEqual([null, 'raise', null, null, null, 'clear', null]);
  });

  it('raises one event, not many, for a value chattering around the limit', () => {
    const chatter = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 80.4 : 79.6));
    const r = run(high, chatter);
    expect(r.raised).toBe(1);
    expect(r.cleared).toBe(0);
    expect(r.state.phase).toBe('active');
  });

  it('waits for the on-delay before raising and forgets a short excursion', () => {
    const rule: RuleSpec = { ...high, onDelayMs: 15_000 };
    expect(run(rule, [81, 82, 70, 81, 82]).raised).toBe(0);
    const held = run(rule, [81, 82, 83, 84, 85]);
    expect(held.transitions).toEqual([null, null, null, 'raise', null]);
  });

  it('waits for the off-delay before clearing and returns to active when the value comes back', () => {
    const rule: RuleSpec = { ...high, offDelayMs: 10_000 };
    const r = run(rule, [85, 70, 70, 90, 70, 70, 70]);
    expect(r.transitions).toEqual(['raise', null, null, null, null, null, 'clear']);
  });

  it('handles low limits with the deadband above the limit', () => {
    const rule: RuleSpec = { kind: 'low', threshold: 10, deadband: 1, onDelayMs: 0, offDelayMs: 0 };
    expect(run(rule, [12, 9, 10.5, 11, 12]).transitions).toEqual([null, 'raise', null, 'clear', null]);
  });

  it('raises a digital alarm on the alarm state (breaker open = 0) and clears on the other', () => {
    const trip: RuleSpec = { kind: 'digital', threshold: 0, deadband: 0, onDelayMs: 0, offDelayMs: 0 };
    expect(run(trip, [1, 1, 0, 0, 1]).transitions).toEqual([null, null, 'raise', null, 'clear']);
  });

  it('raises a rate-of-change alarm per minute against the previous sample', () => {
    const rate: RuleSpec = { kind: 'rate', threshold: 12, deadband: 0, onDelayMs: 0, offDelayMs: 0 };
    // 5 s apart: +0.5 per sample is 6 /min (fine); +2 per sample is 24 /min (alarm).
    expect(run(rate, [20, 20.5, 21, 23, 25, 25.5]).transitions).toEqual([null, null, null, 'raise', null, 'clear']);
  });

  it('ignores samples older than the last evaluated one', () => {
    let s = step(high, initialState(0), 10_000, 85).state;
    expect(s.phase).toBe('active');
    const late = step(high, s, 5_000, 10);
    expect(late.transition).toBeNull();
    expect(late.state).toBe(s);
    s = step(high, s, 15_000, 10).state;
    expect(s.phase).toBe('normal');
  });
});
