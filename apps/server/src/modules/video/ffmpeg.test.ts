import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFfmpegResolver, locateCommand, packageFfmpeg } from './ffmpeg.js';

describe('which ffmpeg the demo cameras run', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-path-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('npm install brought a static ffmpeg for this platform', () => {
    expect(packageFfmpeg()).toMatch(new RegExp(`@ffmpeg-installer/${process.platform}-${process.arch}/ffmpeg$`));
  });

  it("takes the system's ffmpeg on PATH, else the npm-shipped one, looked up again on every ask", async () => {
    const resolver = createFfmpegResolver('ffmpeg', { envPath: () => dir });
    expect(await resolver.resolve()).toEqual({ path: packageFfmpeg(), source: 'package' });
    // An "ffmpeg" installed on PATH while the server runs (a script that answers -version) is used from the next ask.
    const fake = path.join(dir, 'ffmpeg');
    fs.writeFileSync(fake, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(locateCommand('ffmpeg', `/nonexistent${path.delimiter}${dir}`)).toBe(fake);
    expect(await resolver.resolve()).toEqual({ path: fake, source: 'system' });
    // One that does not run (exits non-zero) is passed over for the shipped one.
    fs.writeFileSync(fake, '#!/bin/sh\nexit 17\n', { mode: 0o755 });
    expect(await resolver.resolve()).toEqual({ path: packageFfmpeg(), source: 'package' });
  });

  it('VIDEO_FFMPEG=off is no ffmpeg; nothing found is none', async () => {
    expect(await createFfmpegResolver(null).resolve()).toBeNull();
    expect(await createFfmpegResolver('ffmpeg', { envPath: () => '', shipped: () => null }).resolve()).toBeNull();
    expect(locateCommand('/nonexistent/ffmpeg', undefined)).toBeNull();
  });
});
