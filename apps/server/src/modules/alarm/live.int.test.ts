import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { PointRegistry } from '../telemetry/registry.js';
import { AlarmEngine } from './engine.js';
import { LiveAlarms } from './live.js';
import { alarmRepository } from './repository.js';

const SECOND = 1000;

/**
 * Alarm evaluation before storage (alarm/live.ts) with two instances on one database: each its own registry,
 * engine and in-memory states. Whatever instance a point's samples reach, and whatever else writes its state
 * (the other instance, a locked evaluation, a rule edit, a restart), events are raised and cleared once each,
 * in the order of the samples.
 */
describe.each(backends)('live alarm states on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  const lanes: { live: LiveAlarms; engine: AlarmEngine; pushed: RaisedEvent[] }[] = [];
  const points: number[] = [];
  let ruleId = 0;
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;

  async function instance() {
    const registry = new PointRegistry(database.db);
    await registry.load();
    const engine = new AlarmEngine(database.db, registry);
    await engine.loadRules();
    const pushed: RaisedEvent[] = [];
    const live = new LiveAlarms(database.db, engine, async (events) => void pushed.push(...events), log, { saveEveryMs: 3_600_000, saveOthersEvery: 1, forgetAfterMs: 3_600_000, sharedDatabase: true, validateEveryMs: 3_600_000 });
    const lane = { live, engine, pushed };
    lanes.push(lane);
    return lane;
  }
  const events = (pointId: number) =>
    database.db.selectFrom('events').select(['id', 'active', 'value']).where('point_id', '=', pointId).where('rule_id', '=', ruleId).orderBy('id').execute();
  const state = (pointId: number) => database.db.selectFrom('alarm_state').selectAll().where('rule_id', '=', ruleId).where('point_id', '=', pointId).executeTakeFirst();
  const send = async (lane: { live: LiveAlarms }, pointId: number, ts: number, value: number) => {
    await lane.live.submit([{ pointId, ts, value }], Date.now());
    await lane.live.drain();
  };

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    // One device rule (high 50, deadband 2, no delays) on the winding temperature of the demo transformers.
    const transformers = await database.db
      .selectFrom('devices as d')
      .innerJoin('device_points as p', 'p.device_id', 'd.id')
      .select(['d.id', 'd.project_id', 'p.id as point_id'])
      .where('d.kind', '=', 'transformer')
      .where('p.key', '=', 'temp_winding')
      .orderBy('d.id')
      .limit(4)
      .execute();
    expect(transformers).toHaveLength(4);
    const first = transformers[0]!;
    for (const t of transformers) points.push(t.point_id);
    const rows = await database.db
      .insertInto('alarm_rules')
      .values(
        transformers.map((t) => ({ project_id: t.project_id, device_kind: null, device_id: t.id, point_key: 'temp_winding', kind: 'high' as const, threshold: 50, deadband: 2, level: 2, event_type: 2, name: '绕组温度高（测试）', name_en: 'Winding hot (test)' })),
      )
      .returning('id')
      .execute();
    // The test reads the events of the first transformer's rule; the others have their own rule ids.
    ruleId = rows[0]!.id;
    expect(first.point_id).toBe(points[0]);
    await alarmRepository.bumpGeneration(database.db);
  });
  afterAll(async () => {
    for (const l of lanes) await l.live.close();
    await database?.close();
    await tdb?.drop();
  });

  it('a point moving between instances raises and clears once each, in the order of its samples', async () => {
    const [a, b] = [await instance(), await instance()];
    const p = points[0]!;
    const t0 = Date.now() - 600 * SECOND;
    await send(a, p, t0, 40);
    await send(a, p, t0 + SECOND, 60); // raise on A
    expect(a.pushed).toHaveLength(1);
    await send(b, p, t0 + 2 * SECOND, 65); // B reads A's active state: no second event
    expect(b.pushed).toHaveLength(0);
    await send(b, p, t0 + 3 * SECOND, 30); // clear on B
    let ev = await events(p);
    expect(ev.map((e) => e.active)).toEqual([false]);
    // Back on A, whose copy still says "active": its next validation finds the row written elsewhere and
    // evaluates 70 again from there, so it raises anew.
    await send(a, p, t0 + 4 * SECOND, 70);
    await a.live.validate();
    await a.live.drain();
    ev = await events(p);
    expect(ev.map((e) => e.active)).toEqual([false, true]);
    expect(a.pushed).toHaveLength(2);
    expect(a.live.changedElsewhere).toBeGreaterThan(0);
    // A sample at or before the last one evaluated is ignored on either instance.
    await send(b, p, t0 + 4 * SECOND, 10);
    expect((await events(p)).map((e) => e.active)).toEqual([false, true]);
  });

  it('a later sample held only in memory is evaluated again when another writer decided the point meanwhile', async () => {
    const a = await instance();
    const p = points[1]!;
    const rule = (await database.db.selectFrom('alarm_rules').select('id').where('point_key', '=', 'temp_winding').where('threshold', '=', 50).orderBy('id').execute())[1]!.id;
    const t0 = Date.now() - 300 * SECOND;
    await send(a, p, t0, 40);
    await send(a, p, t0 + 3 * SECOND, 41); // no phase change: only in memory until the next save
    // Another writer (a locked evaluation, as a robot round or an instance that got a delayed message) raises on
    // a sample between the two.
    await database.db.transaction().execute((trx) => a.engine.evaluate(trx, [{ pointId: p, ts: t0 + 2 * SECOND, value: 80 }]));
    const raised = await database.db.selectFrom('events').select('active').where('rule_id', '=', rule).where('point_id', '=', p).execute();
    expect(raised).toEqual([{ active: true }]);
    // The save finds the row decided elsewhere and evaluates its later sample (41) from there: cleared.
    await a.live.close();
    const after = await database.db.selectFrom('events').select('active').where('rule_id', '=', rule).where('point_id', '=', p).execute();
    expect(after).toEqual([{ active: false }]);
    const st = await database.db.selectFrom('alarm_state').select(['phase', 'last_value']).where('rule_id', '=', rule).where('point_id', '=', p).executeTakeFirstOrThrow();
    expect(st).toEqual({ phase: 'normal', last_value: 41 });
  });

  it('a restart resumes from the stored states: an active alarm is neither lost nor raised again', async () => {
    const a = await instance();
    const p = points[0]!;
    const before = await events(p);
    await send(a, p, Date.now() - 100 * SECOND, 75); // still over: no new event
    await send(a, p, Date.now() - 99 * SECOND, 76);
    await a.live.close();
    expect((await state(p))?.last_value).toBe(76);
    const again = await instance();
    await send(again, p, Date.now() - 98 * SECOND, 77);
    expect(await events(p)).toEqual(before);
    expect(again.pushed).toHaveLength(0);
    await send(again, p, Date.now() - 97 * SECOND, 20);
    expect((await events(p)).at(-1)?.active).toBe(false);
  });

  it('a rule edit applies from the next sample: the generation reloads the rules, the copies stay valid', async () => {
    const a = await instance();
    const p = points[0]!;
    await send(a, p, Date.now() - 50 * SECOND, 45); // normal under 50
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('alarm_rules').set({ threshold: 40 }).where('id', '=', ruleId).execute();
      await alarmRepository.bumpGeneration(trx);
    });
    const n = (await events(p)).length;
    await send(a, p, Date.now() - 49 * SECOND, 45); // over the new limit of 40
    expect(await events(p)).toHaveLength(n + 1);
    expect(a.pushed).toHaveLength(1);
  });

  it('a decision on a copy of a stored row is one statement; a copy overtaken meanwhile is decided from the row', async () => {
    const a = await instance();
    const p = points[2]!;
    const rule = (
      await database.db
        .selectFrom('alarm_rules as r')
        .innerJoin('device_points as dp', 'dp.device_id', 'r.device_id')
        .select('r.id')
        .where('dp.id', '=', p)
        .where('r.point_key', '=', 'temp_winding')
        .executeTakeFirstOrThrow()
    ).id;
    const log = (eventId: number) => database.db.selectFrom('event_log').select('action').where('event_id', '=', eventId).orderBy('id').execute();
    const rowOf = () => database.db.selectFrom('alarm_state').select(['phase', 'event_id', 'version']).where('rule_id', '=', rule).where('point_id', '=', p).executeTakeFirstOrThrow();
    const t0 = Date.now() - 200 * SECOND;
    await send(a, p, t0, 40);
    await send(a, p, t0 + SECOND, 60); // the first raise: no stored row yet, so the locked evaluation
    expect(a.live.stats.oneStatementDecisions).toBe(0);
    await send(a, p, t0 + 2 * SECOND, 30); // clear, from the copy of the row just written
    await send(a, p, t0 + 3 * SECOND, 70); // raise again
    expect(a.live.stats.oneStatementDecisions).toBe(2);
    const ev = await database.db.selectFrom('events').select(['id', 'active', 'value', 'message_key', 'limit_value']).where('rule_id', '=', rule).where('point_id', '=', p).orderBy('id').execute();
    expect(ev.map((e) => [e.active, e.value])).toEqual([
      [false, 60],
      [true, 70],
    ]);
    expect(ev[1]).toMatchObject({ message_key: expect.any(String) as string, limit_value: 50 });
    expect(await log(ev[0]!.id)).toEqual([{ action: 'raised' }, { action: 'cleared' }]);
    expect(await log(ev[1]!.id)).toEqual([{ action: 'raised' }]);
    expect(a.pushed.map((e) => e.eventId)).toEqual([ev[0]!.id, ev[1]!.id]);
    const row = await rowOf();
    expect(row).toMatchObject({ phase: 'active', event_id: ev[1]!.id });
    // Another writer clears it (its version moves); A's copy still says active, so 30 would clear again from
    // the copy: the statement finds the version moved, writes nothing, and the row decides (no transition).
    await database.db.transaction().execute((trx) => a.engine.evaluate(trx, [{ pointId: p, ts: t0 + 4 * SECOND, value: 20 }]));
    await send(a, p, t0 + 5 * SECOND, 30);
    expect(a.live.stats.oneStatementDecisions).toBe(2);
    expect(await log(ev[1]!.id)).toEqual([{ action: 'raised' }, { action: 'cleared' }]);
    expect(await rowOf()).toMatchObject({ phase: 'normal', event_id: null, version: Number(row.version) + 2 });
    expect(a.pushed).toHaveLength(2);
  });
});
