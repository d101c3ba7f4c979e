import { z } from 'zod';
import {
  eventMedia,
  eventMediaQuery,
  liveCameraList,
  videoCamera,
  videoCameraCreateRequest,
  videoCameraUpdateRequest,
  videoIdParams,
  videoProjectQuery,
  videoSnapshot,
} from '../api/video.js';
import { defineRoute } from './define.js';

const tags = ['video'];

/**
 * Live video (docs/video.md): the camera configuration (/RunSetup/SecMonitorSet, 'configure') and what viewers
 * play (/ElectricalRoom/SecMonitor, the engine's video dialog, the event drawer). HLS files themselves are served
 * outside /api under a signed path (`/video/hls/…`), so a player needs no headers.
 */
export const videoApi = {
  cameras: defineRoute({
    method: 'GET',
    path: '/api/v6/video/cameras',
    tags,
    summary: "A site's configured cameras (stream passwords masked)",
    permission: 'configure',
    query: videoProjectQuery,
    data: z.array(videoCamera),
  }),
  createCamera: defineRoute({
    method: 'POST',
    path: '/api/v6/video/camera',
    tags,
    summary: 'Add a camera (HLS stream URL, or sim:// for a demo test camera)',
    permission: 'configure',
    body: videoCameraCreateRequest,
    data: videoCamera,
  }),
  updateCamera: defineRoute({
    method: 'PUT',
    path: '/api/v6/video/camera/:id',
    tags,
    summary: 'Change a camera (version checked; a masked password keeps the stored one)',
    permission: 'configure',
    params: videoIdParams,
    body: videoCameraUpdateRequest,
    data: videoCamera,
  }),
  deleteCamera: defineRoute({
    method: 'DELETE',
    path: '/api/v6/video/camera/:id',
    tags,
    summary: 'Remove a camera',
    permission: 'configure',
    params: videoIdParams,
    data: z.null(),
  }),
  live: defineRoute({
    method: 'GET',
    path: '/api/v6/video/live',
    tags,
    summary: "A site's cameras to watch: signed HLS URL or snapshots only, no credentials",
    query: videoProjectQuery,
    data: liveCameraList,
  }),
  snapshot: defineRoute({
    method: 'GET',
    path: '/api/v6/video/snapshot/:id',
    tags,
    summary: "A camera's current picture as a data URL (fetched by the server; generated for demo cameras)",
    params: videoIdParams,
    data: videoSnapshot,
  }),
  eventMedia: defineRoute({
    method: 'GET',
    path: '/api/v6/video/event-media',
    tags,
    summary: "An event's room camera (live) and the capture taken when it was raised",
    query: eventMediaQuery,
    data: eventMedia,
  }),
};
