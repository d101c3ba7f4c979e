import { describe, expect, it } from 'vitest';
import { initialState, reevaluate, step, tick, type AlarmState, type RuleSpec } from './evaluate.js';
import { simulate } from './simulate.js';

const high: RuleSpec = { kind: 'high', threshold: 80, deadband: 2, onDelayMs: 0, offDelayMs: 0 };
const feed = (rule: RuleSpec, values: [number, number][]) => {
  let s: AlarmState = initialState(0);
  return values.map(([ts, v]) => {
    const r = step(rule, s, ts, v);
    s = r.state;
    return r.transition;
  });
};

describe('alarm evaluator: configuration kinds', () => {
  it('high-high and low-low test like high and low with their own deadband', () => {
    expect(feed({ ...high, kind: 'high_high', threshold: 95 }, [[1, 90], [2, 96], [3, 94], [4, 92.9]])).toEqual([null, 'raise', null, 'clear']);
    expect(feed({ kind: 'low_low', threshold: 5, deadband: 1, onDelayMs: 0, offDelayMs: 0 }, [[1, 6], [2, 4], [3, 5.5], [4, 6]])).toEqual([null, 'raise', null, 'clear']);
  });

  it('a shelved rule raises nothing until the expiry, then the next sample raises again', () => {
    const shelved: RuleSpec = { ...high, shelvedUntil: 10_000 };
    expect(feed(shelved, [[1000, 90], [5000, 95], [11_000, 95]])).toEqual([null, null, 'raise']);
  });

  it('shelving an active alarm returns it to normal at the next sample or tick', () => {
    let s = step(high, initialState(0), 1000, 90).state;
    expect(s.phase).toBe('active');
    const r = tick({ ...high, shelvedUntil: 60_000 }, s, 2000);
    expect(r.transition).toBe('clear');
    s = r.state;
    expect(s.phase).toBe('normal');
  });

  it('communication loss raises on a tick after the threshold of silence and clears on the next sample', () => {
    const comm: RuleSpec = { kind: 'comm_loss', threshold: 60, deadband: 0, onDelayMs: 0, offDelayMs: 0 };
    let s = step(comm, initialState(0), 1000, 5).state;
    expect(tick(comm, s, 30_000).transition).toBeNull();
    const r = tick(comm, s, 61_000);
    expect(r.transition).toBe('raise');
    s = r.state;
    expect(tick(comm, s, 90_000).transition).toBeNull();
    expect(step(comm, s, 95_000, 5).transition).toBe('clear');
  });

  it('rate of change honours the on-delay', () => {
    const rate: RuleSpec = { kind: 'rate', threshold: 10, deadband: 0, onDelayMs: 10_000, offDelayMs: 0 };
    // +5 every 5 s = 60/min: raising at 10 s, active once held for 10 s.
    expect(feed(rate, [[5000, 0], [10_000, 5], [15_000, 10], [20_000, 15]])).toEqual([null, null, null, 'raise']);
  });

  it('re-evaluation on edit clears an alarm the new limit no longer holds, keeps one it does', () => {
    const s = step(high, initialState(0), 1000, 85).state;
    expect(reevaluate({ ...high, threshold: 90 }, true, s, 2000)).toMatchObject({ transition: 'clear', state: { phase: 'normal' } });
    expect(reevaluate({ ...high, threshold: 84 }, true, s, 2000)).toMatchObject({ transition: null, state: { phase: 'active' } });
    expect(reevaluate(high, false, s, 2000).transition).toBe('clear');
    expect(reevaluate({ ...high, shelvedUntil: 5000 }, true, s, 2000).transition).toBe('clear');
    // Within the new deadband: still active (hysteresis), not cleared.
    expect(reevaluate({ ...high, threshold: 86, deadband: 2 }, true, s, 2000).transition).toBeNull();
  });
});

describe('rule preview (simulate)', () => {
  const minute = 60_000;
  const series = (values: number[], stepMs = minute) => values.map((value, i) => ({ ts: (i + 1) * stepMs, value }));

  it('lists each event with its start, end and duration', () => {
    const ev = simulate(high, series([70, 85, 86, 70, 70, 90, 91]), 0, 10 * minute);
    expect(ev).toEqual([
      { raisedAt: 2 * minute, clearedAt: 4 * minute, durationMs: 2 * minute, value: 85 },
      { raisedAt: 6 * minute, clearedAt: null, durationMs: 4 * minute, value: 90 },
    ]);
  });

  it('a wider deadband or an on-delay raises fewer events than the tight rule (same code as the engine)', () => {
    const chatter = series(Array.from({ length: 40 }, (_, i) => (i % 4 < 2 ? 81 : 79)));
    expect(simulate({ ...high, deadband: 0 }, chatter, 0, 50 * minute)).toHaveLength(10);
    expect(simulate({ ...high, deadband: 2 }, chatter, 0, 50 * minute)).toHaveLength(1);
    expect(simulate({ ...high, deadband: 0, onDelayMs: 2 * minute }, chatter, 0, 50 * minute)).toHaveLength(0);
  });

  it('finds communication losses in the gaps of history', () => {
    const comm: RuleSpec = { kind: 'comm_loss', threshold: 300, deadband: 0, onDelayMs: 0, offDelayMs: 0 };
    const samples = [1, 2, 3, 20, 21].map((m) => ({ ts: m * minute, value: 1 }));
    expect(simulate(comm, samples, 0, 40 * minute)).toEqual([
      { raisedAt: 8 * minute, clearedAt: 20 * minute, durationMs: 12 * minute, value: null },
      { raisedAt: 26 * minute, clearedAt: null, durationMs: 14 * minute, value: null },
    ]);
  });

  it('samples before the window only warm the state up', () => {
    expect(simulate(high, series([90, 91, 70, 90]), 2.5 * minute, 10 * minute)).toEqual([{ raisedAt: 4 * minute, clearedAt: null, durationMs: 6 * minute, value: 90 }]);
  });
});
