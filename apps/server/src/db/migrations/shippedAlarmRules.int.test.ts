import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { migrate, openDatabase, type Database } from '../database.js';
import { SHIPPED_ALARM_RULES, up } from './0050_shipped_alarm_rules.js';

/** Issue 25 item 4: an empty install (migrated, nothing seeded) has the shipped default rules, once. */
describe.each(backends)('shipped alarm rules on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  const shipped = () =>
    database.db
      .selectFrom('alarm_rules')
      .select(['device_kind', 'point_key', 'kind', 'threshold', 'name', 'name_en'])
      .where('project_id', 'is', null)
      .where('device_id', 'is', null)
      .execute();

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    await migrate(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it('are in force in an empty install: breaker trips, transformer limits, LV voltage, communication loss, smoke/water/door', async () => {
    const rows = await shipped();
    expect(rows).toHaveLength(SHIPPED_ALARM_RULES.length);
    const has = (device_kind: string, point_key: string, kind: string) => rows.some((r) => r.device_kind === device_kind && r.point_key === point_key && r.kind === kind);
    expect(has('incomer', 'breaker', 'digital')).toBe(true);
    expect(has('feeder', 'breaker', 'digital')).toBe(true);
    expect(has('transformer', 'temp_winding', 'high')).toBe(true);
    expect(has('transformer', 'load_rate', 'high')).toBe(true);
    expect(has('feeder', 'Ua', 'high') && has('feeder', 'Uc', 'low')).toBe(true);
    expect(has('incomer', 'Ua', 'low')).toBe(false);
    expect(has('meter', 'P', 'comm_loss')).toBe(true);
    for (const key of ['smoke', 'water', 'door']) expect(has('env_sensor', key, 'digital')).toBe(true);
    expect(has('fire_sensor', 'IR', 'high')).toBe(true);
    // Every shipped rule has both names.
    expect(rows.every((r) => r.name.length > 0 && r.name_en.length > 0)).toBe(true);
  });

  it('are not added twice to an install that already has them (a demo-seeded database upgraded)', async () => {
    await sql.raw(up).execute(database.db);
    expect(await shipped()).toHaveLength(SHIPPED_ALARM_RULES.length);
  });
});
