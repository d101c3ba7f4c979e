import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { makePng } from '../../test-support/png.js';
import { facePhotoKeyring, imageInfo } from './photo.js';

/** A baseline JPEG header: SOI, an APP0 segment, then SOF0 with height 300 and width 220. */
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108012c00dc03012200021101031101', 'hex');

describe('face photos', () => {
  it('reads type and pixel size from PNG and JPEG headers, nothing else', () => {
    expect(imageInfo(makePng(201, 333))).toEqual({ mime: 'image/png', width: 201, height: 333 });
    expect(imageInfo(jpeg)).toEqual({ mime: 'image/jpeg', width: 220, height: 300 });
    expect(imageInfo(Buffer.from('GIF89a....'))).toBeNull();
    expect(imageInfo(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('seals with AES-256-GCM bound to the person; a key file is generated once with mode 0600', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'face-key-'));
    const a = facePhotoKeyring(undefined, dir);
    const png = makePng(200, 200);
    const sealed = a.seal(png, 5);
    expect(sealed.ciphertext.equals(png)).toBe(false);
    expect(statSync(path.join(dir, 'face-photo.key')).mode & 0o777).toBe(0o600);
    // A second instance over the same DATA_DIR reads the same key.
    expect(facePhotoKeyring(undefined, dir).open(sealed, 5).equals(png)).toBe(true);
    expect(() => a.open(sealed, 6)).toThrow();
    expect(() => facePhotoKeyring(Buffer.alloc(32, 1), dir).open(sealed, 5)).toThrow();
  });

  it('validates FACE_PHOTO_KEY once at start: base64 of exactly 32 bytes', () => {
    expect(loadConfig({ FACE_PHOTO_KEY: Buffer.alloc(32, 3).toString('base64') }).facePhotoKey).toEqual(Buffer.alloc(32, 3));
    expect(loadConfig({}).facePhotoKey).toBeUndefined();
    expect(() => loadConfig({ FACE_PHOTO_KEY: Buffer.alloc(16).toString('base64') })).toThrow(ConfigError);
    expect(() => loadConfig({ FACE_PHOTO_KEY: 'not base64!' })).toThrow(/FACE_PHOTO_KEY/);
  });
});
