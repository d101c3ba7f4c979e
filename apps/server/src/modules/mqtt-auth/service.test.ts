import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { hashSecret } from '../../lib/secretHash.js';
import { sessionMqttUsername } from './credentials.js';
import type { MqttAuthRepository } from './repository.js';
import { createMqttAuthService } from './service.js';

// The repository is injected, so the credential rules run here without a database.
const noDb = {} as Db;
const service = { username: 'gridops-service', password: 'service-secret' };
const gatewayHash = hashSecret('gw-secret');
const sessionHash = hashSecret('session-pass');

function fakeRepository(liveSessionIds: number[]): MqttAuthRepository {
  const repo: Partial<MqttAuthRepository> = {
    liveSession: (_db, id) =>
      Promise.resolve(liveSessionIds.includes(id) ? { session_id: id, mqtt_password_hash: sessionHash, id: 7, org_id: 3, username: 'alice' } : undefined),
    liveSessionIds: (_db, ids) => Promise.resolve(ids.filter((id) => liveSessionIds.includes(id))),
    gatewayBySn: (_db, sn) => Promise.resolve(sn === 'GW-1' ? { id: 11, sn, secret_hash: gatewayHash, project_id: 5 } : undefined),
  };
  return repo as MqttAuthRepository;
}

describe('MQTT credential rules', () => {
  const auth = createMqttAuthService(noDb, service, fakeRepository([42]));

  it('accepts the service account only with its password', async () => {
    expect(await auth.authenticate('gridops-service', 'service-secret')).toEqual({ kind: 'service' });
    expect(await auth.authenticate('gridops-service', 'wrong')).toBeNull();
  });

  it('accepts a live session with its password and refuses an ended one', async () => {
    expect(await auth.authenticate(sessionMqttUsername(42), 'session-pass')).toEqual({ kind: 'user', userId: 7, orgId: 3, username: 'alice', sessionId: 42 });
    expect(await auth.authenticate(sessionMqttUsername(42), 'other')).toBeNull();
    expect(await auth.authenticate(sessionMqttUsername(43), 'session-pass')).toBeNull();
  });

  it('accepts a gateway with its secret', async () => {
    expect(await auth.authenticate('GW-1', 'gw-secret')).toEqual({ kind: 'gateway', gatewayId: 11, sn: 'GW-1', projectId: 5 });
    expect(await auth.authenticate('GW-1', 'nope')).toBeNull();
    expect(await auth.authenticate('GW-2', 'gw-secret')).toBeNull();
    expect(await auth.authenticate('GW-1', undefined)).toBeNull();
  });

  it('accepts the auxiliary username {sn}/pub with the same secret, as an aux identity', async () => {
    expect(await auth.authenticate('GW-1/pub', 'gw-secret')).toEqual({ kind: 'gateway', gatewayId: 11, sn: 'GW-1', projectId: 5, aux: true });
    expect(await auth.authenticate('GW-1/pub', 'nope')).toBeNull();
    expect(await auth.authenticate('GW-2/pub', 'gw-secret')).toBeNull();
    expect(await auth.authenticate('GW-1/sub', 'gw-secret')).toBeNull();
    expect(await auth.identify('GW-1/pub')).toEqual({ kind: 'gateway', gatewayId: 11, sn: 'GW-1', projectId: 5, aux: true });
  });

  it('identifies without a password and lists ended sessions', async () => {
    expect(await auth.identify('GW-1')).toMatchObject({ kind: 'gateway', gatewayId: 11 });
    expect(await auth.identify(sessionMqttUsername(43))).toBeNull();
    expect(await auth.endedSessions([41, 42, 43])).toEqual([41, 43]);
    expect(await auth.endedSessions([])).toEqual([]);
  });
});
