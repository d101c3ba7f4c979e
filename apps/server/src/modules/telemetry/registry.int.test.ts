import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { PointRegistry } from './registry.js';

/**
 * The point catalogue is reloaded only when what it reads changed (migration 0047's generation): a rename made
 * through any connection is picked up, a gateway's last-seen write (every ingest batch) is not a reason to reload.
 */
describe.each(backends)('point catalogue reloads on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  let registry: PointRegistry;
  let pointId: number;
  let deviceId: number;

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    registry = new PointRegistry(database.db);
    await registry.load();
    const p = await database.db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.id', 'd.id as device_id'])
      .where('d.gateway_id', 'is not', null)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    pointId = p.id;
    deviceId = p.device_id;
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it('nothing changed, or only last-seen times and device props: no reload', async () => {
    expect(await registry.reloadIfChanged()).toBe(false);
    await sql`UPDATE gateways SET last_seen_at = now(), online = true`.execute(database.db);
    await sql`UPDATE devices SET props = props WHERE id = ${deviceId}`.execute(database.db);
    expect(await registry.reloadIfChanged()).toBe(false);
  });

  it('a device renamed, a point re-limited, a project renamed: each reloaded once, with the new values', async () => {
    await database.db.updateTable('devices').set({ name_en: 'Renamed feeder' }).where('id', '=', deviceId).execute();
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(registry.point(pointId)?.deviceNameEn).toBe('Renamed feeder');
    expect(await registry.reloadIfChanged()).toBe(false);

    await database.db.updateTable('device_points').set({ high: 12345 }).where('id', '=', pointId).execute();
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(registry.point(pointId)?.range.max).toBeLessThanOrEqual(12345);

    const projectId = registry.point(pointId)!.projectId;
    await database.db.updateTable('projects').set({ name_en: 'Renamed site' }).where('id', '=', projectId).execute();
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(registry.point(pointId)?.projectNameEn).toBe('Renamed site');
  });

  it('a point deleted is gone after the reload', async () => {
    const extra = await database.db
      .insertInto('device_points')
      .values({ device_id: deviceId, key: 'registry_test', name: '测试', name_en: 'Test', unit: '', kind: 'analog', precision: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(registry.point(extra.id)?.key).toBe('registry_test');
    await database.db.deleteFrom('device_points').where('id', '=', extra.id).execute();
    expect(await registry.reloadIfChanged()).toBe(true);
    expect(registry.point(extra.id)).toBeUndefined();
  });
});
