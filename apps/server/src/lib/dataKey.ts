import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte key: the configured one when set; otherwise (development and the demo) `dataDir/fileName`, generated
 * once with mode 0600 and read back by every later start. Resolved on the first call, so a server that never
 * needs the key never writes the file. Serves the stored-secrets key and the face-photo key.
 */
export function lazyDataKey(configured: Buffer | undefined, dataDir: string, fileName: string): () => Buffer {
  let key: Buffer | undefined = configured;
  return () => {
    if (key) return key;
    const file = path.join(dataDir, fileName);
    try {
      key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    } catch {
      mkdirSync(dataDir, { recursive: true });
      const fresh = randomBytes(32);
      // 'wx': never overwrite a key another process wrote between our read and this write.
      try {
        writeFileSync(file, fresh.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
        key = fresh;
      } catch {
        key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      }
    }
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  };
}
