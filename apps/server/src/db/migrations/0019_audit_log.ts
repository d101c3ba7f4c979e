/**
 * Usage logs (docs/audit.md): one append-only row per login, logout, write and control operation.
 *
 * Append-only is enforced by the database, not by the code: a trigger refuses every UPDATE and DELETE, and a
 * statement trigger every TRUNCATE. The one exception is the retention job, which deletes old rows inside a
 * transaction that has set `gridops.audit_retention = on` (set_config(…, true): transaction-local). No route
 * sets it. There are no foreign keys on purpose: deleting a user, project or organisation must not touch the
 * log (an ON DELETE action would be an UPDATE or DELETE here and be refused).
 */
export const name = '0019_audit_log';
export const up = `
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  org_id integer,
  project_id integer,
  user_id integer,
  username text,
  kind text NOT NULL CHECK (kind IN ('login_ok', 'login_failed', 'logout', 'write', 'control')),
  action text NOT NULL,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  user_agent text,
  device_type text
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_org_at ON audit_log (org_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('gridops.audit_retention', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- The daily retention run is claimed here (one instance per day).
CREATE TABLE audit_retention_state (
  id integer PRIMARY KEY CHECK (id = 1),
  last_run timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO audit_retention_state (id) VALUES (1);
`;
