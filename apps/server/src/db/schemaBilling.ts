import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0023_billing; they mirror it exactly. */
export interface BillingTariffsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  /** Site dates; pg returns `date` as a string in YYYY-MM-DD form once cast (see tariffRepository). */
  valid_from: ColumnType<string, string, string>;
  valid_to: ColumnType<string | null, string | null, string | null>;
  rows: ColumnType<unknown, string, string>;
  demand_mode: Generated<string>;
  basic_price: Generated<number>;
  capacity_kva: number | null;
  pf_standard: number | null;
  feed_in_price: number | null;
  /** 0051: declared (contract) maximum demand, kW; null = billed at the actual maximum demand. */
  declared_demand_kw: number | null;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface EnergyHourlyCacheTable {
  point_id: number;
  bucket: Date;
  zone: string;
  day: ColumnType<string, string, string>;
  cnt: number;
  last_ts: Date;
  prev_last: number | null;
  hours: number[];
}

export interface BillingDB {
  billing_tariffs: BillingTariffsTable;
  energy_hourly_cache: EnergyHourlyCacheTable;
}
