/**
 * Push settings (docs/push.md): one SMTP server per organisation, IM robot webhooks, rules, and the delivery
 * queue/log. Secrets (smtp password, webhook secret) are stored for sending and never returned by any route.
 * Escalation steps are deliveries with a later next_at and unless_acked (cancelled once the event is acknowledged).
 * `push_deliveries` is both the queue (status 'pending', next_at) and the log (attempts, last_error, sent_at);
 * workers claim due rows with FOR UPDATE SKIP LOCKED so two instances never send the same row.
 */
export const name = '0021_push_settings';
export const up = `
CREATE TABLE push_smtp (
  org_id     integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  host       text NOT NULL,
  port       integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  secure     boolean NOT NULL DEFAULT false,
  username   text NOT NULL DEFAULT '',
  password   text NOT NULL DEFAULT '',
  from_addr  text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_channels (
  id       serial PRIMARY KEY,
  org_id   integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind     text NOT NULL CHECK (kind IN ('wecom', 'dingtalk', 'feishu')),
  name     text NOT NULL,
  url      text NOT NULL,
  secret   text NOT NULL DEFAULT '',
  enabled  boolean NOT NULL DEFAULT true
);
CREATE INDEX push_channels_org_idx ON push_channels(org_id);

CREATE TABLE push_rules (
  id           serial PRIMARY KEY,
  org_id       integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id   integer REFERENCES projects(id) ON DELETE CASCADE,
  name         text NOT NULL,
  event_types  integer[] NOT NULL,
  min_level    integer NOT NULL CHECK (min_level BETWEEN 1 AND 4),
  user_ids     integer[] NOT NULL DEFAULT '{}',
  channel_ids  integer[] NOT NULL DEFAULT '{}',
  quiet_start  text,
  quiet_end    text,
  -- Escalation: if the event is not acknowledged within escalate_minutes, the next person of escalate_user_ids
  -- is e-mailed, one more every escalate_minutes, until someone acknowledges.
  escalate_minutes  integer CHECK (escalate_minutes BETWEEN 1 AND 1440),
  escalate_user_ids integer[] NOT NULL DEFAULT '{}',
  enabled      boolean NOT NULL DEFAULT true
);
CREATE INDEX push_rules_org_idx ON push_rules(org_id);

CREATE TABLE push_deliveries (
  id          bigserial PRIMARY KEY,
  org_id      integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  rule_id     integer REFERENCES push_rules(id) ON DELETE SET NULL,
  event_id    bigint,
  target      text NOT NULL,
  channel_id  integer REFERENCES push_channels(id) ON DELETE SET NULL,
  to_addr     text NOT NULL DEFAULT '',
  subject     text NOT NULL DEFAULT '',
  body        text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  -- An escalation step: sent only while the event is still unacknowledged, else 'cancelled'.
  unless_acked boolean NOT NULL DEFAULT false,
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text NOT NULL DEFAULT '',
  next_at     timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);
CREATE INDEX push_deliveries_due_idx ON push_deliveries(next_at) WHERE status = 'pending';
CREATE INDEX push_deliveries_org_idx ON push_deliveries(org_id, id DESC);
`;
