/**
 * Alarm-rule configuration (docs/alarm-rules.md): high-high/low-low and communication-loss kinds, shelving
 * with an expiry, a version for concurrent edits, and one generation counter that every rule write bumps in
 * its transaction: each instance's engine compares it at every ingest batch and reloads its rules when it
 * moved, so an edit takes effect at once on every instance sharing the database.
 * Also the remote-control configuration: per-breaker settings, blocked periods, interlocks, two-person approval.
 */
export const name = '0024_alarm_rule_config';
export const up = `
ALTER TABLE alarm_rules DROP CONSTRAINT IF EXISTS alarm_rules_kind_check;
ALTER TABLE alarm_rules ADD CONSTRAINT alarm_rules_kind_check
  CHECK (kind IN ('high', 'high_high', 'low', 'low_low', 'rate', 'digital', 'comm_loss'));
ALTER TABLE alarm_rules
  ADD COLUMN shelved_until timestamptz,
  ADD COLUMN shelve_note   text NOT NULL DEFAULT '',
  ADD COLUMN version       integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at    timestamptz NOT NULL DEFAULT now();
CREATE INDEX alarm_rules_device_idx ON alarm_rules(device_id) WHERE device_id IS NOT NULL;
CREATE INDEX events_rule_raised_idx ON events(rule_id, raised_at) WHERE rule_id IS NOT NULL;

CREATE TABLE alarm_rule_generation (
  id  smallint PRIMARY KEY CHECK (id = 1),
  gen bigint NOT NULL
);
INSERT INTO alarm_rule_generation (id, gen) VALUES (1, 1);

-- Remote-control configuration (docs/control-config.md), checked by modules/control before a selection.
CREATE TABLE control_settings (
  device_id    integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  controllable boolean NOT NULL DEFAULT true,
  user_ids     integer[] NOT NULL DEFAULT '{}',
  two_person   boolean NOT NULL DEFAULT false,
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE control_blocked_periods (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  start_hhmm  text NOT NULL,
  end_hhmm    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE control_interlocks (
  id               serial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id        integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  action           text NOT NULL CHECK (action IN ('open', 'close')),
  other_device_id  integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  other_closed     boolean NOT NULL,
  name             text NOT NULL,
  name_en          text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE control_commands
  ADD COLUMN needs_approval boolean NOT NULL DEFAULT false,
  ADD COLUMN approved_by    integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN approved_at    timestamptz;
`;
