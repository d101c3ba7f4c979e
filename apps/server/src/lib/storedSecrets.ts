import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { lazyDataKey } from './dataKey.js';

/**
 * Secrets the server must be able to read back to use them (SMTP passwords, webhook URLs and signing secrets,
 * camera credentials) are stored encrypted: AES-256-GCM under SECRETS_KEY (docs/security.md "Stored secrets"), a
 * fresh 12-byte IV each time, and the column it belongs to bound as associated data, so a sealed value copied
 * to another column (a webhook secret into a URL) does not open. Stored as `gs1:` + base64url(iv ‖ tag ‖ ciphertext); '' stays ''
 * (nothing stored).
 */
export const SEALED_PREFIX = 'gs1:';

export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

/**
 * The key: SECRETS_KEY when set; otherwise (development and the demo only — a production start without it is
 * refused by config.ts) DATA_DIR/secrets.key, generated once with mode 0600. Resolved on first use.
 */
export function createSecretBox(configured: Buffer | undefined, dataDir: string) {
  const get = lazyDataKey(configured, dataDir, 'secrets.key');
  return {
    /** `context` names where the value lives (secretContext). */
    seal(plain: string, context: string): string {
      if (plain === '') return '';
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', get(), iv);
      c.setAAD(Buffer.from(context));
      const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64url');
    },
    /** The plain value; throws when the value is not sealed, was sealed for another place, or with another key. */
    open(stored: string, context: string): string {
      if (stored === '') return '';
      if (!isSealed(stored)) throw new Error(`${context} holds a value that is not encrypted`);
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      const d = createDecipheriv('aes-256-gcm', get(), raw.subarray(0, 12));
      d.setAAD(Buffer.from(context));
      d.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
      } catch {
        throw new Error(`${context} cannot be decrypted: SECRETS_KEY is not the key it was encrypted with`);
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** Where each kind of stored secret lives: the associated data of its ciphertext. */
export const secretContext = {
  smtpPassword: 'push_smtp.password',
  channelUrl: 'push_channels.url',
  channelSecret: 'push_channels.secret',
  cameraStreamUrl: 'video_cameras.stream_url',
  cameraSnapshotUrl: 'video_cameras.snapshot_url',
} as const;
