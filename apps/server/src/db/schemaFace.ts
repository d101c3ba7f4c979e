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

export interface FaceDB {
  face_groups: FaceGroupsTable;
  face_people: FacePeopleTable;
  face_photos: FacePhotosTable;
}
