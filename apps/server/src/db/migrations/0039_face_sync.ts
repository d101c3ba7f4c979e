/**
 * Face library, part 2 (docs/face-library.md): the enrolment of each person on each door terminal of the site
 * (`face_sync`, a row per person × terminal with its status, sent by a claimed sender so several server
 * instances share the work), the terminals' recognition records with their snapshots sealed like the photos,
 * a person being deleted (`deleted_at`: photo gone, row kept until every terminal acknowledged face_delete),
 * each site's night window for stranger alerts, and shared server secrets (the video stream signing key).
 */
export const name = '0039_face_sync';
export const up = `
ALTER TABLE face_people ADD COLUMN deleted_at timestamptz;
CREATE TABLE face_sync (
  person_id      integer NOT NULL REFERENCES face_people(id) ON DELETE CASCADE,
  device_id      integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  status         text NOT NULL CHECK (status IN ('pending', 'synced', 'failed', 'deleting')),
  reason         text NOT NULL DEFAULT '',
  attempts       integer NOT NULL DEFAULT 0,
  next_at        timestamptz NOT NULL DEFAULT now(),
  claimed_until  timestamptz,
  command_id     text,
  sent_at        timestamptz,
  acked_at       timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, device_id)
);
CREATE INDEX face_sync_device_idx ON face_sync(device_id);
CREATE INDEX face_sync_due_idx ON face_sync(next_at) WHERE status <> 'synced';
CREATE UNIQUE INDEX face_sync_command_idx ON face_sync(command_id);
CREATE TABLE face_records (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  gateway_id  integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  device_id   integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  record_key  text NOT NULL,
  ts          timestamptz NOT NULL,
  person_id   integer REFERENCES face_people(id) ON DELETE SET NULL,
  stranger    boolean NOT NULL,
  score       real NOT NULL,
  result      text NOT NULL CHECK (result IN ('pass', 'deny')),
  event_id    integer,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gateway_id, record_key)
);
CREATE INDEX face_records_project_ts_idx ON face_records(project_id, ts DESC);
CREATE INDEX face_records_person_idx ON face_records(person_id);
CREATE TABLE face_record_snapshots (
  record_id   integer PRIMARY KEY REFERENCES face_records(id) ON DELETE CASCADE,
  mime        text NOT NULL,
  iv          bytea NOT NULL,
  tag         bytea NOT NULL,
  ciphertext  bytea NOT NULL,
  key_id      text NOT NULL
);
CREATE TABLE face_settings (
  project_id  integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  night_from  text NOT NULL DEFAULT '22:00',
  night_to    text NOT NULL DEFAULT '06:00'
);
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
`;
