import { describe, expect, it } from 'vitest';
import { eventReading } from './eventReading';

const e = { rule_kind: null, value: null, limit_value: null, unit: '', point_key: null, state_from: null } as const;

describe('eventReading', () => {
  it('names the states of a door and of a point without named states', () => {
    expect(eventReading({ ...e, rule_kind: 'digital', value: 1, state_from: 0, point_key: 'door' })).toEqual({
      kind: 'state',
      from: 'events.pointStates.door.0',
      to: 'events.pointStates.door.1',
    });
    // No stored "before" state: the opposite of the state it changed to.
    expect(eventReading({ ...e, rule_kind: 'digital', value: 1, point_key: 'smoke' })).toEqual({
      kind: 'state',
      from: 'events.pointStates.other.0',
      to: 'events.pointStates.other.1',
    });
  });

  it('keeps value, limit and unit of analog events; a rate is per minute', () => {
    expect(eventReading({ ...e, rule_kind: 'rate', value: 9.5, limit_value: 8, unit: '°C' })).toEqual({ kind: 'value', value: 9.5, limit: 8, unit: '°C', perMinute: true });
    expect(eventReading({ ...e, rule_kind: 'high', value: 352, limit_value: 320, unit: 'A' })).toMatchObject({ kind: 'value', perMinute: false });
  });

  it('has nothing to show for an event without numbers', () => {
    expect(eventReading(e)).toEqual({ kind: 'none' });
  });
});
