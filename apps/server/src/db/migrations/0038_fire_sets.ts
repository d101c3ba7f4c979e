/**
 * Electrical fire sets (docs/electrical-fire.md): monitoring loops of the electrical fire detectors with their
 * residual-current and cable-temperature limits (GB 14287.2/.3), and arc-fault detector settings (GB 14287.4).
 * A loop or arc setting owns the device-override alarm rules that carry its limits: `alarm_rules.fire_loop_id`
 * / `arc_set_id` mark them, so the alarm-rule pages leave them to these sets and deleting the set drops them.
 */
export const name = '0038_fire_sets';
export const up = `
CREATE TABLE fire_loops (
  id            serial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name          text NOT NULL,
  name_en       text NOT NULL,
  device_id     integer NOT NULL UNIQUE REFERENCES devices(id) ON DELETE CASCADE,
  channel       integer NOT NULL DEFAULT 1,
  room_id       integer REFERENCES rooms(id) ON DELETE SET NULL,
  feeder_id     integer REFERENCES devices(id) ON DELETE SET NULL,
  residual_ma   double precision NOT NULL,
  temp_limits   jsonb NOT NULL,
  pre_alarm_pct integer NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  version       integer NOT NULL DEFAULT 1,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fire_loops_project_idx ON fire_loops(project_id);

CREATE TABLE arc_detector_sets (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name         text NOT NULL,
  name_en      text NOT NULL,
  device_id    integer NOT NULL UNIQUE REFERENCES devices(id) ON DELETE CASCADE,
  feeder_id    integer REFERENCES devices(id) ON DELETE SET NULL,
  threshold    integer NOT NULL,
  sensitivity  text NOT NULL CHECK (sensitivity IN ('high', 'standard', 'low')),
  enabled      boolean NOT NULL DEFAULT true,
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX arc_detector_sets_project_idx ON arc_detector_sets(project_id);

ALTER TABLE alarm_rules
  ADD COLUMN fire_loop_id integer REFERENCES fire_loops(id) ON DELETE CASCADE,
  ADD COLUMN arc_set_id   integer REFERENCES arc_detector_sets(id) ON DELETE CASCADE;
CREATE INDEX alarm_rules_fire_loop_idx ON alarm_rules(fire_loop_id) WHERE fire_loop_id IS NOT NULL;
CREATE INDEX alarm_rules_arc_set_idx ON alarm_rules(arc_set_id) WHERE arc_set_id IS NOT NULL;
`;
