import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJpegSplitter, ffmpegArgs, pickFont } from './streams.js';
import { classifyStream, createStreamSigner, maskUrl, playKind, stripCredentials, unmaskUrl } from './urls.js';

describe('stream URLs', () => {
  it('classifies demo, HLS and unplayable streams', () => {
    expect(classifyStream('sim://testsrc2')).toEqual({ kind: 'sim' });
    expect(classifyStream('https://media.example:8888/cam1/index.m3u8')).toEqual({ kind: 'hls', origin: 'https://media.example:8888' });
    expect(classifyStream('/media/cam1/index.m3u8')).toEqual({ kind: 'hls', origin: null });
    expect(classifyStream('rtsp://admin:x@10.0.0.2/s1')).toEqual({ kind: 'invalid', reason: 'rtsp' });
    expect(classifyStream('https://media.example/cam1/')).toEqual({ kind: 'invalid', reason: 'not_hls' });
    expect(classifyStream('//evil.example/x.m3u8')).toEqual({ kind: 'invalid', reason: 'bad_url' });
    expect(classifyStream('javascript:alert(1)')).toEqual({ kind: 'invalid', reason: 'bad_url' });
  });

  it('masks, restores and strips passwords', () => {
    const url = 'http://viewer:s3cret@media.example:8888/door/index.m3u8';
    expect(maskUrl(url)).toBe('http://viewer:***@media.example:8888/door/index.m3u8');
    expect(unmaskUrl(maskUrl(url), url)).toBe(url);
    expect(unmaskUrl('http://viewer:new@media.example:8888/door/index.m3u8', url)).toBe('http://viewer:new@media.example:8888/door/index.m3u8');
    expect(stripCredentials(url)).toBe('http://media.example:8888/door/index.m3u8');
    expect(maskUrl('sim://testsrc2')).toBe('sim://testsrc2');
  });

  it('plays demo cameras as MJPEG with ffmpeg and as snapshots without', () => {
    expect(playKind({ kind: 'sim' }, true)).toBe('mjpeg');
    expect(playKind({ kind: 'sim' }, false)).toBe('snapshot');
    expect(playKind({ kind: 'hls', origin: null }, false)).toBe('hls');
    expect(playKind({ kind: 'invalid', reason: 'rtsp' }, true)).toBeNull();
  });
});

describe('signed stream paths', () => {
  it('verify for their camera until they expire, and stay the same within a window', () => {
    let now = Date.UTC(2026, 10, 25, 12);
    const signer = createStreamSigner(Buffer.alloc(32, 7), 3600, () => now);
    const token = signer.sign(5, 42);
    expect(signer.sign(5, 42)).toBe(token);
    expect(signer.verify(5, token)).toBe(42);
    expect(signer.verify(6, token)).toBeNull();
    expect(signer.verify(5, token.replace(/^42/, '43'))).toBeNull();
    expect(signer.verify(5, 'garbage')).toBeNull();
    now += 2 * 3600_000;
    expect(signer.verify(5, token)).toBeNull();
  });
});

describe('ffmpeg test cameras', () => {
  it('split a byte stream into JPEG frames across chunk boundaries', () => {
    const frames: Buffer[] = [];
    const split = createJpegSplitter((f) => frames.push(f));
    const a = Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0xd9]);
    const b = Buffer.from([0xff, 0xd8, 3, 0xff, 0x00, 0xff, 0xd9]);
    const all = Buffer.concat([Buffer.from([9, 9]), a, b]);
    split(all.subarray(0, 5));
    split(all.subarray(5, 10));
    split(all.subarray(10));
    expect(frames).toEqual([a, b]);
  });

  it('burn the label file and the clock into testsrc2 and write JPEG frames to stdout', () => {
    const args = ffmpegArgs({ labelFile: '/tmp/x/cam-1.txt', font: '/fonts/a.ttc', fps: 5 });
    expect(args).toContain('testsrc2=size=640x360:rate=5');
    const vf = args[args.indexOf('-vf') + 1]!;
    expect(vf).toContain('textfile=/tmp/x/cam-1.txt');
    expect(vf).toContain("text='%{localtime}'");
    expect(vf).toContain('fontfile=/fonts/a.ttc');
    expect(args.slice(-6)).toEqual(['image2pipe', '-c:v', 'mjpeg', '-q:v', '7', 'pipe:1'].slice(-6));
  });

  it("prefer the system's CJK font, then the npm-shipped one, then DejaVu, for Chinese names", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    try {
      const put = (rel: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), '');
      };
      expect(pickFont([dir], () => null)).toBeNull();
      expect(pickFont([dir])).toMatchObject({ file: expect.stringMatching(/NotoSansHans-Regular\.otf$/), cjk: true });
      put('truetype/dejavu/DejaVuSans.ttf');
      expect(pickFont([dir], () => null)).toEqual({ file: path.join(dir, 'truetype/dejavu/DejaVuSans.ttf'), cjk: false });
      put('opentype/noto/NotoSansCJK-Regular.ttc');
      expect(pickFont([dir])).toEqual({ file: path.join(dir, 'opentype/noto/NotoSansCJK-Regular.ttc'), cjk: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
