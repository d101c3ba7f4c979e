import { sql } from 'kysely';
import type { Db } from '../database.js';
import { hashSecret } from '../../lib/secretHash.js';

/**
 * MQTT secrets are stored hashed. Gateway secrets move to `secret_hash` (Mosquitto's `$7$` format, see
 * lib/secretHash.ts) and the plaintext column goes. Console users lose their per-user, never-changing MQTT
 * credentials: each login session gets its own (`sessions.mqtt_password_hash`), so they end with the session.
 * Sessions live at upgrade time have none and must log in again for the live channel.
 */
export const name = '0008_hashed_mqtt_secrets';
export const up = `
ALTER TABLE gateways ADD COLUMN secret_hash text;
ALTER TABLE sessions ADD COLUMN mqtt_password_hash text;
`;

/** Hashes the existing gateway secrets (PBKDF2 is not available in plain SQL), then drops every plaintext. */
export async function data(trx: Db): Promise<void> {
  const rows = await sql<{ id: number; secret: string }>`SELECT id, secret FROM gateways ORDER BY id`.execute(trx);
  for (const g of rows.rows) {
    await sql`UPDATE gateways SET secret_hash = ${hashSecret(g.secret)} WHERE id = ${g.id}`.execute(trx);
  }
  await sql`ALTER TABLE gateways ALTER COLUMN secret_hash SET NOT NULL`.execute(trx);
  await sql`ALTER TABLE gateways DROP COLUMN secret`.execute(trx);
  await sql`ALTER TABLE users DROP COLUMN mqtt_password, DROP COLUMN mqtt_username`.execute(trx);
}
