import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * A secret shared by every server instance on one database (`server_secrets`, migration 0039): generated once by
 * whichever instance asks first (the insert that loses the race changes nothing), then read by all. For keys that
 * must agree across instances but are not worth an operator setting, such as the video stream signing key.
 */
export async function sharedSecret(db: Db, name: string, bytes = 32): Promise<Buffer> {
  await db.insertInto('server_secrets').values({ name, value: randomBytes(bytes) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
}
