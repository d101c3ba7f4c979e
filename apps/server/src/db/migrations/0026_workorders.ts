/**
 * Defect work orders (消缺工单; /OperMainte/SolveTask, /CentreSolve, /WorkerSolve; docs/operations.md).
 * An order belongs to a project (and its organisation, kept for the SLA and the centre lists). Its source is an
 * event, an inspection finding (a reference the inspection feature gives) or nothing (typed by hand). The
 * assignee is a worker of the project (a user) or an approved expert; never both. The SLA deadlines are fixed
 * when the order is created (from `work_order_sla`, defaults in the contract); a breach is stamped once per
 * deadline by the SLA watcher, which is what makes its push happen once. Every transition is a row of
 * `work_order_log`; photos are kept in the database like expert certificates (PNG/JPEG, ≤ 2 MB each).
 */
export const name = '0026_workorders';
export const up = `
CREATE TABLE work_orders (
  id                   serial PRIMARY KEY,
  org_id               integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id           integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source_kind          text NOT NULL CHECK (source_kind IN ('event', 'inspection', 'manual')),
  source_ref           text NOT NULL DEFAULT '',
  event_id             bigint REFERENCES events(id) ON DELETE SET NULL,
  device_id            integer REFERENCES devices(id) ON DELETE SET NULL,
  title                text NOT NULL,
  title_en             text NOT NULL DEFAULT '',
  description          text NOT NULL DEFAULT '',
  priority             text NOT NULL CHECK (priority IN ('urgent', 'high', 'normal', 'low')),
  state                text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'assigned', 'accepted', 'onsite', 'resolved', 'verified', 'closed')),
  assignee_user_id     integer REFERENCES users(id) ON DELETE SET NULL,
  assignee_expert_id   integer REFERENCES experts(id) ON DELETE SET NULL,
  created_by           integer REFERENCES users(id) ON DELETE SET NULL,
  respond_due          timestamptz NOT NULL,
  resolve_due          timestamptz NOT NULL,
  accepted_at          timestamptz,
  arrived_at           timestamptz,
  resolved_at          timestamptz,
  verified_at          timestamptz,
  closed_at            timestamptz,
  respond_breached_at  timestamptz,
  resolve_breached_at  timestamptz,
  cause                text NOT NULL DEFAULT '',
  action_taken         text NOT NULL DEFAULT '',
  parts                text NOT NULL DEFAULT '',
  reject_reason        text NOT NULL DEFAULT '',
  version              integer NOT NULL DEFAULT 1,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (assignee_user_id IS NULL OR assignee_expert_id IS NULL)
);
CREATE INDEX work_orders_project_state_idx ON work_orders(project_id, state);
CREATE INDEX work_orders_assignee_idx ON work_orders(assignee_user_id) WHERE assignee_user_id IS NOT NULL;
CREATE INDEX work_orders_event_idx ON work_orders(event_id) WHERE event_id IS NOT NULL;
CREATE INDEX work_orders_open_due_idx ON work_orders(resolve_due) WHERE state <> 'closed';

CREATE TABLE work_order_log (
  id          bigserial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
  action      text NOT NULL,
  from_state  text,
  to_state    text,
  user_id     integer REFERENCES users(id) ON DELETE SET NULL,
  note        text NOT NULL DEFAULT '',
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_log_order_idx ON work_order_log(order_id, id);

CREATE TABLE work_order_photos (
  id          serial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
  photo       bytea NOT NULL,
  photo_type  text NOT NULL CHECK (photo_type IN ('image/png', 'image/jpeg')),
  taken_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_photos_order_idx ON work_order_photos(order_id);

CREATE TABLE work_order_sla (
  org_id           integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  priority         text NOT NULL CHECK (priority IN ('urgent', 'high', 'normal', 'low')),
  respond_minutes  integer NOT NULL CHECK (respond_minutes > 0),
  resolve_minutes  integer NOT NULL CHECK (resolve_minutes > 0),
  PRIMARY KEY (org_id, priority)
);
`;
