import { z } from 'zod';
import { bigIdParam, dbId, dbIdParam, rowVersion } from '../ids.js';

/**
 * Live video (docs/video.md). A camera is configured per site in /RunSetup/SecMonitorSet: names, room, the
 * stream the browser plays and the snapshot the server fetches. `sim://…` streams are the demo's test cameras,
 * made by ffmpeg on the server; real cameras (RTSP) reach browsers through a media server as HLS.
 */
export const videoProjectQuery = z.object({ project_id: dbIdParam });
export const videoIdParams = z.object({ id: dbIdParam });

/** A camera as the configuration page lists it. URL passwords come back as `***` (kept on save). */
export const videoCamera = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  room_id: z.number().int().nullable(),
  room_name: z.string(),
  name: z.string(),
  name_en: z.string(),
  /** The NVR channel code edge AI boxes name in their events (docs/gateway-protocol.md); empty when none. */
  code: z.string(),
  stream_url: z.string(),
  snapshot_url: z.string(),
  ptz: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type VideoCamera = z.infer<typeof videoCamera>;

export const videoCameraCreateRequest = z.object({
  project_id: dbId,
  room_id: dbId.nullable(),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(80).default(''),
  code: z.string().trim().max(64).regex(/^[A-Za-z0-9._-]*$/).default(''),
  stream_url: z.string().trim().min(1).max(500),
  snapshot_url: z.string().trim().max(500).default(''),
  ptz: z.boolean().default(false),
});
export const videoCameraUpdateRequest = videoCameraCreateRequest.omit({ project_id: true }).extend({ version: rowVersion });

/**
 * How the console shows a camera: 'mjpeg' (a multipart JPEG stream in an <img>: the demo cameras, made by ffmpeg),
 * 'hls' (a media server's playlist, played by hls.js or natively), or 'snapshot' (pictures refreshed every few
 * seconds: demo cameras on a server without ffmpeg).
 */
export const VIDEO_PLAY_KINDS = ['mjpeg', 'hls', 'snapshot'] as const;
export type VideoPlayKind = (typeof VIDEO_PLAY_KINDS)[number];

/** A camera as a viewer sees it: no stream credentials, a play URL signed for this user. */
export const liveCamera = z.object({
  id: z.number().int(),
  room_id: z.number().int().nullable(),
  room_name: z.string(),
  name: z.string(),
  ptz: z.boolean(),
  kind: z.enum(VIDEO_PLAY_KINDS),
  /** The MJPEG stream (signed for this user, no headers needed) or the HLS playlist; null for snapshot-only. */
  play_url: z.string().nullable(),
  /** Whether GET /video/snapshot/:id gives a picture. */
  has_snapshot: z.boolean(),
});
export type LiveCamera = z.infer<typeof liveCamera>;

export const liveCameraList = z.object({
  /** false when the server has no ffmpeg: the demo cameras then show snapshots only. */
  video_available: z.boolean(),
  cameras: z.array(liveCamera),
});
export type LiveCameraList = z.infer<typeof liveCameraList>;

export const videoSnapshot = z.object({ img: z.string(), ts: z.string() });

/** What the event drawer and the pending dialog show: the live camera of the event's room and the capture taken. */
export const eventMediaQuery = z.object({ event_id: bigIdParam });
export const eventMedia = z.object({
  camera: liveCamera.nullable(),
  capture: z.object({ id: z.number().int(), ts: z.string(), img: z.string(), msg: z.string() }).nullable(),
});
export type EventMedia = z.infer<typeof eventMedia>;
