/**
 * Telemetry, latest values and rollups. The primary key (point_id, ts) is the (point, time) index and makes
 * an exact duplicate (same point, same timestamp) a no-op. Rollups are merged from the rows a batch actually
 * inserted, so late, out-of-order and repeated data keep them exact. Hypertable-ready: on PostgreSQL with
 * TimescaleDB, `SELECT create_hypertable('telemetry', 'ts', migrate_data => true)` applies unchanged.
 */
export const name = '0003_telemetry';
export const up = `
CREATE TABLE telemetry (
  point_id  integer NOT NULL,
  ts        timestamptz NOT NULL,
  value     double precision NOT NULL,
  PRIMARY KEY (point_id, ts)
);

CREATE TABLE point_latest (
  point_id    integer PRIMARY KEY REFERENCES device_points(id) ON DELETE CASCADE,
  ts          timestamptz NOT NULL,
  value       double precision NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- One row per point and hour (UTC hour) / per point and local day (Asia/Shanghai: one time zone for China).
-- first/last carry their timestamps so merging out-of-order batches keeps them right; counters derive energy
-- per bucket from consecutive 'last' values (see docs/gateway-protocol.md, "Rollups").
CREATE TABLE rollup_hourly (
  point_id  integer NOT NULL,
  bucket    timestamptz NOT NULL,
  min       double precision NOT NULL,
  max       double precision NOT NULL,
  sum       double precision NOT NULL,
  count     integer NOT NULL,
  first     double precision NOT NULL,
  first_ts  timestamptz NOT NULL,
  last      double precision NOT NULL,
  last_ts   timestamptz NOT NULL,
  PRIMARY KEY (point_id, bucket)
);

CREATE TABLE rollup_daily (
  point_id  integer NOT NULL,
  bucket    timestamptz NOT NULL,
  min       double precision NOT NULL,
  max       double precision NOT NULL,
  sum       double precision NOT NULL,
  count     integer NOT NULL,
  first     double precision NOT NULL,
  first_ts  timestamptz NOT NULL,
  last      double precision NOT NULL,
  last_ts   timestamptz NOT NULL,
  PRIMARY KEY (point_id, bucket)
);

-- Ingest problems, counted per gateway and cause (unknown device, unknown point, wrong type, garbage).
CREATE TABLE ingest_rejects (
  gateway_sn  text NOT NULL,
  cause       text NOT NULL,
  count       bigint NOT NULL DEFAULT 0,
  last_detail text NOT NULL DEFAULT '',
  last_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_sn, cause)
);
`;
