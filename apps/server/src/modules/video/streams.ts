import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFontFile, packageCjkFont } from '../../lib/fonts.js';
import type { FfmpegResolver } from './ffmpeg.js';

/**
 * The demo cameras' live video (docs/video.md): one ffmpeg per watched camera, drawing a test pattern with the
 * camera's name and the site's wall clock burnt in, encoded as JPEG frames that every viewer of that camera
 * receives as a multipart MJPEG stream. A camera's ffmpeg starts with its first viewer and stops IDLE_MS after
 * its last one leaves; one that dies while watched is restarted (backing off to 10 s); all die with the server.
 */
export interface StreamLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StreamSource {
  /** Burnt into the picture. */
  label: string;
  /** IANA zone of the site: the clock shows its wall time. */
  zone: string;
}

export interface Viewer {
  frame(jpeg: Buffer): void;
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
/** The system's fonts for the burnt-in text, best first (in FONT_DIRS). */
const CJK_FONTS = ['NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc'];
const LATIN_FONTS = ['DejaVuSans.ttf'];

/** Splits a byte stream of concatenated JPEGs (ffmpeg `-f image2pipe -c:v mjpeg`) into frames. */
export function createJpegSplitter(onFrame: (jpeg: Buffer) => void, maxBytes = 4 * 1024 * 1024) {
  let buf: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const start = buf.indexOf(SOI);
      if (start < 0) {
        buf = Buffer.alloc(0);
        return;
      }
      const end = buf.indexOf(EOI, start + 2);
      if (end < 0) {
        if (start > 0) buf = buf.subarray(start);
        if (buf.length > maxBytes) buf = Buffer.alloc(0);
        return;
      }
      onFrame(Buffer.from(buf.subarray(start, end + 2)));
      buf = buf.subarray(end + 2);
    }
  };
}

/**
 * The font drawtext uses, looked up when a camera's ffmpeg starts: the system's Noto Sans CJK, else the CJK font
 * shipped as an npm dependency (lib/fonts), else the system's DejaVu (names in English only); null when none.
 * A file, not a family name: a static ffmpeg's fontconfig finds nothing on a machine without fonts.
 */
export function pickFont(fontDirs: readonly string[], shipped: () => string | null = packageCjkFont): { file: string; cjk: boolean } | null {
  const cjk = findFontFile(fontDirs, CJK_FONTS) ?? shipped();
  if (cjk) return { file: cjk, cjk: true };
  const latin = findFontFile(fontDirs, LATIN_FONTS);
  return latin ? { file: latin, cjk: false } : null;
}

/** ffmpeg's arguments for one test camera: 640×360 testsrc2 at `fps`, name and clock burnt in, JPEG frames on stdout. */
export function ffmpegArgs(opts: { labelFile: string; font: string | null; fps: number }): string[] {
  const font = opts.font ? `fontfile=${opts.font}:` : '';
  const box = 'box=1:boxcolor=black@0.55:boxborderw=6:fontcolor=white';
  const vf = [
    `drawtext=${font}textfile=${opts.labelFile}:x=12:y=12:fontsize=20:line_spacing=6:${box}`,
    `drawtext=${font}text='%{localtime}':x=12:y=h-th-14:fontsize=20:${box}`,
  ].join(',');
  return ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${opts.fps}`, '-vf', vf, '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '7', 'pipe:1'];
}

const IDLE_MS = 10_000;

interface Channel {
  key: number;
  source: StreamSource;
  viewers: Set<Viewer>;
  child: ChildProcess | null;
  last: Buffer | null;
  lastAt: number;
  restarts: number;
  idleTimer: NodeJS.Timeout | null;
  restartTimer: NodeJS.Timeout | null;
}

const quiet: StreamLog = { info: () => undefined, warn: () => undefined };

export function createStreamHub(opts: { ffmpeg: FfmpegResolver; fontDirs: readonly string[]; log?: StreamLog; fps?: number }) {
  const fps = opts.fps ?? 5;
  const channels = new Map<number, Channel>();
  /** The binary of the last look-up (`available()`), which the next ffmpeg started runs. */
  let binary: string | null = null;
  let dir: string | null = null;
  let closed = false;
  let log = opts.log ?? quiet;

  function start(ch: Channel) {
    if (closed || !binary || ch.child) return;
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-video-'));
    const labelFile = path.join(dir, `cam-${ch.key}.txt`);
    fs.writeFileSync(labelFile, ch.source.label);
    const font = pickFont(opts.fontDirs);
    const child = spawn(binary, ffmpegArgs({ labelFile, font: font?.file ?? null, fps }), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TZ: ch.source.zone } });
    ch.child = child;
    const split = createJpegSplitter((jpeg) => {
      ch.last = jpeg;
      ch.lastAt = Date.now();
      ch.restarts = 0;
      for (const v of ch.viewers) v.frame(jpeg);
    });
    child.stdout?.on('data', split);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-500)));
    child.once('error', (err) => log.warn({ camera: ch.key, err: err.message }, 'video: ffmpeg failed to start'));
    child.once('close', (code, signal) => {
      if (ch.child === child) ch.child = null;
      if (closed || ch.viewers.size === 0) return;
      // Died while watched: restart, backing off 1 s, 2 s, 4 s … 10 s.
      const delay = Math.min(10_000, 1000 * 2 ** ch.restarts);
      ch.restarts++;
      log.warn({ camera: ch.key, code, signal, stderr: stderr.trim() }, `video: ffmpeg exited; restarting in ${delay} ms`);
      ch.restartTimer = setTimeout(() => {
        ch.restartTimer = null;
        // Looked up again: the binary that died may be gone (uninstalled, or the npm one replaced).
        if (ch.viewers.size > 0) {
          void available().then(() => {
            if (ch.viewers.size > 0) start(ch);
          });
        }
      }, delay);
    });
  }

  function stop(ch: Channel) {
    if (ch.restartTimer) clearTimeout(ch.restartTimer);
    ch.restartTimer = null;
    const child = ch.child;
    ch.child = null;
    if (child && child.exitCode === null) child.kill('SIGKILL');
  }

  /** Looks up the ffmpeg to run now (docs/video.md "Which ffmpeg"); false: snapshots only. */
  async function available(): Promise<boolean> {
    const found = await opts.ffmpeg.resolve();
    if (found?.path !== binary) log.info({ ffmpeg: found?.path ?? null, source: found?.source ?? null }, found ? `video: using ffmpeg ${found.path} (${found.source})` : 'video: no ffmpeg; demo cameras show snapshots');
    binary = found?.path ?? null;
    return binary !== null;
  }

  return {
    available,
    /** Where supervision is logged (the app's logger, once it exists). */
    setLog(l: StreamLog) {
      log = l;
    },
    /** Whether the burnt-in label may be Chinese (a CJK font is there now). */
    cjkFont: () => pickFont(opts.fontDirs)?.cjk ?? false,

    /** Adds a viewer (starting the camera's ffmpeg with the binary `available()` found); the returned function removes it. */
    watch(key: number, source: StreamSource, viewer: Viewer): () => void {
      let ch = channels.get(key);
      if (!ch) {
        ch = { key, source, viewers: new Set(), child: null, last: null, lastAt: 0, restarts: 0, idleTimer: null, restartTimer: null };
        channels.set(key, ch);
      }
      const c = ch;
      c.source = source;
      if (c.idleTimer) clearTimeout(c.idleTimer);
      c.idleTimer = null;
      c.viewers.add(viewer);
      if (c.last && Date.now() - c.lastAt < 2000) viewer.frame(c.last);
      start(c);
      return () => {
        c.viewers.delete(viewer);
        if (c.viewers.size > 0 || closed) return;
        c.idleTimer = setTimeout(() => {
          c.idleTimer = null;
          if (c.viewers.size === 0) stop(c);
        }, IDLE_MS);
        c.idleTimer.unref();
      };
    },

    /** The camera's latest frame when its ffmpeg is running (for snapshots), else null. */
    lastFrame(key: number): { jpeg: Buffer; at: number } | null {
      const ch = channels.get(key);
      return ch?.last && ch.child && Date.now() - ch.lastAt < 5000 ? { jpeg: ch.last, at: ch.lastAt } : null;
    },

    /** How many ffmpeg processes run (tests, logs). */
    running: () => [...channels.values()].filter((c) => c.child !== null).length,

    /** Kills every ffmpeg and removes the temp dir. */
    close() {
      closed = true;
      for (const ch of channels.values()) {
        if (ch.idleTimer) clearTimeout(ch.idleTimer);
        stop(ch);
      }
      channels.clear();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type StreamHub = ReturnType<typeof createStreamHub>;
