import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { lazyDataKey } from '../../lib/dataKey.js';

export interface SealedPhoto {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  /** First 8 hex digits of SHA-256(key): tells which key sealed a row without revealing it. */
  key_id: string;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * The face-photo key: FACE_PHOTO_KEY when set, else DATA_DIR/face-photo.key, generated once (mode 0600).
 * Resolved on first use, so servers that never touch a photo never write the file.
 */
export function facePhotoKeyring(configured: Buffer | undefined, dataDir: string) {
  const get = lazyDataKey(configured, dataDir, 'face-photo.key');
  return {
    /**
     * AES-256-GCM with a fresh 12-byte IV; `scope:id` (a person's photo, a record's snapshot `face-record`) is
     * bound as associated data (no swapping rows).
     */
    seal(plain: Buffer, personId: number, scope = 'face'): SealedPhoto {
      const k = get();
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', k, iv);
      c.setAAD(Buffer.from(`${scope}:${personId}`));
      const ciphertext = Buffer.concat([c.update(plain), c.final()]);
      return { iv, tag: c.getAuthTag(), ciphertext, key_id: keyIdOf(k) };
    },
    open(s: SealedPhoto, personId: number, scope = 'face'): Buffer {
      const d = createDecipheriv('aes-256-gcm', get(), s.iv);
      d.setAAD(Buffer.from(`${scope}:${personId}`));
      d.setAuthTag(s.tag);
      return Buffer.concat([d.update(s.ciphertext), d.final()]);
    },
  };
}
export type FacePhotoKeyring = ReturnType<typeof facePhotoKeyring>;
