import type { EventItem } from '@gridops/contract';

/** What an event measured: a digital state change, or an analog value against its limit (with unit). */
export type EventReading =
  | { kind: 'state'; from: string; to: string }
  | { kind: 'value'; value: number | null; limit: number | null; unit: string; perMinute: boolean }
  | { kind: 'none' };

/** Points whose two states have their own names (breaker closed/open, door open/closed); others are normal/alarm. */
const NAMED_STATES = new Set(['breaker', 'door']);

/** i18n key of one state of a digital point, e.g. events.pointStates.breaker.0 ("分闸" / "open"). */
export const stateKey = (pointKey: string | null, state: number) =>
  `events.pointStates.${pointKey !== null && NAMED_STATES.has(pointKey) ? pointKey : 'other'}.${Math.round(state) === 0 ? 0 : 1}`;

export function eventReading(e: Pick<EventItem, 'rule_kind' | 'value' | 'limit_value' | 'unit' | 'point_key' | 'state_from'>): EventReading {
  if (e.rule_kind === 'digital' && e.value !== null) {
    const from = e.state_from ?? (Math.round(e.value) === 0 ? 1 : 0);
    return { kind: 'state', from: stateKey(e.point_key, from), to: stateKey(e.point_key, e.value) };
  }
  if (e.value === null && e.limit_value === null) return { kind: 'none' };
  return { kind: 'value', value: e.value, limit: e.limit_value, unit: e.unit, perMinute: e.rule_kind === 'rate' };
}
