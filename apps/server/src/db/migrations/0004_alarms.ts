/**
 * Alarm rules and their per-point state. A rule targets one device (device_id) or a device template
 * (device_kind, optionally limited to a project) and one point key. The state row per (rule, point) makes
 * the engine restart-safe: an active alarm is neither lost nor raised twice.
 */
export const name = '0004_alarms';
export const up = `
CREATE TABLE alarm_rules (
  id           serial PRIMARY KEY,
  project_id   integer REFERENCES projects(id) ON DELETE CASCADE,
  device_kind  text,
  device_id    integer REFERENCES devices(id) ON DELETE CASCADE,
  point_key    text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('high', 'low', 'rate', 'digital')),
  threshold    double precision NOT NULL,
  deadband     double precision NOT NULL DEFAULT 0,
  on_delay_s   integer NOT NULL DEFAULT 0,
  off_delay_s  integer NOT NULL DEFAULT 0,
  level        smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  event_type   smallint NOT NULL CHECK (event_type IN (1, 2, 3)),
  name         text NOT NULL,
  name_en      text NOT NULL DEFAULT '',
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (device_id IS NOT NULL OR device_kind IS NOT NULL)
);
CREATE INDEX alarm_rules_kind_idx ON alarm_rules(device_kind, point_key);

CREATE TABLE alarm_state (
  rule_id     integer NOT NULL REFERENCES alarm_rules(id) ON DELETE CASCADE,
  point_id    integer NOT NULL REFERENCES device_points(id) ON DELETE CASCADE,
  phase       text NOT NULL CHECK (phase IN ('normal', 'raising', 'active', 'clearing')),
  since       timestamptz NOT NULL,
  last_value  double precision,
  last_ts     timestamptz,
  event_id    bigint REFERENCES events(id) ON DELETE SET NULL,
  PRIMARY KEY (rule_id, point_id)
);

ALTER TABLE gateways ADD COLUMN comm_event_id bigint REFERENCES events(id) ON DELETE SET NULL;
`;
