import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migration 0028_video (cameras, AI detections); they mirror it exactly. */
export interface VideoCamerasTable {
  id: Generated<number>;
  project_id: number;
  room_id: number | null;
  name: string;
  name_en: Generated<string>;
  stream_url: string;
  snapshot_url: Generated<string>;
  code: string | null;
  ptz: Generated<boolean>;
  sort: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AiEventsTable {
  id: Generated<number>;
  project_id: number;
  camera_id: number;
  gateway_id: number;
  box_id: string;
  type: string;
  confidence: number;
  /** jsonb: read back parsed; written as JSON text. */
  boxes: ColumnType<unknown, string, string>;
  snapshot: string;
  zone: Generated<string>;
  ts: Timestamp;
  received_at: Generated<Date>;
  status: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  event_id: number | null;
}

export interface VideoDB {
  video_cameras: VideoCamerasTable;
  ai_events: AiEventsTable;
}
