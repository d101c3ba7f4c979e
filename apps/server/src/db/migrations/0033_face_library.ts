/**
 * Face library (/FacerecManage, docs/face-library.md): a site's access groups (doors and a weekly window), its
 * people (staff, contractors, visitors with a validity period) and one face photo each, stored encrypted
 * (AES-256-GCM; the key never in the database). Deleting a person deletes the photo (PIPL). Photo views are
 * audited as a new audit kind, `read`.
 */
export const name = '0033_face_library';
export const up = `
CREATE TABLE face_groups (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL,
  door_ids    jsonb NOT NULL DEFAULT '[]',
  days        jsonb NOT NULL DEFAULT '[1,2,3,4,5]',
  time_from   text NOT NULL DEFAULT '08:00',
  time_to     text NOT NULL DEFAULT '18:00',
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX face_groups_project_idx ON face_groups(project_id);
CREATE TABLE face_people (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  group_id    integer REFERENCES face_groups(id) ON DELETE SET NULL,
  name        text NOT NULL,
  name_en     text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('staff', 'contractor', 'visitor')),
  company     text NOT NULL DEFAULT '',
  phone       text NOT NULL DEFAULT '',
  valid_from  date,
  valid_until date,
  enabled     boolean NOT NULL DEFAULT true,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX face_people_project_idx ON face_people(project_id);
CREATE TABLE face_photos (
  person_id   integer PRIMARY KEY REFERENCES face_people(id) ON DELETE CASCADE,
  mime        text NOT NULL,
  width       integer NOT NULL,
  height      integer NOT NULL,
  iv          bytea NOT NULL,
  tag         bytea NOT NULL,
  ciphertext  bytea NOT NULL,
  key_id      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_kind_check CHECK (kind IN ('login_ok', 'login_failed', 'logout', 'write', 'control', 'read'));
`;
