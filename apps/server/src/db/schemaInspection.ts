import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0027_inspection; they mirror it exactly. */
type Jsonb<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface InspectionTemplatesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  items: Jsonb<unknown>;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface InspectionPlansTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: Generated<string>;
  checkpoints: Jsonb<unknown>;
  schedule: Jsonb<unknown>;
  rrule: string;
  window_start: string;
  window_end: string;
  assignee_id: number;
  status: Generated<'draft' | 'published' | 'paused'>;
  /** YYYY-MM-DD (read as text). */
  generated_through: ColumnType<string | null, string | null | undefined, string | null>;
  published_at: Timestamp | null;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface InspectionTasksTable {
  id: Generated<number>;
  plan_id: number;
  project_id: number;
  occurrence: ColumnType<string, string, string>;
  window_start: Timestamp;
  window_end: Timestamp;
  assignee_id: number;
  checkpoints: Jsonb<unknown>;
  status: Generated<'pending' | 'in_progress' | 'done' | 'overdue'>;
  overdue_notified: Generated<boolean>;
  started_at: Timestamp | null;
  submitted_at: Timestamp | null;
  submission_id: string | null;
  results: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface InspectionPhotosTable {
  id: Generated<number>;
  task_id: number;
  photo: Buffer;
  photo_type: string;
}

export interface InspectionFindingsTable {
  id: Generated<number>;
  task_id: number;
  project_id: number;
  seq: number;
  checkpoint_name: string;
  checkpoint_name_en: Generated<string>;
  item_key: string;
  item_name: string;
  item_name_en: Generated<string>;
  value: number | null;
  unit: Generated<string>;
  note: Generated<string>;
  photo_ids: ColumnType<number[], number[] | undefined, number[]>;
  defect_status: Generated<'open' | 'defect_requested'>;
  defect_requested_by: number | null;
  defect_requested_at: Timestamp | null;
  created_at: Timestamp;
}

export interface InspectionDB {
  inspection_templates: InspectionTemplatesTable;
  inspection_plans: InspectionPlansTable;
  inspection_tasks: InspectionTasksTable;
  inspection_photos: InspectionPhotosTable;
  inspection_findings: InspectionFindingsTable;
}
