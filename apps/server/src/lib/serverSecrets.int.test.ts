import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedStreamSigner } from '../modules/video/urls.js';
import { backends, startTestApp, type TestApp } from '../test-support/backends.js';
import { sharedSecret } from './serverSecrets.js';

/**
 * The MJPEG stream signing key is shared through the database: two server instances (two signers, each loading
 * the key on first use, concurrently) agree on it, so a path one signs verifies on the other without sticky
 * sessions; a path for another camera, or from a signer with another key, does not.
 */
describe.each(backends)('shared stream signing key on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: false });
  });
  afterAll(async () => t?.close());

  it('a path signed by one instance verifies on another', async () => {
    const db = t.database.db;
    const instanceA = createSharedStreamSigner(() => sharedSecret(db, 'video.stream_signing_key'));
    const instanceB = createSharedStreamSigner(() => sharedSecret(db, 'video.stream_signing_key'));
    await Promise.all([instanceA.ready!(), instanceB.ready!()]);
    const token = instanceA.sign(7, 42);
    expect(instanceB.verify(7, token)).toBe(42);
    expect(instanceB.verify(8, token)).toBeNull();
    const stranger = createSharedStreamSigner(() => sharedSecret(db, 'another.key'));
    await stranger.ready!();
    expect(stranger.verify(7, token)).toBeNull();
    const rows = await db.selectFrom('server_secrets').select('name').where('name', '=', 'video.stream_signing_key').execute();
    expect(rows).toHaveLength(1);
  });
});
