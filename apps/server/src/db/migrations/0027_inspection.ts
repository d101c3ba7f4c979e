/**
 * Routine inspection (docs/operations.md "Routine inspection"). Templates hold the check items (jsonb, checked by
 * the contract's zod schema); a plan holds its ordered checkpoints (jsonb: device or room, template), the
 * schedule (jsonb, and the RFC 5545 RRULE built from it, evaluated in the site's zone), the time window (site
 * wall clock) and the assignee. `generated_through` is the last site date the generator has produced tasks for:
 * the generator claims a plan by advancing it, and the unique (plan_id, occurrence) key makes every occurrence
 * one task however many instances run. A task snapshots its route (names and items) so later template edits do
 * not rewrite history; `submission_id` (client-generated) makes the submission idempotent; `overdue_notified`
 * marks the overdue claim. Findings are the abnormal answers, queryable on their own; photos are stored bytes.
 */
export const name = '0027_inspection';
export const up = `
CREATE TABLE inspection_templates (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  items       jsonb NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_templates_project_idx ON inspection_templates(project_id);

CREATE TABLE inspection_plans (
  id                 serial PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name               text NOT NULL,
  name_en            text NOT NULL DEFAULT '',
  checkpoints        jsonb NOT NULL,
  schedule           jsonb NOT NULL,
  rrule              text NOT NULL,
  window_start       text NOT NULL CHECK (window_start ~ '^[0-2][0-9]:[0-5][0-9]$'),
  window_end         text NOT NULL CHECK (window_end ~ '^[0-2][0-9]:[0-5][0-9]$' AND window_end > window_start),
  assignee_id        integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  status             text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'paused')),
  generated_through  date,
  published_at       timestamptz,
  version            integer NOT NULL DEFAULT 1,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_plans_project_idx ON inspection_plans(project_id);
CREATE INDEX inspection_plans_published_idx ON inspection_plans(status) WHERE status = 'published';

CREATE TABLE inspection_tasks (
  id                serial PRIMARY KEY,
  plan_id           integer NOT NULL REFERENCES inspection_plans(id) ON DELETE RESTRICT,
  project_id        integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  occurrence        date NOT NULL,
  window_start      timestamptz NOT NULL,
  window_end        timestamptz NOT NULL,
  assignee_id       integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  checkpoints       jsonb NOT NULL,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'done', 'overdue')),
  overdue_notified  boolean NOT NULL DEFAULT false,
  started_at        timestamptz,
  submitted_at      timestamptz,
  submission_id     uuid UNIQUE,
  results           jsonb,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (plan_id, occurrence)
);
CREATE INDEX inspection_tasks_project_occurrence_idx ON inspection_tasks(project_id, occurrence);
CREATE INDEX inspection_tasks_assignee_idx ON inspection_tasks(assignee_id, occurrence);
CREATE INDEX inspection_tasks_open_idx ON inspection_tasks(window_end) WHERE status IN ('pending', 'in_progress');

CREATE TABLE inspection_photos (
  id          serial PRIMARY KEY,
  task_id     integer NOT NULL REFERENCES inspection_tasks(id) ON DELETE CASCADE,
  photo       bytea NOT NULL,
  photo_type  text NOT NULL CHECK (photo_type IN ('image/png', 'image/jpeg'))
);
CREATE INDEX inspection_photos_task_idx ON inspection_photos(task_id);

CREATE TABLE inspection_findings (
  id                  serial PRIMARY KEY,
  task_id             integer NOT NULL REFERENCES inspection_tasks(id) ON DELETE CASCADE,
  project_id          integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  seq                 integer NOT NULL,
  checkpoint_name     text NOT NULL,
  checkpoint_name_en  text NOT NULL DEFAULT '',
  item_key            text NOT NULL,
  item_name           text NOT NULL,
  item_name_en        text NOT NULL DEFAULT '',
  value               double precision,
  unit                text NOT NULL DEFAULT '',
  note                text NOT NULL DEFAULT '',
  photo_ids           integer[] NOT NULL DEFAULT '{}',
  defect_status       text NOT NULL DEFAULT 'open' CHECK (defect_status IN ('open', 'defect_requested')),
  defect_requested_by integer REFERENCES users(id) ON DELETE SET NULL,
  defect_requested_at timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_findings_project_idx ON inspection_findings(project_id, created_at);
CREATE INDEX inspection_findings_task_idx ON inspection_findings(task_id);
`;
