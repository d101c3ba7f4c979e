import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { PointRegistry } from '../telemetry/registry.js';
import type { Sample } from '../telemetry/decode.js';
import { evaluateRobotRound } from '../security/robotAlarms.js';
import { AlarmEngine } from './engine.js';

const SECOND = 1000;

/** The real alarm engine on a demo-seeded database: what events carry, and one event per device and cause. */
describe.each(backends)('alarm events on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  let engine: AlarmEngine;
  let feeders: { deviceId: number; points: Record<string, number>; limit: number }[] = [];
  const base = Date.now() - 3600 * SECOND;

  const evaluate = (samples: Sample[]) => database.db.transaction().execute((trx) => engine.evaluate(trx, samples));
  const eventsOf = (deviceId: number) =>
    database.db.selectFrom('events').selectAll().where('device_id', '=', deviceId).where('rule_id', 'is not', null).orderBy('id').execute();

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    const registry = new PointRegistry(database.db);
    await registry.load();
    engine = new AlarmEngine(database.db, registry);
    await engine.loadRules();
    const rows = await database.db
      .selectFrom('devices as d')
      .innerJoin('device_points as p', 'p.device_id', 'd.id')
      .innerJoin('alarm_rules as r', (j) => j.onRef('r.device_id', '=', 'd.id').on('r.point_key', '=', 'Ia'))
      .select(['d.id', 'p.key', 'p.id as point_id', 'r.threshold'])
      .where('d.kind', '=', 'feeder')
      .where('p.key', 'in', ['Ia', 'Ib', 'Ic', 'breaker'])
      .orderBy('d.id')
      .execute();
    const byDevice = new Map<number, (typeof feeders)[number]>();
    for (const r of rows) {
      const f = byDevice.get(r.id) ?? { deviceId: r.id, points: {}, limit: r.threshold };
      f.points[r.key] = r.point_id;
      byDevice.set(r.id, f);
    }
    feeders = [...byDevice.values()].filter((f) => Object.keys(f.points).length === 4);
    expect(feeders.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it('the seeded past events carry their numbers and points too', async () => {
    const seeded = await database.db.selectFrom('events').selectAll().where('rule_id', 'is', null).where('rule_kind', 'is not', null).execute();
    expect(seeded.length).toBeGreaterThanOrEqual(7);
    for (const e of seeded) expect(e.point_id, e.message_en).not.toBeNull();
    const trip = seeded.find((e) => e.message_en.includes('Breaker tripped'));
    expect(trip).toMatchObject({ rule_kind: 'digital', value: 0, state_from: 1, limit_value: null });
  });

  it('a breaker trip carries its state change, not a fake limit', async () => {
    const f = feeders[0]!;
    await evaluate([
      { pointId: f.points.breaker!, ts: base, value: 1 },
      { pointId: f.points.breaker!, ts: base + SECOND, value: 0 },
    ]);
    const [event] = await eventsOf(f.deviceId);
    expect(event).toMatchObject({ rule_kind: 'digital', value: 0, state_from: 1, limit_value: null, phases: [] });
    expect(event).toMatchObject({ message_key: 'alarm.digital', message_params: { from: { zh: '合闸', en: 'closed' }, to: { zh: '分闸', en: 'open' } } });
  });

  it('three phases over the limit at the same instant raise one event naming the phases; it clears when all are back', async () => {
    const f = feeders[1]!;
    const over = (key: string, ts: number, value: number): Sample => ({ pointId: f.points[key]!, ts, value });
    // Over-current rules hold 10 s before raising; three phases, one instant.
    const raised = await evaluate(
      ['Ia', 'Ib', 'Ic'].flatMap((k, i) => [over(k, base, f.limit + 10), over(k, base + 10 * SECOND, f.limit + 10 + i * 5)]),
    );
    expect(raised).toHaveLength(1);
    let events = await eventsOf(f.deviceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ rule_kind: 'high', phases: ['A', 'B', 'C'], value: f.limit + 20, limit_value: f.limit, active: true, unit: 'A' });
    expect(events[0]!.message).toContain('A/B/C相电流越限');
    expect(events[0]!.message_en).toContain('Phase A/B/C over-current');
    expect(events[0]).toMatchObject({ message_key: 'alarm.high', message_params: { phases: ['A', 'B', 'C'], cause: { en: expect.stringMatching(/^Phase [ABC] over-current$/) }, value: f.limit + 20, limit: f.limit, unit: 'A' } });

    // Two phases back: still active (the third is still over).
    await evaluate([over('Ia', base + 20 * SECOND, 0), over('Ib', base + 20 * SECOND, 0)]);
    events = await eventsOf(f.deviceId);
    expect(events).toHaveLength(1);
    expect(events[0]!.active).toBe(true);
    // The last phase back: cleared.
    await evaluate([over('Ic', base + 30 * SECOND, 0)]);
    events = await eventsOf(f.deviceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ active: false });
    expect(events[0]!.cleared_at).not.toBeNull();
  });

  it('a phase joining while the event is active is added to it, not a new event', async () => {
    const f = feeders[2]!;
    const s = (key: string, ts: number, value: number): Sample => ({ pointId: f.points[key]!, ts, value });
    await evaluate([s('Ia', base, f.limit + 1), s('Ia', base + 10 * SECOND, f.limit + 2)]);
    await evaluate([s('Ic', base + 15 * SECOND, f.limit + 30), s('Ic', base + 25 * SECOND, f.limit + 40)]);
    const events = await eventsOf(f.deviceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ phases: ['A', 'C'], value: f.limit + 40, active: true });
    expect(events[0]!.message).toContain('A/C相电流越限');
  });

  // Runs before the test below adds a live round of its own.
  it('every seeded robot reading above its limit has its alarm event', async () => {
    const rows = await database.db.selectFrom('robot_inspections').select(['readings', 'project_id']).execute();
    const over = rows.flatMap((r) => (r.readings as { value: number; limit: number | null }[]).filter((x) => x.limit !== null && x.value > x.limit));
    expect(over.length).toBeGreaterThan(0);
    const events = await database.db
      .selectFrom('events as e')
      .innerJoin('devices as d', 'd.id', 'e.device_id')
      .select(['e.id'])
      .where('d.kind', '=', 'robot')
      .execute();
    // A reading over the limit raises unless the item was already in alarm at the previous round.
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(over.length);
  });

  it('a robot reading over its limit raises an event through the same rules (T2 at 94.6 °C, limit 75 °C)', async () => {
    const robot = await database.db
      .selectFrom('devices')
      .select(['id'])
      .where('kind', '=', 'robot')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const points = await database.db.selectFrom('device_points').select(['id', 'key']).where('device_id', '=', robot.id).execute();
    const pointIds = new Map(points.map((p) => [p.key, p.id]));
    const before = await eventsOf(robot.id);
    // Now, not earlier: the seed's last round may have ended minutes ago (it follows the wall clock), and a
    // sample at or before a state's last time is not evaluated.
    const startedAt = new Date();
    const raised = await database.db
      .transaction()
      .execute((trx) => evaluateRobotRound(trx, engine, { pointIds, startedAt, readings: [{ key: 'ir_t1', value: 60 }, { key: 'ir_t2', value: 94.6 }] }));
    expect(raised).toHaveLength(1);
    const after = await eventsOf(robot.id);
    const event = after.find((e) => !before.some((b) => b.id === e.id));
    expect(event).toMatchObject({ rule_kind: 'high', value: 94.6, limit_value: 75, unit: '°C', point_id: pointIds.get('ir_t2') });
    expect(event!.message_en).toContain('Transformer T2 IR temperature above limit 94.6 °C (limit 75 °C)');
    expect(event).toMatchObject({ message_key: 'robot.overLimit', message_params: { value: 94.6, limit: 75, unit: '°C' } });
  });
});
