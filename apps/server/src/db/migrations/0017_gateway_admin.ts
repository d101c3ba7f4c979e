/**
 * Gateway administration (/RunSetup/DevMonitorSet): gateways get an English name (if 0013 has not added it) and the time their
 * credentials were issued (an empty `secret_hash` means none: never issued, or revoked); device serials a
 * registered gateway reports but nobody registered are counted per gateway for the "unknown devices" list.
 */
export const name = '0017_gateway_admin';
export const up = `
ALTER TABLE gateways
  ADD COLUMN IF NOT EXISTS name_en text NOT NULL DEFAULT '',
  ADD COLUMN credentials_at timestamptz,
  ADD COLUMN created_at     timestamptz NOT NULL DEFAULT now();
UPDATE gateways SET credentials_at = now() WHERE secret_hash <> '';

CREATE TABLE unknown_devices (
  gateway_id     integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  device_sn      text NOT NULL,
  point_keys     text[] NOT NULL DEFAULT '{}',
  count          bigint NOT NULL DEFAULT 0,
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_id, device_sn)
);
`;
