/**
 * Smart building (docs/smart-building.md): a site's buildings with their floors (BuildGroupSet) and the
 * equipment of each building by system (BuildAirSet, BuildOutdoorSet, BuildWaterSet, BuildPowerSet). `floors`
 * and `spec` hold what the contract's schemas validate on every write. A device belongs to one entry at most;
 * a building with equipment cannot be deleted (restrict), a device deleted leaves the entry unbound.
 */
export const name = '0041_smart_building';
export const up = `
CREATE TABLE buildings (
  id               serial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name             text NOT NULL,
  name_en          text NOT NULL,
  area_m2          double precision NOT NULL,
  meter_device_id  integer REFERENCES devices(id) ON DELETE SET NULL,
  floors           jsonb NOT NULL,
  version          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX buildings_project_idx ON buildings(project_id);
CREATE UNIQUE INDEX buildings_name_idx ON buildings(project_id, lower(name));
CREATE TABLE building_equipment (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  building_id  integer NOT NULL REFERENCES buildings(id) ON DELETE RESTRICT,
  system       text NOT NULL CHECK (system IN ('air', 'outdoor', 'water', 'power')),
  name         text NOT NULL,
  name_en      text NOT NULL,
  floor        text,
  device_id    integer REFERENCES devices(id) ON DELETE SET NULL,
  spec         jsonb NOT NULL,
  version      integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX building_equipment_project_idx ON building_equipment(project_id, system);
CREATE INDEX building_equipment_building_idx ON building_equipment(building_id);
CREATE UNIQUE INDEX building_equipment_device_idx ON building_equipment(device_id) WHERE device_id IS NOT NULL;
`;
