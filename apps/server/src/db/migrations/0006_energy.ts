/**
 * Energy management: the metering tree per site and energy type, source-grid-load-storage-charging loops,
 * and time-of-use tariffs. Energy itself is never stored: it is derived from the counter rollups
 * (rollup_hourly / rollup_daily) when asked, so late data and meter resets are always reflected exactly
 * (docs/energy-model.md).
 */
export const name = '0006_energy';
export const up = `
-- One tree per (project, energy type): incoming supply → branches → sub-branches. A node may be bound to a
-- counter point (its energy) and to a power point (live kW for the flow diagram); a node without a counter
-- is virtual and its energy is the sum of its children. A point is bound at most once per tree.
CREATE TABLE meter_nodes (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  energy_type     text NOT NULL CHECK (energy_type IN ('power', 'water', 'gas', 'heat')),
  parent_id       integer REFERENCES meter_nodes(id) ON DELETE RESTRICT,
  node_type       text NOT NULL CHECK (node_type IN ('grid', 'grid_export', 'pv', 'wind', 'storage_charge',
                    'storage_discharge', 'ev_charging', 'load', 'virtual')),
  name            text NOT NULL,
  name_en         text NOT NULL DEFAULT '',
  point_id        integer REFERENCES device_points(id) ON DELETE SET NULL,
  power_point_id  integer REFERENCES device_points(id) ON DELETE SET NULL,
  sort            integer NOT NULL DEFAULT 0,
  layout_x        double precision,
  layout_y        double precision,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meter_nodes_project_idx ON meter_nodes(project_id, energy_type);
CREATE INDEX meter_nodes_parent_idx ON meter_nodes(parent_id);
CREATE UNIQUE INDEX meter_nodes_point_once ON meter_nodes(project_id, energy_type, point_id) WHERE point_id IS NOT NULL;

-- "Source-grid-load-storage-charging" loops: a named group of nodes of one site run as one micro-grid.
CREATE TABLE energy_loops (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  node_ids    integer[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX energy_loops_project_idx ON energy_loops(project_id);

-- Time-of-use bands per project and calendar month, in site-local minutes of the day. end_min <= start_min
-- means the period crosses midnight (22:00–06:00 is start 1320, end 360).
CREATE TABLE tariff_periods (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  month       smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  band        text NOT NULL CHECK (band IN ('sharp', 'peak', 'flat', 'valley')),
  start_min   smallint NOT NULL CHECK (start_min BETWEEN 0 AND 1439),
  end_min     smallint NOT NULL CHECK (end_min BETWEEN 0 AND 1440)
);
CREATE INDEX tariff_periods_project_idx ON tariff_periods(project_id, month);

-- Energy price of each band per project and month, yuan per kWh (or per m³ / GJ for other energy types).
CREATE TABLE tariff_prices (
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  energy_type  text NOT NULL DEFAULT 'power' CHECK (energy_type IN ('power', 'water', 'gas', 'heat')),
  month        smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  band         text NOT NULL CHECK (band IN ('sharp', 'peak', 'flat', 'valley')),
  price        double precision NOT NULL CHECK (price >= 0),
  PRIMARY KEY (project_id, energy_type, month, band)
);
`;
