import { describe, expect, it } from 'vitest';
import { allowedActions, DEFAULT_SLA, formatCountdown, nextState, slaClock, slaDeadlines, WO_ACTIONS, WO_STATES, type WoState } from './workorders.js';

describe('work order state machine', () => {
  it('walks the whole life cycle with the right roles', () => {
    const steps: [WoState, (typeof WO_ACTIONS)[number], 'assignee' | 'manager', WoState][] = [
      ['created', 'assign', 'manager', 'assigned'],
      ['assigned', 'accept', 'assignee', 'accepted'],
      ['accepted', 'arrive', 'assignee', 'onsite'],
      ['onsite', 'resolve', 'assignee', 'resolved'],
      ['resolved', 'verify', 'manager', 'verified'],
      ['verified', 'close', 'manager', 'closed'],
    ];
    for (const [from, action, role, to] of steps) expect(nextState(from, action, [role])).toEqual({ ok: true, to });
  });

  it('sends declined orders back to assign and rejected resolutions back on site, with a reason only', () => {
    expect(nextState('assigned', 'decline', ['assignee'], '不在本地')).toEqual({ ok: true, to: 'created' });
    expect(nextState('assigned', 'decline', ['assignee'], '  ')).toMatchObject({ ok: false, why: 'reason' });
    expect(nextState('resolved', 'reject', ['manager'], '照片不清楚')).toEqual({ ok: true, to: 'onsite' });
    expect(nextState('verified', 'reject', ['manager'], 'again')).toEqual({ ok: true, to: 'onsite' });
    expect(nextState('resolved', 'reject', ['manager'])).toMatchObject({ ok: false, why: 'reason' });
  });

  it('refuses every edge not in the table, naming the state in zh and en', () => {
    let refused = 0;
    for (const s of WO_STATES) {
      for (const a of WO_ACTIONS) {
        const r = nextState(s, a, ['assignee', 'manager'], 'why');
        if (!r.ok) {
          refused++;
          expect(r.why).toBe('state');
          expect(r.zh).toContain('不能');
          expect(r.en).toContain('cannot');
        }
      }
    }
    expect(refused).toBeGreaterThan(30);
    expect(nextState('closed', 'close', ['manager'])).toMatchObject({ ok: false, why: 'state' });
    expect(nextState('created', 'resolve', ['assignee'])).toMatchObject({ ok: false, why: 'state' });
  });

  it('refuses the wrong role', () => {
    expect(nextState('assigned', 'accept', ['manager'])).toMatchObject({ ok: false, why: 'role' });
    expect(nextState('resolved', 'verify', ['assignee'])).toMatchObject({ ok: false, why: 'role' });
    expect(nextState('created', 'assign', [])).toMatchObject({ ok: false, why: 'role' });
  });

  it('lists the allowed actions per role', () => {
    expect(allowedActions('assigned', ['assignee'])).toEqual(['accept', 'decline']);
    expect(allowedActions('assigned', ['manager'])).toEqual(['assign']);
    expect(allowedActions('resolved', ['manager'])).toEqual(['verify', 'reject']);
    expect(allowedActions('closed', ['manager', 'assignee'])).toEqual([]);
  });
});

describe('SLA clock', () => {
  const created = Date.parse('2026-11-25T08:00:00Z');
  const { respond_due, resolve_due } = slaDeadlines(created, 'urgent', DEFAULT_SLA);
  const base = { respond_due: respond_due.toISOString(), resolve_due: resolve_due.toISOString(), accepted_at: null, resolved_at: null, state: 'assigned' as const };

  it('derives deadlines from the priority', () => {
    expect(respond_due.toISOString()).toBe('2026-11-25T08:15:00.000Z');
    expect(resolve_due.toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });

  it('counts down, then goes overdue', () => {
    const c = slaClock(base, created + 10 * 60_000);
    expect(c.respond.remainingMs).toBe(5 * 60_000);
    expect(c.respond.breached).toBe(false);
    expect(c.overdue).toBe(false);
    const late = slaClock(base, created + 20 * 60_000);
    expect(late.respond.remainingMs).toBe(-5 * 60_000);
    expect(late.respond.breached).toBe(true);
    expect(late.overdue).toBe(true);
  });

  it('stops the clock when met, remembering a late finish', () => {
    const c = slaClock({ ...base, state: 'accepted', accepted_at: new Date(created + 20 * 60_000).toISOString() }, created + 60 * 60_000);
    expect(c.respond.remainingMs).toBeNull();
    expect(c.respond.breached).toBe(true);
    expect(c.overdue).toBe(false);
    expect(c.resolve.remainingMs).toBe(3 * 3600_000);
    const closed = slaClock({ ...base, state: 'closed' }, created + 10 * 3600_000);
    expect(closed.overdue).toBe(false);
  });

  it('formats countdowns', () => {
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000)).toBe('2h 05m');
    expect(formatCountdown(-12 * 60_000)).toBe('-0h 12m');
    expect(formatCountdown(26 * 3600_000)).toBe('1d 2h 00m');
    expect(formatCountdown(42_000)).toBe('42s');
  });
});
