/**
 * Quarter-hour rollups for history charts whose pixel spans 15 minutes to an hour (e.g. 30 days on 1 500
 * pixels): aggregating a month of 1-minute samples per request cost ~150 ms on PostgreSQL; the rollup reads 15×
 * fewer rows. Same shape as the hourly and daily rollups, but not merged by every ingest batch (that cost a
 * quarter of the ingest's throughput): a compaction job (modules/telemetry/quarterHours.ts) aggregates closed
 * quarters from telemetry and advances `rollup_15m_state.done_until`; readers take everything later than that
 * from telemetry. Samples that arrive for an already compacted quarter leave a marker in `rollup_15m_dirty`, and
 * the job recomputes those quarters. Buckets are aligned to the epoch, hence to whole quarters of China's +08:00.
 */
export const name = '0007_rollup_15m';
export const up = `
CREATE TABLE rollup_15m (
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

-- One row: every quarter before done_until is compacted into rollup_15m.
CREATE TABLE rollup_15m_state (
  id          integer PRIMARY KEY CHECK (id = 1),
  done_until  timestamptz NOT NULL
);

-- Quarters that received samples after they were compacted; the job recomputes and deletes them.
CREATE TABLE rollup_15m_dirty (
  point_id   integer NOT NULL,
  bucket     timestamptz NOT NULL,
  marked_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (point_id, bucket)
);

INSERT INTO rollup_15m_state (id, done_until)
VALUES (1, date_bin('15 minutes', now() - interval '10 minutes', TIMESTAMPTZ '2000-01-01 00:00:00+00'));

INSERT INTO rollup_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
SELECT point_id, date_bin('15 minutes', ts, TIMESTAMPTZ '2000-01-01 00:00:00+00'), min(value), max(value), sum(value),
       count(*)::int, (array_agg(value ORDER BY ts))[1], min(ts), (array_agg(value ORDER BY ts DESC))[1], max(ts)
FROM telemetry WHERE ts < (SELECT done_until FROM rollup_15m_state) GROUP BY 1, 2;
`;
