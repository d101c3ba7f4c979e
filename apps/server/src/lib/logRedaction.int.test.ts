import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { createStreamSigner } from '../modules/video/urls.js';
import { apiHeaders, backends, createTestDatabase, loginAs, testConfig, type TestDatabase } from '../test-support/backends.js';

/** A secret nobody could find in a log by chance. */
const secret = (what: string) => `${what}-${randomBytes(9).toString('hex')}`;

/**
 * Issue 24 item 9: the real logger (pino at info, as in production) writes into memory while the test logs in,
 * opens stream paths with signed tokens, sends secrets in query strings (plain, `x[]=`, URL-encoded names, any
 * case), configures a camera whose URLs carry credentials and asks for its snapshot (the failure is logged with
 * the URL), and logs an ffmpeg command line; then every secret used is looked for in the captured log.
 */
describe.each(backends)('secrets never reach the log on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  const logLines: string[] = [];
  const MEDIA = 'http://127.0.0.1:9';

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    ({ app } = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', LOG_REQUESTS: 'all', VIDEO_ORIGINS: MEDIA }), db: database.db, logStream: { write: (line) => void logLines.push(line) } }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await tdb?.drop();
  });

  it('logs requests, stream paths, camera URLs and command lines without a single secret', async () => {
    const used: string[] = ['demo1234'];
    const token = await loginAs(app, 'site');
    used.push(token);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: apiHeaders(token) });
    const projectId = (await get('/api/v6/user/userinfo')).json<{ data: { project_id: number } }>().data.project_id;

    // Stream paths: the live list's signed MJPEG path (when ffmpeg is here), opened for a camera it is not for
    // (refused, so nothing streams), and a token of the same shape for the MJPEG and HLS paths.
    const live = (await get(`/api/v6/video/live?project_id=${projectId}`)).json<{ data: { cameras: { play_url: string | null }[] } }>().data;
    const signedPaths = live.cameras.map((c) => c.play_url).filter((u): u is string => u?.startsWith('/video/mjpeg/') === true);
    for (const p of signedPaths) {
      const streamToken = p.split('/')[4]!;
      used.push(streamToken, streamToken.split('.')[2]!);
      await app.inject({ method: 'GET', url: `/video/mjpeg/2147483000/${streamToken}` });
    }
    const signed = createStreamSigner(randomBytes(32)).sign(1, 5);
    used.push(signed, signed.split('.')[2]!);
    await app.inject({ method: 'GET', url: `/video/mjpeg/1/${signed}` });
    await app.inject({ method: 'GET', url: `/video/hls/1/${signed}/index.m3u8?x=1` });

    // Query strings: every name of the list, array forms, URL-encoded names, any case; ordinary values stay.
    const q = Object.fromEntries(['token[]', 'pass', 'secret', 'Password', 'access_token', 'sig', 'signature', 'api_key', 'Authorization', 'key', 'TOKEN'].map((n) => [n, secret(n.trim())]));
    used.push(...Object.values(q));
    const t1 = secret('token-array-2');
    const t2 = secret('encoded-array');
    used.push(t1, t2);
    await get(`/api/v6/user/userinfo?token[]=${q['token[]']}&token[]=${t1}&pass=${q.pass}&secret=${q.secret}&proid=3`);
    await get(`/api/v6/user/userinfo?Password=${q.Password}&access_token=${q.access_token}&sig=${q.sig}&signature=${q.signature}&keyword=ordinary`);
    await get(`/api/v6/user/userinfo?api_key=${q.api_key}&Authorization=${q.Authorization}&key=${q.key}&TOKEN=${q.TOKEN}&token%5B%5D=${t2}`);
    await app.inject({ method: 'GET', url: `/api/v6/nothing/here?secret=${q.secret}&pass=${q.pass}` });

    // A camera whose URLs carry credentials and a key: its snapshot fails (nothing listens) and is logged.
    const cam = { user: secret('camuser'), pass: secret('campass'), key: secret('camkey'), streamPass: secret('streampass'), streamToken: secret('streamtoken') };
    used.push(cam.pass, cam.key, cam.streamPass, cam.streamToken);
    const created = (
      await app.inject({
        method: 'POST',
        url: '/api/v6/video/camera',
        headers: apiHeaders(token),
        payload: { project_id: projectId, room_id: null, name: '日志测试', name_en: 'Log test', ptz: false, stream_url: `http://viewer:${cam.streamPass}@127.0.0.1:9/cam/index.m3u8?token=${cam.streamToken}`, snapshot_url: `http://${cam.user}:${cam.pass}@127.0.0.1:9/snap.jpg?key=${cam.key}&channel=1` },
      })
    ).json<{ code: number; data: { id: number } }>();
    expect(created.code).toBe(1);
    expect((await get(`/api/v6/video/snapshot/${created.data.id}`)).json<{ code: number }>().code).not.toBe(1);

    // What the video hub would log of an ffmpeg it ran on a camera with credentials.
    const ff = { pass: secret('ffpass'), token: secret('fftoken') };
    used.push(ff.pass, ff.token);
    app.log.warn({ stderr: `Input #0, rtsp, from 'rtsp://admin:${ff.pass}@127.0.0.1:554/s1?token=${ff.token}'` }, `video: ffmpeg -i rtsp://admin:${ff.pass}@127.0.0.1:554/s1 exited`);

    const log = logLines.join('');
    expect(log).toContain('/api/v6/user/userinfo');
    expect(log).toContain('camera snapshot failed');
    expect(log).toContain('[REDACTED]');
    expect(log).toContain('proid=3');
    expect(log).toContain('keyword=ordinary');
    expect(log).toContain('channel=1');
    const leaked = used.filter((s) => log.includes(s) || log.includes(encodeURIComponent(s)));
    expect(leaked).toEqual([]);
  });
});
