/**
 * Auxiliary devices and their automation (/RunSetup/AuxDeviceSet, docs/control-config.md):
 * - devices get a version (the optimistic lock of the aux-device form; other editors leave it as it is);
 * - aux_automation_rules: per room, a point condition with hysteresis, minimum on/off times and an optional daily
 *   window switches an auxiliary device; `last_action` / `last_action_at` / `state_seq` are the rule's state, which
 *   the periodic evaluation claims with a compare-and-set on `state_seq` (once across server instances);
 * - a control command and its log rows may come from a rule instead of a user (user_id null, automation_rule_id);
 * - remote-control restriction by role (control_settings.role_types) and the site-wide two-person rule for breakers
 *   above a voltage (control_site_settings).
 */
export const name = '0037_aux_automation';
export const up = `
ALTER TABLE devices ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TABLE aux_automation_rules (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id       integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  point_id        integer NOT NULL REFERENCES device_points(id) ON DELETE CASCADE,
  name            text NOT NULL,
  name_en         text NOT NULL,
  above           boolean NOT NULL,
  on_threshold    double precision NOT NULL,
  off_threshold   double precision NOT NULL,
  min_on_s        integer NOT NULL DEFAULT 300,
  min_off_s       integer NOT NULL DEFAULT 300,
  window_start    text,
  window_end      text,
  enabled         boolean NOT NULL DEFAULT true,
  version         integer NOT NULL DEFAULT 1,
  last_action     text CHECK (last_action IN ('on', 'off')),
  last_action_at  timestamptz,
  state_seq       integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aux_automation_rules_project_idx ON aux_automation_rules(project_id);
CREATE INDEX aux_automation_rules_device_idx ON aux_automation_rules(device_id);
ALTER TABLE control_commands ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE control_commands ADD COLUMN automation_rule_id integer REFERENCES aux_automation_rules(id) ON DELETE SET NULL;
ALTER TABLE control_log ADD COLUMN automation boolean NOT NULL DEFAULT false;
ALTER TABLE control_log ADD COLUMN automation_rule_id integer REFERENCES aux_automation_rules(id) ON DELETE SET NULL;
ALTER TABLE control_settings ADD COLUMN role_types integer[] NOT NULL DEFAULT '{}';
CREATE TABLE control_site_settings (
  project_id          integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  two_person_above_kv double precision,
  version             integer NOT NULL DEFAULT 1,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
`;
