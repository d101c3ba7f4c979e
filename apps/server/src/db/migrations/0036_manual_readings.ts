/**
 * Data entry (/RunSetup/DataEntrySet; docs/data-entry.md): meters without communication and their readings
 * entered by hand. A manual meter of water, gas, heat or electricity owns a device without gateway and one
 * counter point (EW, EG, EH, EP): the readings are turned into that point's hourly and daily rollups by linear
 * interpolation (data-entry/interpolate.ts), so the energy statistics read them exactly as they read telemetry
 * counters. Diesel has no energy tree: its meters keep readings and consumption only (`point_id` null).
 * A reading may record a meter replacement: `old_final_value` is the old meter's last reading at that time and
 * `value` the new meter's start value. Photos (PNG/JPEG, checked by magic bytes) are kept in the row.
 */
export const name = '0036_manual_readings';
export const up = `
CREATE TABLE manual_meters (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  energy_type  text NOT NULL CHECK (energy_type IN ('power', 'water', 'gas', 'heat', 'diesel')),
  name         text NOT NULL,
  name_en      text NOT NULL DEFAULT '',
  unit         text NOT NULL,
  multiplier   double precision NOT NULL DEFAULT 1 CHECK (multiplier > 0),
  room_id      integer REFERENCES rooms(id) ON DELETE SET NULL,
  device_id    integer REFERENCES devices(id) ON DELETE SET NULL,
  point_id     integer REFERENCES device_points(id) ON DELETE SET NULL,
  version      integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX manual_meters_project_idx ON manual_meters(project_id);

CREATE TABLE manual_readings (
  id               serial PRIMARY KEY,
  meter_id         integer NOT NULL REFERENCES manual_meters(id) ON DELETE CASCADE,
  read_at          timestamptz NOT NULL,
  value            double precision NOT NULL,
  replacement      boolean NOT NULL DEFAULT false,
  old_final_value  double precision,
  note             text NOT NULL DEFAULT '',
  photo            bytea,
  photo_type       text,
  entered_by       integer REFERENCES users(id) ON DELETE SET NULL,
  version          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (meter_id, read_at),
  CHECK (replacement = (old_final_value IS NOT NULL))
);
`;
