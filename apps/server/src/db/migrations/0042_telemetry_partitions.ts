/**
 * Raw telemetry partitioned by day (UTC), so retention drops whole partitions instead of deleting billions of
 * rows, and a history query touches only the days it asks for (docs/performance.md "Retention and growth").
 * Native declarative partitioning: PostgreSQL and PGlite (PostgreSQL inside) alike.
 *
 * - `telemetry` keeps its name, columns and primary key (point_id, ts): the ingest statement, its ON CONFLICT
 *   and every reader are unchanged.
 * - Daily partitions `telemetry_pYYYYMMDD` for every day that has rows and for today and the next days; the
 *   partition job (modules/telemetry/partitions.ts) keeps creating days ahead and drops days past retention.
 * - A DEFAULT partition catches what no day partition holds yet (a gateway's store-and-forward backlog from days
 *   ago, the demo seed's history): nothing is ever refused; the job moves such rows into their day's partition.
 * - The existing rows are moved in this migration's transaction.
 */
export const name = '0042_telemetry_partitions';
export const up = `
ALTER TABLE telemetry RENAME TO telemetry_unpartitioned;
ALTER TABLE telemetry_unpartitioned RENAME CONSTRAINT telemetry_pkey TO telemetry_unpartitioned_pkey;

CREATE TABLE telemetry (
  point_id  integer NOT NULL,
  ts        timestamptz NOT NULL,
  value     double precision NOT NULL,
  PRIMARY KEY (point_id, ts)
) PARTITION BY RANGE (ts);

CREATE TABLE telemetry_default PARTITION OF telemetry DEFAULT;

DO $$
DECLARE
  first_day date;
  last_day date := (now() AT TIME ZONE 'UTC')::date + 3;
  d date;
BEGIN
  SELECT least(min((ts AT TIME ZONE 'UTC')::date), (now() AT TIME ZONE 'UTC')::date) INTO first_day FROM telemetry_unpartitioned;
  IF first_day IS NULL THEN first_day := (now() AT TIME ZONE 'UTC')::date; END IF;
  d := first_day;
  WHILE d <= last_day LOOP
    -- Only days with rows, plus today and the days ahead: an empty day in the past needs no table.
    IF d >= (now() AT TIME ZONE 'UTC')::date
       OR EXISTS (SELECT 1 FROM telemetry_unpartitioned WHERE ts >= (d::timestamp AT TIME ZONE 'UTC') AND ts < ((d + 1)::timestamp AT TIME ZONE 'UTC')) THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF telemetry FOR VALUES FROM (%L) TO (%L)',
        'telemetry_p' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
    END IF;
    d := d + 1;
  END LOOP;
END $$;

INSERT INTO telemetry (point_id, ts, value) SELECT point_id, ts, value FROM telemetry_unpartitioned;
DROP TABLE telemetry_unpartitioned;

-- The partition job's state: one instance runs it at a time (row lock), and readers learn from raw_since from
-- when on raw samples are still kept (history falls back to the quarter-hour rollups before it).
CREATE TABLE telemetry_partition_state (
  id        integer PRIMARY KEY CHECK (id = 1),
  last_run  timestamptz NOT NULL DEFAULT '-infinity',
  raw_since timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO telemetry_partition_state (id) VALUES (1);
`;
