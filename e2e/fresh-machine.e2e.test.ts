import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, type ApiReply } from './support/api.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 27: a machine with nothing but Node plays the demo cameras and writes the Chinese monthly PDF, through
 * the ffmpeg and the CJK font that `npm install` brings (docs/video.md, docs/monthly-report.md). The server runs
 * with a PATH holding only `node` (no system ffmpeg) and FONT_DIRS naming an empty directory (no system fonts).
 */
describe('a machine without ffmpeg and CJK fonts', () => {
  let server: RunningServer;
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-bare-'));
  const binDir = path.join(bare, 'bin');
  const fontDir = path.join(bare, 'fonts');

  beforeAll(async () => {
    fs.mkdirSync(binDir);
    fs.mkdirSync(fontDir);
    // Node's own directory may hold a system ffmpeg too (/usr/bin): PATH gets a directory with node alone.
    fs.symlinkSync(process.execPath, path.join(binDir, 'node'));
    server = await startServer({ PATH: binDir, FONT_DIRS: fontDir, SEED_HISTORY_DAYS: '40', SIMULATOR: 'off' });
    // A second server's start: 154 s seen on a loaded machine; startServer itself gives up at 300 s.
  }, 320_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(bare, { recursive: true, force: true });
  });

  async function api<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.baseUrl}${url}`, { method, headers: apiHeaders(token), body: body === undefined ? undefined : JSON.stringify(body) });
    const reply = (await res.json()) as ApiReply<T>;
    expect(reply.code, reply.msg).toBe(1);
    return reply.data;
  }

  async function login(): Promise<string> {
    return (await api<{ token: string }>('POST', '/api/v6/user/login', '', { username: 'site', password: 'demo1234' })).token;
  }

  it("plays a demo camera as MJPEG frames from the npm-shipped ffmpeg (not the server's drawn snapshot)", async () => {
    const token = await login();
    const sites = await api<{ items: { project_id: number }[] }>('GET', '/api/v6/month-report/settings', token);
    const live = await api<{ video_available: boolean; cameras: { kind: string; play_url: string | null }[] }>('GET', `/api/v6/video/live?project_id=${sites.items[0]!.project_id}`, token);
    expect(live.video_available).toBe(true);
    const cam = live.cameras.find((c) => c.kind === 'mjpeg');
    expect(cam?.play_url).toBeTruthy();
    // Read the multipart stream until one whole JPEG (SOI … EOI) arrived, then hang up.
    const ac = new AbortController();
    const res = await fetch(`${server.baseUrl}${cam!.play_url!}`, { signal: ac.signal });
    expect(res.headers.get('content-type')).toContain('multipart/x-mixed-replace');
    let buf = Buffer.alloc(0);
    let jpeg: Buffer | null = null;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf = Buffer.concat([buf, chunk]);
      const start = buf.indexOf(Buffer.from([0xff, 0xd8]));
      const end = start < 0 ? -1 : buf.indexOf(Buffer.from([0xff, 0xd9]), start + 2);
      if (end > 0) {
        jpeg = buf.subarray(start, end + 2);
        break;
      }
    }
    ac.abort();
    expect(jpeg!.length).toBeGreaterThan(5000);
  });

  it('writes the Chinese monthly PDF with the npm-shipped font', async () => {
    const token = await login();
    const sites = await api<{ items: { project_id: number; languages: string[] }[] }>('GET', '/api/v6/month-report/settings', token);
    const site = sites.items[0]!;
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const month = last.toISOString().slice(0, 7);
    const view = await api<{ report: { id: number; languages: string[] } }>('POST', '/api/v6/month-report/generate', token, { project_id: site.project_id, month, send_mail: false });
    expect(view.report.languages).toContain('zh');
    const file = await api<{ content: string }>('GET', `/api/v6/month-report/reports/${view.report.id}/file?format=pdf`, token);
    const pdf = path.join(bare, 'r.pdf');
    fs.writeFileSync(pdf, Buffer.from(file.content, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const s of ['月度运行报告', '能耗与电费', '事件统计']) expect(text).toContain(s);
  });
});
