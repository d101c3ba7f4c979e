/**
 * Login limits as one counter row per (username, address) and per address (username ''), changed by a single
 * upsert per attempt. The old table (a row per failure, counted before the attempt and recorded after it) let
 * parallel attempts all pass the count before any was recorded. The attempt is counted before the password is
 * checked; a right password clears it again. Counters are in the database, so every server instance shares them.
 *
 * weather_cache: the last current-conditions answer per site (POST /api/v6/weather/now), shared by every
 * instance so that the provider is asked at most once per site per 10 minutes.
 */
export const name = '0010_login_limits_weather';
export const up = `
CREATE TABLE login_limits (
  username      text NOT NULL,
  ip            text NOT NULL,
  failures      integer NOT NULL,
  window_start  timestamptz NOT NULL,
  PRIMARY KEY (username, ip)
);
CREATE INDEX login_limits_window_idx ON login_limits(window_start);
DROP TABLE login_failures;

CREATE TABLE weather_cache (
  project_id   integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  provider     text NOT NULL,
  observation  jsonb NOT NULL,
  fetched_at   timestamptz NOT NULL
);
`;
