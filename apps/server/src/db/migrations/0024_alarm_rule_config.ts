/**
 * Alarm-rule configuration (docs/alarm-rules.md): high-high/low-low and communication-loss kinds, shelving
 * with an expiry, a version for concurrent edits, and one generation counter that every rule write bumps in
 * its transaction: each instance's engine compares it at every ingest batch and reloads its rules when it
 * moved, so an edit takes effect at once on every instance sharing the database.
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
`;
