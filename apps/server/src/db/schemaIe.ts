import type { Generated } from 'kysely';

/** Kysely table types of migration 0030_ie_sets; they mirror it exactly. */
export interface IeCategoriesTable {
  id: Generated<number>;
  project_id: number;
  energy_type: string;
  key: string;
  name: string;
  name_en: string;
  sort: Generated<number>;
  builtin: Generated<boolean>;
  version: Generated<number>;
}

export interface IeMeterCategoriesTable {
  node_id: number;
  category_id: number;
}

export interface IeDB {
  ie_categories: IeCategoriesTable;
  ie_meter_categories: IeMeterCategoriesTable;
}
