/**
 * Core entities: the organisation tree, projects (sites), users and their scope, sessions, login attempts,
 * rooms, gateways, devices and their points. Append-only: never edit a migration that has shipped.
 */
export const name = '0001_core';
export const up = `
CREATE TABLE organizations (
  id          serial PRIMARY KEY,
  parent_id   integer REFERENCES organizations(id) ON DELETE RESTRICT,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  tier        smallint NOT NULL CHECK (tier IN (1, 2, 3)),
  code        text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_parent_idx ON organizations(parent_id);

CREATE TABLE projects (
  id                    serial PRIMARY KEY,
  org_id                integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
  name                  text NOT NULL,
  name_en               text NOT NULL DEFAULT '',
  address               text NOT NULL DEFAULT '',
  city                  text NOT NULL DEFAULT '',
  latitude              double precision NOT NULL,
  longitude             double precision NOT NULL,
  timezone              text NOT NULL DEFAULT 'Asia/Shanghai',
  energy_types          text[] NOT NULL DEFAULT ARRAY['power']::text[],
  capacity_kva          double precision NOT NULL DEFAULT 0,
  pv_capacity_kw        double precision NOT NULL DEFAULT 0,
  storage_capacity_kwh  double precision NOT NULL DEFAULT 0,
  area_m2               double precision NOT NULL DEFAULT 0,
  enabled               boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_org_idx ON projects(org_id);

CREATE TABLE users (
  id             serial PRIMARY KEY,
  username       text NOT NULL UNIQUE,
  name           text NOT NULL,
  user_type      smallint NOT NULL CHECK (user_type IN (0, 1, 2)),
  org_id         integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
  phone          text NOT NULL DEFAULT '',
  email          text NOT NULL DEFAULT '',
  password_hash  text NOT NULL,
  mqtt_username  text NOT NULL UNIQUE,
  mqtt_password  text NOT NULL,
  can_control    boolean NOT NULL DEFAULT false,
  enabled        boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_org_idx ON users(org_id);

-- Site users and workers see exactly the projects listed here; centre users see their organisation subtree.
CREATE TABLE user_projects (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, project_id)
);
CREATE INDEX user_projects_project_idx ON user_projects(project_id);

-- Opaque tokens: only their SHA-256 is stored, so a database leak does not leak live sessions.
CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_type   text NOT NULL,
  ip            text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

-- Failed logins live in the database (not in memory) so every server instance enforces the same limit.
CREATE TABLE login_failures (
  id        bigserial PRIMARY KEY,
  username  text NOT NULL,
  ip        text NOT NULL,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_user_ip_idx ON login_failures(username, ip, at);
CREATE INDEX login_failures_ip_idx ON login_failures(ip, at);

CREATE TABLE rooms (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  kind        text NOT NULL DEFAULT 'distribution',
  sort        integer NOT NULL DEFAULT 0
);
CREATE INDEX rooms_project_idx ON rooms(project_id);

CREATE TABLE gateways (
  id            serial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  sn            text NOT NULL UNIQUE,
  secret        text NOT NULL,
  name          text NOT NULL,
  heartbeat_s   integer NOT NULL DEFAULT 90,
  last_seen_at  timestamptz,
  online        boolean NOT NULL DEFAULT false
);
CREATE INDEX gateways_project_idx ON gateways(project_id);

CREATE TABLE devices (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  room_id     integer REFERENCES rooms(id) ON DELETE SET NULL,
  gateway_id  integer REFERENCES gateways(id) ON DELETE SET NULL,
  parent_id   integer REFERENCES devices(id) ON DELETE SET NULL,
  sn          text NOT NULL,
  kind        text NOT NULL,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  props       jsonb NOT NULL DEFAULT '{}'::jsonb,
  sort        integer NOT NULL DEFAULT 0,
  UNIQUE (gateway_id, sn)
);
CREATE INDEX devices_project_idx ON devices(project_id);
CREATE INDEX devices_room_idx ON devices(room_id);

CREATE TABLE device_points (
  id         serial PRIMARY KEY,
  device_id  integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  key        text NOT NULL,
  name       text NOT NULL,
  name_en    text NOT NULL DEFAULT '',
  unit       text NOT NULL DEFAULT '',
  kind       text NOT NULL CHECK (kind IN ('analog', 'counter', 'digital')),
  precision  smallint NOT NULL DEFAULT 2,
  sort       integer NOT NULL DEFAULT 0,
  UNIQUE (device_id, key)
);
`;
