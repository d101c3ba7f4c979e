import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type VideoCamera } from '@gridops/contract';
import sharp from 'sharp';
import { buildApp } from '../../app.js';
import { makePng } from '../../test-support/png.js';
import { apiHeaders, backends, loginAs, startTestApp, testConfig, type TestApp } from '../../test-support/backends.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

// A real picture: the snapshot is decoded and re-encoded before it reaches the console (docs/security.md "Uploaded images").
const PNG = makePng(24, 16);

/**
 * Camera snapshots through the outbound guard (docs/security.md "Outbound requests", "Stored secrets"): a snapshot
 * URL on an internal address is refused with one answer whether its port is open or closed (no reachability
 * oracle); a stored camera password never follows the URL to another host; it is ciphertext at rest.
 */
describe.each(backends)('camera snapshots and credentials on %s', (backend) => {
  let t: TestApp;
  let allowed: TestApp['app'];
  let site: string;
  let siteAllowed: string;
  let suzhou: number;
  let cam: http.Server;
  let camPort: number;
  let closedPort: number;
  const seen: { host: string; authorization: string | undefined }[] = [];

  const call = async <T = unknown>(app: TestApp['app'], method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const create = async (app: TestApp['app'], token: string, name: string, snapshotUrl: string) => {
    const r = await call<VideoCamera>(app, 'POST', '/api/v6/video/camera', token, { project_id: suzhou, room_id: null, name, name_en: name, stream_url: '/media/cam.m3u8', snapshot_url: snapshotUrl, ptz: false });
    expect(r.code, JSON.stringify(r)).toBe(1);
    return r.data;
  };

  beforeAll(async () => {
    // A camera on loopback (127.0.0.1 and 127.0.0.2 reach it) answering a PNG, recording who asked with what.
    cam = http.createServer((req, res) => {
      seen.push({ host: String(req.headers.host), authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((resolve) => cam.listen(0, '0.0.0.0', resolve));
    camPort = (cam.address() as AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    suzhou = (await t.database.db.selectFrom('projects').select('id').where('name', 'like', '苏州%').executeTakeFirstOrThrow()).id;
    ({ app: allowed } = await buildApp({ config: testConfig({ OUTBOUND_ALLOW: '127.0.0.0/8' }), db: t.database.db, logger: false }));
    await allowed.ready();
    siteAllowed = await loginAs(allowed, 'site');
  }, 120_000);
  afterAll(async () => {
    await allowed?.close();
    await t?.close();
    await new Promise<void>((resolve) => cam?.close(() => resolve()));
  });

  it('refuses a snapshot URL on loopback with the same answer for an open and a closed port', async () => {
    const open = await create(t.app, site, 'Loopback open', `http://127.0.0.1:${camPort}/snap.png`);
    const closed = await create(t.app, site, 'Loopback closed', `http://127.0.0.1:${closedPort}/snap.png`);
    const a = await call(t.app, 'GET', `/api/v6/video/snapshot/${open.id}`, site);
    const b = await call(t.app, 'GET', `/api/v6/video/snapshot/${closed.id}`, site);
    expect(a).toMatchObject({ code: ErrorCode.NotFound, data: { field: 'snapshot_url' } });
    expect(a.msg).toMatch(/internal network/);
    expect(b).toEqual(a);
    expect(seen).toEqual([]);
    // With OUTBOUND_ALLOW naming loopback, the snapshot is the camera's picture.
    const ok = await call<{ img: string }>(allowed, 'GET', `/api/v6/video/snapshot/${open.id}`, siteAllowed);
    expect(ok.data.img).toMatch(/^data:image\/png;base64,/);
    const picture = await sharp(Buffer.from(ok.data.img.split(',')[1]!, 'base64')).metadata();
    expect([picture.width, picture.height]).toEqual([24, 16]);
  });

  it("never sends a stored camera password to another host, and keeps it sealed at rest and masked in answers", async () => {
    const created = await create(allowed, siteAllowed, 'Door cam', `http://admin:Cam-Pa55@127.0.0.1:${camPort}/snap.png`);
    expect(created.snapshot_url).toBe(`http://admin:***@127.0.0.1:${camPort}/snap.png`);
    const row = await t.database.db.selectFrom('video_cameras').select(['snapshot_url', 'stream_url']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.snapshot_url).toMatch(/^gs1:/);
    expect(row.snapshot_url).not.toContain('Cam-Pa55');
    expect(row.stream_url).toBe('/media/cam.m3u8');

    const before = seen.length;
    expect((await call(allowed, 'GET', `/api/v6/video/snapshot/${created.id}`, siteAllowed)).code).toBe(1);
    expect(seen.slice(before)).toEqual([{ host: `127.0.0.1:${camPort}`, authorization: `Basic ${Buffer.from('admin:Cam-Pa55').toString('base64')}` }]);

    // The masked password with another host: refused naming the field; nothing is sent anywhere.
    const moved = await call(allowed, 'PUT', `/api/v6/video/camera/${created.id}`, siteAllowed, { ...created, snapshot_url: `http://admin:***@127.0.0.2:${camPort}/snap.png` });
    expect(moved).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'snapshot_url' } });
    const seenBefore = seen.length;
    await call(allowed, 'GET', `/api/v6/video/snapshot/${created.id}`, siteAllowed);
    expect(seen.slice(seenBefore).every((s) => s.host === `127.0.0.1:${camPort}`)).toBe(true);
    // The same host with the masked password keeps it; the list answers it masked.
    const kept = await call<VideoCamera>(allowed, 'PUT', `/api/v6/video/camera/${created.id}`, siteAllowed, { ...created, snapshot_url: `http://admin:***@127.0.0.1:${camPort}/other.png` });
    expect(kept.code, JSON.stringify(kept)).toBe(1);
    const list = await call<VideoCamera[]>(allowed, 'GET', `/api/v6/video/cameras?project_id=${suzhou}`, siteAllowed);
    expect(JSON.stringify(list)).not.toContain('Cam-Pa55');
    expect(list.data.find((c) => c.id === created.id)!.snapshot_url).toBe(`http://admin:***@127.0.0.1:${camPort}/other.png`);
    const audit = await t.database.db.selectFrom('audit_log').select(['before', 'after']).where('target_type', '=', 'video_camera').where('target_id', '=', String(created.id)).execute();
    expect(JSON.stringify(audit)).not.toContain('Cam-Pa55');
  });
});
