import { describe, expect, it } from 'vitest';
import { followList, hasNewPending, seenOf } from './pendingSeen';

const site = (id: number, total: number) => ({ id, title: `站 ${id}`, total });
const event = (id: number) => ({ id, event_title: `事件 ${id}`, event_type: 2, level: 3, device_name: 'BMS', created_at: '2026-11-23T00:00:00Z' });

describe('pending dialog: what counts as new', () => {
  it('opens on any non-empty list nobody has closed it over, never on an empty one', () => {
    expect(hasNewPending(null, 'org', [site(1, 2)])).toBe(true);
    expect(hasNewPending(null, 'site', [event(5)])).toBe(true);
    expect(hasNewPending(null, 'org', [])).toBe(false);
  });

  it('site scope: only an event id not seen re-opens it', () => {
    const seen = seenOf('site', [event(5), event(6)]);
    expect(hasNewPending(seen, 'site', [event(5), event(6)])).toBe(false);
    expect(hasNewPending(seen, 'site', [event(6)])).toBe(false); // one handled elsewhere
    expect(hasNewPending(seen, 'site', [event(7), event(5), event(6)])).toBe(true);
  });

  it('organisation scope: a new site or a higher count re-opens it, a lower count does not', () => {
    const seen = seenOf('org', [site(1, 3), site(2, 1)]);
    expect(hasNewPending(seen, 'org', [site(1, 3), site(2, 1)])).toBe(false);
    expect(hasNewPending(seen, 'org', [site(1, 2), site(2, 1)])).toBe(false);
    expect(hasNewPending(seen, 'org', [site(1, 4), site(2, 1)])).toBe(true);
    expect(hasNewPending(seen, 'org', [site(1, 3), site(2, 1), site(9, 1)])).toBe(true);
  });

  it('a change of scope (a site selected or cleared) counts as new', () => {
    expect(hasNewPending(seenOf('org', [site(1, 3)]), 'site', [event(5)])).toBe(true);
    expect(hasNewPending(seenOf('site', [event(5)]), 'org', [site(1, 3)])).toBe(true);
  });

  it('follows counts down, so an event after a handled one still re-opens it', () => {
    let seen = seenOf('org', [site(1, 3), site(2, 1)]);
    seen = followList(seen, 'org', [site(1, 2)]); // one handled at site 1, site 2 cleared
    expect(hasNewPending(seen, 'org', [site(1, 2)])).toBe(false);
    expect(hasNewPending(seen, 'org', [site(1, 3)])).toBe(true); // back to 3: a new event
    expect(hasNewPending(seen, 'org', [site(1, 2), site(2, 1)])).toBe(true); // site 2 again
  });

  it('follow never raises a count and keeps the same object when nothing fell', () => {
    const seen = seenOf('org', [site(1, 3)]);
    expect(followList(seen, 'org', [site(1, 3)])).toBe(seen);
    expect(followList(seen, 'org', [site(1, 5)])).toBe(seen);
    const events = seenOf('site', [event(5), event(6)]);
    expect(followList(events, 'site', [event(5), event(6), event(7)])).toBe(events);
    expect([...followList(events, 'site', [event(6)]).events]).toEqual([6]);
  });
});
