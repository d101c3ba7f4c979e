import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which ffmpeg makes the demo cameras' video (docs/video.md "Which ffmpeg"): the configured one (VIDEO_FFMPEG, a
 * command looked up on PATH, or a path; default `ffmpeg`) when it runs, else the static build shipped as an npm
 * dependency (@ffmpeg-installer/ffmpeg, which installs @ffmpeg-installer/<platform> with the binary inside).
 * Looked up again whenever a viewer asks (the live list, a stream), so an ffmpeg installed — or removed — while
 * the server runs counts at once. Each binary is run once (`-version`) per file version (path, size, mtime); the
 * look-up itself is a few stat calls.
 */
export interface FfmpegBinary {
  /** Absolute path of the binary spawned. */
  path: string;
  source: 'system' | 'package';
}

export interface FfmpegResolver {
  /** The ffmpeg to run now, or null (off, or none found). */
  resolve(): Promise<FfmpegBinary | null>;
}

/** `cmd` as spawn would find it: a path as is (relative to the cwd), a bare name on `PATH`; null when absent. */
export function locateCommand(cmd: string, envPath: string | undefined): string | null {
  const isFile = (p: string) => {
    try {
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (cmd.includes('/') || cmd.includes(path.sep)) return isFile(cmd) ? path.resolve(cmd) : null;
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, cmd);
    if (isFile(p)) return p;
  }
  return null;
}

const require = createRequire(import.meta.url);

/** The binary of @ffmpeg-installer/<platform>-<arch>, when npm installed it for this machine; else null. */
export function packageFfmpeg(): string | null {
  try {
    // Its own index throws on platforms without a binary; asking for the platform package directly does not.
    const dir = path.dirname(require.resolve(`@ffmpeg-installer/${process.platform}-${process.arch}/package.json`));
    const file = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Whether the ffmpeg command runs here (`ffmpeg -version` exits 0). */
export function probeFfmpeg(cmd: string | null): Promise<boolean> {
  if (!cmd) return Promise.resolve(false);
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(cmd, ['-version'], { stdio: 'ignore' });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * The resolver for `configured` (null: video off). `env` (PATH) and `shipped` are injectable for tests.
 */
export function createFfmpegResolver(configured: string | null, opts: { envPath?: () => string | undefined; shipped?: () => string | null } = {}): FfmpegResolver {
  const envPath = opts.envPath ?? (() => process.env.PATH);
  const shipped = opts.shipped ?? packageFfmpeg;
  // path → [file version, runs?]: a binary replaced in place is probed again.
  const probed = new Map<string, { version: string; ok: Promise<boolean> }>();

  function runs(file: string): Promise<boolean> {
    let version: string;
    try {
      const st = fs.statSync(file);
      version = `${st.size}:${st.mtimeMs}`;
    } catch {
      return Promise.resolve(false);
    }
    const known = probed.get(file);
    if (known?.version === version) return known.ok;
    const ok = probeFfmpeg(file);
    probed.set(file, { version, ok });
    return ok;
  }

  return {
    async resolve() {
      if (configured === null) return null;
      const system = locateCommand(configured, envPath());
      if (system && (await runs(system))) return { path: system, source: 'system' };
      const npm = shipped();
      if (npm && (await runs(npm))) return { path: npm, source: 'package' };
      return null;
    },
  };
}
