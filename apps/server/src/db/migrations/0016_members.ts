/**
 * Members and permissions (docs/permissions.md). Each user holds a subset of the closed set view, configure,
 * control, manageUsers; the server checks the one each route declares. Existing users keep what they could do:
 * everyone views; who could control (`can_control`) may configure and control; centre users who could control
 * manage users too. `can_control` stays as a mirror of 'control' for code that still writes it, and is no longer
 * read. `version` is the optimistic lock of the member editor; `disabled_at` says since when a user is disabled.
 *
 * `must_change_password` belongs to the administration work (0014); it is added here
 * only if absent, so the two migrations can land in either order.
 */
export const name = '0016_members';
export const up = `
ALTER TABLE users ADD COLUMN permissions text[] NOT NULL DEFAULT ARRAY['view']::text[];
ALTER TABLE users ADD CONSTRAINT users_permissions_known
  CHECK (permissions <@ ARRAY['view', 'configure', 'control', 'manageUsers']::text[]);
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false;
UPDATE users SET permissions = CASE
  WHEN can_control AND user_type = 0 THEN ARRAY['view', 'configure', 'control', 'manageUsers']::text[]
  WHEN can_control THEN ARRAY['view', 'configure', 'control']::text[]
  ELSE ARRAY['view']::text[]
END;
UPDATE users SET disabled_at = updated_at WHERE NOT enabled;
`;
