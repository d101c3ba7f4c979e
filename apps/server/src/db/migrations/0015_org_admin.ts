/**
 * Organisation and project administration (issue 12): organisations can be disabled and carry a version for
 * optimistic concurrency; projects carry a version, an English address and the storage power and charger
 * figures of the station form. IF NOT EXISTS: a column another migration already added is left as it is.
 */
export const name = '0015_org_admin';
export const up = `
ALTER TABLE organizations
  ADD COLUMN IF NOT EXISTS enabled     boolean NOT NULL DEFAULT true,
  ADD COLUMN IF NOT EXISTS version     integer NOT NULL DEFAULT 1,
  ADD COLUMN IF NOT EXISTS updated_at  timestamptz NOT NULL DEFAULT now();
ALTER TABLE projects
  ADD COLUMN IF NOT EXISTS version           integer NOT NULL DEFAULT 1,
  ADD COLUMN IF NOT EXISTS address_en        text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS storage_power_kw  double precision NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS charger_count     integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS charger_power_kw  double precision NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS updated_at        timestamptz NOT NULL DEFAULT now();
`;
