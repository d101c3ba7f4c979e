import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { MigrationContext } from './index.js';
import { isSealed, secretContext } from '../../lib/storedSecrets.js';
import { maskUrlSecrets } from '../../lib/urlSecrets.js';

/**
 * Stored secrets encrypted at rest (docs/security.md "Stored secrets"): SMTP passwords, webhook URLs (their
 * access tokens and keys are part of the URL) and signing secrets, and camera URLs that carry credentials (a password, a key in the query) are
 * re-written sealed with SECRETS_KEY (AES-256-GCM, lib/storedSecrets.ts). The server passes the key; a database
 * with secrets to seal and no key given (a tool run before the upgraded server) stops here instead of leaving them
 * readable.
 */
export const name = '0048_sealed_secrets';
export const up = `
COMMENT ON COLUMN push_smtp.password IS 'sealed with SECRETS_KEY (gs1:…), '''' = none';
COMMENT ON COLUMN push_channels.url IS 'sealed with SECRETS_KEY (gs1:…)';
COMMENT ON COLUMN push_channels.secret IS 'sealed with SECRETS_KEY (gs1:…), '''' = none';
COMMENT ON COLUMN video_cameras.stream_url IS 'sealed with SECRETS_KEY (gs1:…) when it carries credentials';
COMMENT ON COLUMN video_cameras.snapshot_url IS 'sealed with SECRETS_KEY (gs1:…) when it carries credentials';
`;

/** A camera URL with a secret in it (`user:password@`, `?pwd=`, a token) is sealed; others stay readable (sim://). */
const hasCredentials = (url: string) => maskUrlSecrets(url) !== url;

export async function data(trx: Db, ctx: MigrationContext): Promise<void> {
  const smtp = (await sql<{ org_id: number; password: string }>`SELECT org_id, password FROM push_smtp WHERE password <> ''`.execute(trx)).rows.filter((r) => !isSealed(r.password));
  const channels = (await sql<{ id: number; url: string; secret: string }>`SELECT id, url, secret FROM push_channels`.execute(trx)).rows.filter((r) => !isSealed(r.url) || (r.secret !== '' && !isSealed(r.secret)));
  const cameras = (await sql<{ id: number; stream_url: string; snapshot_url: string }>`SELECT id, stream_url, snapshot_url FROM video_cameras`.execute(trx)).rows.filter(
    (r) => (hasCredentials(r.stream_url) && !isSealed(r.stream_url)) || (hasCredentials(r.snapshot_url) && !isSealed(r.snapshot_url)),
  );
  if (smtp.length + channels.length + cameras.length === 0) return;
  const box = ctx.secrets;
  if (!box) throw new Error('migration 0048 encrypts the stored SMTP passwords, webhook URLs and camera credentials and needs SECRETS_KEY: start the server (it migrates with its key) before running this tool');
  for (const r of smtp) await sql`UPDATE push_smtp SET password = ${box.seal(r.password, secretContext.smtpPassword)} WHERE org_id = ${r.org_id}`.execute(trx);
  for (const r of channels) {
    const url = isSealed(r.url) ? r.url : box.seal(r.url, secretContext.channelUrl);
    const secret = r.secret === '' || isSealed(r.secret) ? r.secret : box.seal(r.secret, secretContext.channelSecret);
    await sql`UPDATE push_channels SET url = ${url}, secret = ${secret} WHERE id = ${r.id}`.execute(trx);
  }
  for (const r of cameras) {
    const seal = (url: string, context: string) => (hasCredentials(url) && !isSealed(url) ? box.seal(url, context) : url);
    await sql`UPDATE video_cameras SET stream_url = ${seal(r.stream_url, secretContext.cameraStreamUrl)}, snapshot_url = ${seal(r.snapshot_url, secretContext.cameraSnapshotUrl)} WHERE id = ${r.id}`.execute(trx);
  }
}
