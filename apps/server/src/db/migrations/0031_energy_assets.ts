/**
 * Energy-efficiency sets (docs/energy-assets.md): a site's PV arrays, wind turbines, storage systems and
 * chargers. One table for the four kinds; `spec` holds the kind's fields, validated by the contract's schema
 * on every write. A charger's meter and a storage system's PCS belong to one asset each.
 */
export const name = '0031_energy_assets';
export const up = `
CREATE TABLE energy_assets (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('pv', 'wind', 'ess', 'charger')),
  name        text NOT NULL,
  name_en     text NOT NULL,
  spec        jsonb NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX energy_assets_project_idx ON energy_assets(project_id, kind);
CREATE UNIQUE INDEX energy_assets_charger_device_idx ON energy_assets ((spec->>'device_id')) WHERE kind = 'charger';
CREATE UNIQUE INDEX energy_assets_ess_pcs_idx ON energy_assets ((spec->>'pcs_device_id')) WHERE kind = 'ess';
`;
