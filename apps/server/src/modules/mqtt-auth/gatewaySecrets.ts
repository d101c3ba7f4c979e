import type { Db } from '../../db/database.js';
import { hashSecret } from '../../lib/secretHash.js';
import { randomSecret } from '../../lib/tokens.js';
import { mqttAuthRepository } from './repository.js';

/**
 * Gives gateways new random secrets and returns them: the only moment a secret exists in plaintext, since
 * the database keeps only hashes. Used by the simulator host (its gateways get fresh secrets at every start),
 * by `npm run gateway:secret` for a real gateway, and by tests. A gateway already connected stays connected;
 * the old secret stops working at its next CONNECT.
 */
export async function issueGatewaySecrets(db: Db, sns: string[]): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  if (sns.length === 0) return secrets;
  await db.transaction().execute(async (trx) => {
    for (const sn of sns) {
      const secret = randomSecret(32);
      if (!(await mqttAuthRepository.setGatewaySecretHash(trx, sn, hashSecret(secret)))) throw new Error(`no gateway with serial number ${sn}`);
      secrets.set(sn, secret);
    }
  });
  return secrets;
}

export async function issueGatewaySecret(db: Db, sn: string): Promise<string> {
  return (await issueGatewaySecrets(db, [sn])).get(sn)!;
}
