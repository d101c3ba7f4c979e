import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { makePng } from '../../test-support/png.js';
import { facePhotoKeyring } from './photo.js';

describe('face photos', () => {
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
