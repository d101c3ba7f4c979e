import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type LiveCameraList, type VideoCamera } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { createFfmpegResolver } from './ffmpeg.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const MEDIA = 'http://media.example:8888';
// The system's ffmpeg or the npm-shipped one (docs/video.md "Which ffmpeg").
const hasFfmpeg = (await createFfmpegResolver('ffmpeg').resolve()) !== null;

/** Reads a multipart MJPEG response until `n` JPEG frames arrived, then hangs up. */
function mjpegFrames(url: string, n: number): Promise<{ status: number; type: string; frames: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      const frames: Buffer[] = [];
      let buf = Buffer.alloc(0);
      if (res.statusCode !== 200) {
        res.resume();
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), frames });
        return;
      }
      res.on('data', (c: Buffer) => {
        buf = Buffer.concat([buf, c]);
        for (;;) {
          const s = buf.indexOf(Buffer.from([0xff, 0xd8]));
          const e = s < 0 ? -1 : buf.indexOf(Buffer.from([0xff, 0xd9]), s + 2);
          if (e < 0) break;
          frames.push(buf.subarray(s, e + 2));
          buf = buf.subarray(e + 2);
        }
        if (frames.length >= n) {
          req.destroy();
          resolve({ status: 200, type: String(res.headers['content-type']), frames });
        }
      });
    });
    req.on('error', reject);
  });
}

/**
 * Live video on a real database: camera configuration (permission, scope, validation, masked credentials,
 * version check, audit), what viewers get (no credentials, signed MJPEG paths), a demo camera streaming real
 * ffmpeg frames that advance, and an event's media.
 */
describe.each(backends)('live video on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let xihu: string;
  let suzhou: number;
  let base: string;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { env: { VIDEO_ORIGINS: MEDIA } });
    site = await loginAs(t.app, 'site');
    worker = await loginAs(t.app, 'worker');
    xihu = await loginAs(t.app, 'xihu');
    suzhou = (await t.database.db.selectFrom('projects').select('id').where('name', 'like', '苏州%').executeTakeFirstOrThrow()).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists the seeded demo cameras to configurers only, and to viewers without their stream URLs', async () => {
    const list = await call<VideoCamera[]>('GET', `/api/v6/video/cameras?project_id=${suzhou}`, site);
    expect(list.code).toBe(1);
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    expect(list.data[0]).toMatchObject({ stream_url: 'sim://testsrc2', project_id: suzhou });
    expect(list.data.every((c) => c.name && c.name_en)).toBe(true);
    expect((await call('GET', `/api/v6/video/cameras?project_id=${suzhou}`, worker)).code).toBe(ErrorCode.Forbidden);
    const live = await call<LiveCameraList>('GET', `/api/v6/video/live?project_id=${suzhou}`, worker);
    expect(live.code).toBe(1);
    expect(live.data.video_available).toBe(hasFfmpeg);
    expect(live.data.cameras[0]).toMatchObject({ kind: hasFfmpeg ? 'mjpeg' : 'snapshot', has_snapshot: true });
    expect(JSON.stringify(live.data)).not.toContain('sim://');
    // Another group's site user reaches neither the list nor a camera's snapshot.
    expect((await call('GET', `/api/v6/video/live?project_id=${suzhou}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/video/snapshot/${list.data[0]!.id}`, xihu)).code).toBe(ErrorCode.Forbidden);
  });

  it('refuses streams browsers cannot play, foreign media servers, rooms of other sites and duplicate names, naming the field', async () => {
    const ok = { project_id: suzhou, room_id: null, name: '测试摄像机', name_en: 'Test camera', snapshot_url: '', ptz: false };
    const rtsp = await call('POST', '/api/v6/video/camera', site, { ...ok, stream_url: 'rtsp://admin:pw@10.0.0.9:554/s1' });
    expect(rtsp).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stream_url' } });
    expect(rtsp.msg).toMatch(/MediaMTX/);
    expect(await call('POST', '/api/v6/video/camera', site, { ...ok, stream_url: 'https://elsewhere.example/cam/index.m3u8' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stream_url' } });
    expect(await call('POST', '/api/v6/video/camera', site, { ...ok, stream_url: `${MEDIA}/cam1/` })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'stream_url' } });
    const otherRoom = await t.database.db.selectFrom('rooms').select('id').where('project_id', '<>', suzhou).executeTakeFirstOrThrow();
    expect(await call('POST', '/api/v6/video/camera', site, { ...ok, room_id: otherRoom.id, stream_url: 'sim://x' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'room_id' } });
    const existing = (await call<VideoCamera[]>('GET', `/api/v6/video/cameras?project_id=${suzhou}`, site)).data[0]!;
    expect(await call('POST', '/api/v6/video/camera', site, { ...ok, name: existing.name, stream_url: 'sim://x' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'name' } });
    expect(await call('POST', '/api/v6/video/camera', site, { ...ok, stream_url: '' })).toMatchObject({ code: ErrorCode.Validation });
    // A worker may not configure, and no one configures another group's site.
    expect((await call('POST', '/api/v6/video/camera', worker, { ...ok, stream_url: 'sim://x' })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/video/camera', xihu, { ...ok, stream_url: 'sim://x' })).code).toBe(ErrorCode.Forbidden);
  });

  it('keeps stream passwords on the server: masked to configurers, stripped for viewers, kept on save, audited masked', async () => {
    const room = await t.database.db.selectFrom('rooms').select('id').where('project_id', '=', suzhou).executeTakeFirstOrThrow();
    const created = await call<VideoCamera>('POST', '/api/v6/video/camera', site, {
      project_id: suzhou,
      room_id: room.id,
      name: '2#门口',
      name_en: 'Door 2',
      stream_url: `http://viewer:s3cret@media.example:8888/door2/index.m3u8`,
      snapshot_url: 'http://admin:snap-pw@10.0.0.9/snap.jpg',
      ptz: true,
    });
    expect(created.code).toBe(1);
    expect(created.data.stream_url).toBe('http://viewer:***@media.example:8888/door2/index.m3u8');
    expect(created.data.snapshot_url).toBe('http://admin:***@10.0.0.9/snap.jpg');
    const live = await call<LiveCameraList>('GET', `/api/v6/video/live?project_id=${suzhou}`, worker);
    const cam = live.data.cameras.find((c) => c.id === created.data.id)!;
    expect(cam).toMatchObject({ kind: 'hls', play_url: 'http://media.example:8888/door2/index.m3u8', ptz: true });
    expect(JSON.stringify(live.data)).not.toMatch(/s3cret|snap-pw/);

    const updated = await call<VideoCamera>('PUT', `/api/v6/video/camera/${created.data.id}`, site, { ...created.data, name_en: 'Door two' });
    expect(updated).toMatchObject({ code: 1, data: { name_en: 'Door two', version: 2 } });
    const stored = await t.database.db.selectFrom('video_cameras').select(['stream_url', 'snapshot_url']).where('id', '=', created.data.id).executeTakeFirstOrThrow();
    // Kept, and sealed at rest (docs/security.md "Stored secrets"; more in videoOutbound.int.test.ts).
    expect(stored.stream_url).toMatch(/^gs1:/);
    expect(stored.snapshot_url).toMatch(/^gs1:/);
    expect(JSON.stringify(stored)).not.toMatch(/s3cret|snap-pw/);
    expect((await call<VideoCamera[]>('GET', `/api/v6/video/cameras?project_id=${suzhou}`, site)).data.find((c) => c.id === created.data.id)).toMatchObject({
      stream_url: 'http://viewer:***@media.example:8888/door2/index.m3u8',
      snapshot_url: 'http://admin:***@10.0.0.9/snap.jpg',
    });
    // A second save on the old version lost the race.
    expect(await call('PUT', `/api/v6/video/camera/${created.data.id}`, site, { ...created.data, name_en: 'Stale' })).toMatchObject({ code: ErrorCode.Conflict });

    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('target_type', '=', 'video_camera').where('target_id', '=', String(created.data.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['video.createCamera', 'video.updateCamera']);
    expect(JSON.stringify(audit)).not.toMatch(/s3cret|snap-pw/);

    expect((await call('DELETE', `/api/v6/video/camera/${created.data.id}`, worker)).code).toBe(ErrorCode.Forbidden);
    expect((await call('DELETE', `/api/v6/video/camera/${created.data.id}`, site)).code).toBe(1);
    expect((await call('PUT', `/api/v6/video/camera/${created.data.id}`, site, { ...updated.data })).code).toBe(ErrorCode.NotFound);
  });

  it.skipIf(!hasFfmpeg)("streams a demo camera's ffmpeg frames on the signed path; a forged or logged-out path gets nothing", async () => {
    const viewer = await loginAs(t.app, 'worker');
    const live = await call<LiveCameraList>('GET', `/api/v6/video/live?project_id=${suzhou}`, viewer);
    const cam = live.data.cameras.find((c) => c.kind === 'mjpeg')!;
    const got = await mjpegFrames(`${base}${cam.play_url}`, 3);
    expect(got.type).toMatch(/^multipart\/x-mixed-replace/);
    expect(got.frames).toHaveLength(3);
    expect(Buffer.compare(got.frames[0]!, got.frames[2]!)).not.toBe(0);
    // While it runs, a snapshot is the stream's own frame.
    const snap = await call<{ img: string }>('GET', `/api/v6/video/snapshot/${cam.id}`, viewer);
    expect(snap.data.img).toMatch(/^data:image\/(jpeg|svg\+xml);base64,/);

    const forged = cam.play_url!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await mjpegFrames(`${base}${forged}`, 1)).status).toBe(404);
    const other = live.data.cameras.find((c) => c.id !== cam.id && c.kind === 'mjpeg')!;
    expect((await mjpegFrames(`${base}${cam.play_url!.replace(`/${cam.id}/`, `/${other.id}/`)}`, 1)).status).toBe(404);
    await call('POST', '/api/v6/user/logout', viewer, {});
    expect((await mjpegFrames(`${base}${cam.play_url}`, 1)).status).toBe(404);
  });

  it("finds an event's capture and its room's camera", async () => {
    const db = t.database.db;
    const cam = await db.selectFrom('devices').select(['id', 'room_id', 'gateway_id', 'sn']).where('project_id', '=', suzhou).where('kind', '=', 'camera').executeTakeFirstOrThrow();
    const smoke = await db.selectFrom('devices').select('id').where('project_id', '=', suzhou).where('room_id', '=', cam.room_id).where('kind', '<>', 'camera').executeTakeFirstOrThrow();
    const raised = new Date(Date.now() - 60_000);
    await db.insertInto('captures').values({ project_id: suzhou, gateway_id: cam.gateway_id!, device_id: cam.id, device_sn: cam.sn, ts: new Date(raised.getTime() - 20_000), img: 'data:image/svg+xml;base64,PHN2Zy8+', msg: '烟感 报警', msg_en: 'Smoke alarm' }).execute();
    const ev = await db.insertInto('events').values({ project_id: suzhou, device_id: smoke.id, point_id: null, rule_id: null, event_type: 1, level: 1, title: 'smoke', message: '烟感报警', value: null, limit_value: null, rule_kind: null, state_from: null, group_key: null, message_key: null, message_params: null, raised_at: raised }).returning('id').executeTakeFirstOrThrow();
    const media = await call<{ camera: { room_id: number } | null; capture: { msg: string; img: string } | null }>('GET', `/api/v6/video/event-media?event_id=${ev.id}`, site);
    expect(media.code).toBe(1);
    expect(media.data.capture).toMatchObject({ msg: 'Smoke alarm', img: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(media.data.camera).toMatchObject({ room_id: cam.room_id });
    expect((await call('GET', `/api/v6/video/event-media?event_id=${ev.id}`, xihu)).code).toBe(ErrorCode.Forbidden);
  });
});

describe('live video without ffmpeg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { VIDEO_FFMPEG: 'off' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows the demo cameras as snapshots drawn by the server, with name and time', async () => {
    const token = await loginAs(t.app, 'site');
    const suzhou = (await t.database.db.selectFrom('projects').select('id').where('name', 'like', '苏州%').executeTakeFirstOrThrow()).id;
    const live = (await t.app.inject({ url: `/api/v6/video/live?project_id=${suzhou}`, headers: apiHeaders(token, { 'accept-language': 'en' }) })).json<Envelope<LiveCameraList>>();
    expect(live.data.video_available).toBe(false);
    const cam = live.data.cameras[0]!;
    expect(cam).toMatchObject({ kind: 'snapshot', play_url: null });
    const snap = (await t.app.inject({ url: `/api/v6/video/snapshot/${cam.id}`, headers: apiHeaders(token, { 'accept-language': 'en' }) })).json<Envelope<{ img: string; ts: string }>>();
    const svg = Buffer.from(snap.data.img.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toContain(cam.name.replace(/&/g, '&#38;'));
    expect(svg).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });
});
