/**
 * Live video (docs/video.md): the cameras of a site as /RunSetup/SecMonitorSet configures them. `stream_url` is
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
  ptz          boolean NOT NULL DEFAULT false,
  sort         integer NOT NULL DEFAULT 0,
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, name)
);
CREATE INDEX video_cameras_room_idx ON video_cameras(room_id);
`;
