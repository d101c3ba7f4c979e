/**
 * Live video (docs/video.md) and AI security (docs/gateway-protocol.md "AI events").
 * `video_cameras`: the cameras of a site as /RunSetup/SecMonitorSet configures them; `code` is the NVR channel
 * an edge AI box names in its events. `stream_url` is
 * what the browser plays (an HLS URL, a same-origin path, or `sim://…` for a demo camera made by ffmpeg);
 * `snapshot_url` is fetched by the server, so its credentials never reach browsers. `version` guards edits.
 */
export const name = '0028_video';
export const up = `
CREATE TABLE video_cameras (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  room_id      integer REFERENCES rooms(id) ON DELETE SET NULL,
  name         text NOT NULL,
  name_en      text NOT NULL DEFAULT '',
  stream_url   text NOT NULL,
  snapshot_url text NOT NULL DEFAULT '',
  code         text,
  ptz          boolean NOT NULL DEFAULT false,
  sort         integer NOT NULL DEFAULT 0,
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, name)
);
CREATE INDEX video_cameras_room_idx ON video_cameras(room_id);
CREATE UNIQUE INDEX video_cameras_code_idx ON video_cameras(project_id, code) WHERE code IS NOT NULL;

-- Detections of edge AI boxes; box_id dedupes QoS 1 redeliveries per gateway. Reviewed ones keep who and when;
-- a confirmed one links the event it raised.
CREATE TABLE ai_events (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  camera_id    integer NOT NULL REFERENCES video_cameras(id) ON DELETE CASCADE,
  gateway_id   integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  box_id       text NOT NULL,
  type         text NOT NULL CHECK (type IN ('intrusion', 'no_helmet', 'no_workwear', 'smoking', 'fire_smoke', 'fall', 'crowd')),
  confidence   real NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  boxes        jsonb NOT NULL DEFAULT '[]',
  snapshot     text NOT NULL,
  zone         text NOT NULL DEFAULT '',
  ts           timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'false_positive')),
  reviewed_by  integer REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at  timestamptz,
  event_id     integer REFERENCES events(id) ON DELETE SET NULL,
  UNIQUE (gateway_id, box_id)
);
CREATE INDEX ai_events_project_ts_idx ON ai_events(project_id, ts DESC);
`;
