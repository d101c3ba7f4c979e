import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0035_month_report; they mirror it exactly. */
type Json<T> = ColumnType<T, string, string>;

export interface MonthReportSettingsTable {
  project_id: number;
  sections: Json<string[]>;
  recipients: Json<string[]>;
  languages: Json<string[]>;
  auto_generate: boolean;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface MonthReportsTable {
  id: Generated<number>;
  project_id: number;
  month: string;
  trigger: string;
  sections: Json<string[]>;
  languages: Json<string[]>;
  figures: Json<unknown>;
  pdf: Buffer;
  xlsx: Buffer;
  generated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  mail_status: Generated<string>;
  deliveries: ColumnType<unknown[], string | undefined, string>;
}

export interface MonthReportClaimsTable {
  project_id: number;
  month: string;
  claimed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  done: Generated<boolean>;
}

export interface MonthReportDB {
  month_report_settings: MonthReportSettingsTable;
  month_reports: MonthReportsTable;
  month_report_claims: MonthReportClaimsTable;
}
