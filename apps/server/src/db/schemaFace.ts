import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0033_face_library; they mirror it exactly. */
export interface FaceGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string;
  door_ids: ColumnType<number[], string, string>;
  days: ColumnType<number[], string, string>;
  time_from: string;
  time_to: string;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface FacePeopleTable {
  id: Generated<number>;
  project_id: number;
  group_id: number | null;
  name: string;
  name_en: string;
  kind: string;
  company: string;
  phone: string;
  /** `date` columns, read as 'YYYY-MM-DD' (cast in the repository). */
  valid_from: ColumnType<string | null, string | null, string | null>;
  valid_until: ColumnType<string | null, string | null, string | null>;
  enabled: boolean;
  version: Generated<number>;
  created_at: Generated<Date>;
  /** Migration 0039: deleted, waiting for every terminal's face_delete acknowledgement. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface FacePhotosTable {
  person_id: number;
  mime: string;
  width: number;
  height: number;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  key_id: string;
  created_at: Generated<Date>;
}

/** Migration 0039_face_sync. */
export interface FaceSyncTable {
  person_id: number;
  device_id: number;
  status: string;
  reason: Generated<string>;
  attempts: Generated<number>;
  next_at: Generated<Date>;
  claimed_until: Date | null;
  command_id: string | null;
  sent_at: Date | null;
  acked_at: Date | null;
  updated_at: Generated<Date>;
}

export interface FaceRecordsTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number;
  device_id: number;
  record_key: string;
  ts: Date;
  person_id: number | null;
  stranger: boolean;
  score: number;
  result: string;
  event_id: number | null;
  created_at: Generated<Date>;
}

export interface FaceRecordSnapshotsTable {
  record_id: number;
  mime: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  key_id: string;
}

export interface FaceSettingsTable {
  project_id: number;
  night_from: Generated<string>;
  night_to: Generated<string>;
}

export interface ServerSecretsTable {
  name: string;
  value: Buffer;
  created_at: Generated<Date>;
}

export interface FaceDB {
  face_groups: FaceGroupsTable;
  face_people: FacePeopleTable;
  face_photos: FacePhotosTable;
  face_sync: FaceSyncTable;
  face_records: FaceRecordsTable;
  face_record_snapshots: FaceRecordSnapshotsTable;
  face_settings: FaceSettingsTable;
  server_secrets: ServerSecretsTable;
}
