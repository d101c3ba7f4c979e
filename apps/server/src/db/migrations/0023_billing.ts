/**
 * Billing (docs/energy-model.md, "Billing"): tariffs with validity periods, replacing the single per-project
 * tariff of 0006 (`tariff_periods`, `tariff_prices`, copied here into one tariff valid from 2000-01-01 and then
 * dropped). A tariff holds its TOU structure as stored rows (`rows`: `{ periods, prices }`, the shape
 * metering/tariff.ts validates), its basic charge (per kVA of transformer capacity or per kW of maximum
 * demand), the power-factor standard it is assessed against and the PV feed-in price. Validity dates are site
 * dates, both inclusive, `valid_to` null = open ended; the service refuses overlaps.
 *
 * `energy_hourly_cache`: one row per counter point and site day (the `rollup_daily` bucket) with the energy of
 * each local hour of that day (index = local hour), derived from `rollup_hourly` with the counter rule of
 * counterEnergy.ts. A row is used only while its inputs are unchanged: the daily rollup's sample count and
 * last timestamp, the previous day's last reading (a reset or a late sample before the day changes the first
 * hour) and the zone; anything else is recomputed and written back by the reader (statistics/energyCache.ts).
 */
export const name = '0023_billing';
export const up = `
CREATE TABLE billing_tariffs (
  id            serial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name          text NOT NULL,
  name_en       text NOT NULL DEFAULT '',
  valid_from    date NOT NULL,
  valid_to      date,
  rows          jsonb NOT NULL,
  demand_mode   text NOT NULL DEFAULT 'none' CHECK (demand_mode IN ('none', 'capacity', 'demand')),
  basic_price   double precision NOT NULL DEFAULT 0,
  capacity_kva  double precision,
  pf_standard   double precision CHECK (pf_standard IN (0.9, 0.85, 0.8)),
  feed_in_price double precision,
  version       integer NOT NULL DEFAULT 1,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX billing_tariffs_project_idx ON billing_tariffs(project_id, valid_from);

INSERT INTO billing_tariffs (project_id, name, name_en, valid_from, rows)
SELECT pr.id, '分时电价', 'Time-of-use tariff', DATE '2000-01-01', jsonb_build_object(
  'periods', (SELECT jsonb_agg(jsonb_build_object('month', t.month, 'band', t.band, 'start_min', t.start_min, 'end_min', t.end_min)
              ORDER BY t.month, t.start_min) FROM tariff_periods t WHERE t.project_id = pr.id),
  'prices', coalesce((SELECT jsonb_agg(jsonb_build_object('month', p.month, 'band', p.band, 'price', p.price))
              FROM tariff_prices p WHERE p.project_id = pr.id AND p.energy_type = 'power'), '[]'::jsonb))
FROM projects pr WHERE EXISTS (SELECT 1 FROM tariff_periods t WHERE t.project_id = pr.id);

DROP TABLE tariff_periods;
DROP TABLE tariff_prices;

CREATE TABLE energy_hourly_cache (
  point_id   integer NOT NULL,
  bucket     timestamptz NOT NULL,
  zone       text NOT NULL,
  day        date NOT NULL,
  cnt        integer NOT NULL,
  last_ts    timestamptz NOT NULL,
  prev_last  double precision,
  hours      double precision[] NOT NULL,
  PRIMARY KEY (point_id, bucket)
);
`;
