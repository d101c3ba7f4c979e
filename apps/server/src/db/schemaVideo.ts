import type { Generated } from 'kysely';

/** Kysely types of migration 0028_video; they mirror it exactly. */
export interface VideoCamerasTable {
  id: Generated<number>;
  project_id: number;
  room_id: number | null;
  name: string;
  name_en: Generated<string>;
  stream_url: string;
  snapshot_url: Generated<string>;
  ptz: Generated<boolean>;
  sort: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface VideoDB {
  video_cameras: VideoCamerasTable;
}
