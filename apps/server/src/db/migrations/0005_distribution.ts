/**
 * Smart distribution: single-line diagrams per room, remote control (select-before-operate commands and their
 * audit log), camera captures, and the inspection robot's state and records. Append-only once shipped.
 */
export const name = '0005_distribution';
export const up = `
-- One diagram document per room (JSON validated by the contract's sldDocument); edited in RunSetup.
CREATE TABLE sld_diagrams (
  room_id     integer PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  doc         jsonb NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX sld_diagrams_project_idx ON sld_diagrams(project_id);

-- A control command from selection to result. Persisted (not only in memory) because the gateway's reply may
-- reach another server instance (shared subscription on an external broker) than the one that sent it.
-- status: selected → sent → succeeded | refused | timed_out; or selected → cancelled | expired | rejected.
CREATE TABLE control_commands (
  id             bigserial PRIMARY KEY,
  selection_id   text NOT NULL UNIQUE,
  command_id     text UNIQUE,
  project_id     integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id      integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  gateway_id     integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action         text NOT NULL,
  command        text NOT NULL,
  params         jsonb NOT NULL,
  status         text NOT NULL DEFAULT 'selected',
  error          text,
  selected_at    timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  sent_at        timestamptz,
  finished_at    timestamptz
);
CREATE INDEX control_commands_device_idx ON control_commands(device_id, status);

-- Every step of every attempt (select, execute, result, cancel, late result), for /CtrlLogs.
CREATE TABLE control_log (
  id                  bigserial PRIMARY KEY,
  control_command_id  bigint REFERENCES control_commands(id) ON DELETE SET NULL,
  project_id          integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id           integer REFERENCES devices(id) ON DELETE SET NULL,
  user_id             integer REFERENCES users(id) ON DELETE SET NULL,
  step                text NOT NULL,
  action              text NOT NULL,
  outcome             text NOT NULL,
  detail              text NOT NULL DEFAULT '',
  ip                  text NOT NULL DEFAULT '',
  at                  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX control_log_project_at_idx ON control_log(project_id, at DESC);

-- Camera snapshots gateways publish on …/capture (image as a data URL, as received).
CREATE TABLE captures (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  gateway_id  integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  device_id   integer REFERENCES devices(id) ON DELETE SET NULL,
  device_sn   text NOT NULL,
  ts          timestamptz NOT NULL,
  img         text NOT NULL,
  msg         text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captures_project_ts_idx ON captures(project_id, ts DESC);

-- Inspection robots and their rounds. No gateway reports robots yet: the demo seeds them (docs/pages/distribution.md).
CREATE TABLE robots (
  id             serial PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  room_id        integer REFERENCES rooms(id) ON DELETE SET NULL,
  name           text NOT NULL,
  name_en        text NOT NULL DEFAULT '',
  status         text NOT NULL DEFAULT 'idle',
  battery        double precision NOT NULL DEFAULT 100,
  route          jsonb NOT NULL DEFAULT '[]'::jsonb,
  position       integer NOT NULL DEFAULT 0,
  task_progress  double precision NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX robots_project_idx ON robots(project_id);

CREATE TABLE robot_inspections (
  id           bigserial PRIMARY KEY,
  robot_id     integer NOT NULL REFERENCES robots(id) ON DELETE CASCADE,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  status       text NOT NULL,
  readings     jsonb NOT NULL DEFAULT '[]'::jsonb,
  anomalies    integer NOT NULL DEFAULT 0,
  photo        text
);
CREATE INDEX robot_inspections_project_idx ON robot_inspections(project_id, started_at DESC);
`;
