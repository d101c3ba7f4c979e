/**
 * Events (alarms, faults, messages) and their audit trail. The alarm engine raises them; the notice APIs
 * count the pending ones in the caller's scope. Lifecycle (ISA-18.2 style): pending → acknowledged →
 * handled → closed; `active` says whether the condition is still present (return-to-normal clears it).
 */
export const name = '0002_events';
export const up = `
CREATE TABLE events (
  id               bigserial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  device_id        integer REFERENCES devices(id) ON DELETE SET NULL,
  point_id         integer REFERENCES device_points(id) ON DELETE SET NULL,
  rule_id          integer,
  event_type       smallint NOT NULL CHECK (event_type IN (1, 2, 3)),
  level            smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'acknowledged', 'handled', 'closed')),
  active           boolean NOT NULL DEFAULT true,
  title            text NOT NULL,
  message          text NOT NULL,
  message_en       text NOT NULL DEFAULT '',
  value            double precision,
  limit_value      double precision,
  raised_at        timestamptz NOT NULL DEFAULT now(),
  cleared_at       timestamptz,
  acknowledged_at  timestamptz,
  acknowledged_by  integer REFERENCES users(id) ON DELETE SET NULL,
  handled_at       timestamptz,
  handled_by       integer REFERENCES users(id) ON DELETE SET NULL,
  handle_note      text,
  closed_at        timestamptz,
  closed_by        integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX events_project_status_idx ON events(project_id, status, raised_at DESC);
CREATE INDEX events_raised_idx ON events(raised_at DESC);

CREATE TABLE event_log (
  id        bigserial PRIMARY KEY,
  event_id  bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  action    text NOT NULL,
  user_id   integer REFERENCES users(id) ON DELETE SET NULL,
  note      text,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_log_event_idx ON event_log(event_id);
`;
