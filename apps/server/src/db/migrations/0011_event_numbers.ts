/**
 * Events carry their numbers: the rule kind and unit (so a digital event shows its state change, not a fake
 * limit), the state before a digital change, the point key (to name the states), and for per-phase rules
 * (Ia/Ib/Ic over-current, ...) the group key and the phases that joined one event per device and cause.
 */
export const name = '0011_event_numbers';
export const up = `
ALTER TABLE events
  ADD COLUMN rule_kind   text,
  ADD COLUMN unit        text NOT NULL DEFAULT '',
  ADD COLUMN state_from  double precision,
  ADD COLUMN group_key   text,
  ADD COLUMN phases      text[] NOT NULL DEFAULT '{}';
CREATE INDEX events_active_group_idx ON events(device_id, group_key) WHERE active AND group_key IS NOT NULL;
`;
