/**
 * Integrated-energy sets (docs/integrated-energy-sets.md): each site's use categories per energy type
 * (built-in keys created on first read, user-added ones keyed `c{id}`) and which metering-tree node measures
 * which category. A node belongs to at most one category; a category with meters cannot be deleted (RESTRICT).
 */
export const name = '0030_ie_sets';
export const up = `
CREATE TABLE ie_categories (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  energy_type text NOT NULL CHECK (energy_type IN ('power', 'water', 'gas', 'heat')),
  key         text NOT NULL,
  name        text NOT NULL,
  name_en     text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  builtin     boolean NOT NULL DEFAULT false,
  version     integer NOT NULL DEFAULT 1,
  UNIQUE (project_id, energy_type, key)
);
CREATE UNIQUE INDEX ie_categories_name_idx ON ie_categories(project_id, energy_type, lower(name));
CREATE UNIQUE INDEX ie_categories_name_en_idx ON ie_categories(project_id, energy_type, lower(name_en));

CREATE TABLE ie_meter_categories (
  node_id     integer PRIMARY KEY REFERENCES meter_nodes(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES ie_categories(id) ON DELETE RESTRICT
);
CREATE INDEX ie_meter_categories_category_idx ON ie_meter_categories(category_id);
`;
