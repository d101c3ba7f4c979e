import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0034_equipment_ledger; they mirror it exactly. */
type Day = ColumnType<string | null, string | null, string | null>;

export interface DeviceNameplatesTable {
  device_id: number;
  maker: string;
  maker_en: string;
  model: string;
  serial_no: string;
  rating: string;
  location: string;
  /** `date` columns, read as 'YYYY-MM-DD' (cast in the repository). */
  install_date: Day;
  warranty_until: Day;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface DeviceDocumentsTable {
  id: Generated<number>;
  device_id: number;
  name: string;
  mime: string;
  size: number;
  content: Buffer;
  uploaded_by: number | null;
  created_at: Generated<Date>;
}

export interface LedgerDB {
  device_nameplates: DeviceNameplatesTable;
  device_documents: DeviceDocumentsTable;
}
