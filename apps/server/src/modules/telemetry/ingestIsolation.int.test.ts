import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import type { MqttClient } from 'mqtt';
import { backends } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { sql } from 'kysely';
import { compactRange } from './quarterHours.js';
import { telemetryRepository } from './repository.js';

const HOUR = 3600_000;

type Gateway = Awaited<ReturnType<Harness['gateway']>>;
type Outcome = 'acknowledged' | 'disconnected';

/** Whether the broker acknowledged a publish (PUBACK) or dropped the gateway's connection instead. */
function outcome(client: MqttClient, publish: Promise<void>): Promise<Outcome> {
  return Promise.race([
    publish.then((): Outcome => 'acknowledged'),
    new Promise<Outcome>((resolve) => client.once('close', () => resolve('disconnected'))),
  ]);
}

/**
 * Poison data from one gateway, and what it must not do to the others: the batch it shares with another
 * gateway's messages, the other gateway's connection, the point's live value and its alarms.
 */
describe.each(backends)('ingest isolation on %s: one gateway\'s bad data hurts nobody else', (backend) => {
  let h: Harness;
  const hour = Math.floor(Date.now() / HOUR) * HOUR - HOUR; // last hour, on the hour

  beforeAll(async () => {
    // A long batch window: the test itself decides when a batch is flushed (drain), so messages sent together
    // are in one batch on every run.
    h = await startHarness(backend, { INGEST_MAX_DELAY_MS: '5000' });
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const db = () => h.rt.database.db;
  /** The first device of this kind on the demo gateway GW-{code}-01 that has the point `key`. */
  const pointOf = async (code: string, kind: string, key: string) =>
    db()
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['p.id', 'd.sn', 'd.id as deviceId'])
      .where('g.sn', '=', `GW-${code}-01`)
      .where('d.kind', '=', kind)
      .where('p.key', '=', key)
      .orderBy('d.sn')
      .executeTakeFirstOrThrow();
  const stored = async (pointId: number, ts: number) =>
    (await db().selectFrom('telemetry').select('value').where('point_id', '=', pointId).where('ts', '=', new Date(ts)).executeTakeFirst())?.value;
  const latest = async (pointId: number) => (await db().selectFrom('point_latest').select('value').where('point_id', '=', pointId).executeTakeFirstOrThrow()).value;
  const rejects = async (gatewaySn: string, flush = true) => {
    if (flush) await h.rt.pipeline.ingest.flushRejects();
    const rows = await db().selectFrom('ingest_rejects').select(['cause', 'count']).where('gateway_sn', '=', gatewaySn).execute();
    return Object.fromEntries(rows.map((r) => [r.cause, Number(r.count)]));
  };

  /** Publishes each message without waiting, flushes them as one batch once ingest has them all, and reports each outcome. */
  async function sendTogether(messages: { gw: Gateway; ts: number; devices: Record<string, Record<string, unknown>> }[]): Promise<Outcome[]> {
    const ingest = h.rt.pipeline.ingest;
    const before = ingest.stats.messages;
    const outcomes = messages.map((m) => outcome(m.gw.client, m.gw.send(m.ts, m.devices)));
    await vi.waitFor(() => expect(ingest.stats.messages).toBe(before + messages.length), { timeout: 10_000, interval: 5 });
    await ingest.drain();
    return Promise.all(outcomes);
  }

  it('a value of 1e308 twice in one hour is refused at decode: the other gateway\'s message in the same batch is stored, nobody is disconnected', async () => {
    const poisonGw = await h.gateway('HZBJ');
    const goodGw = await h.gateway('SZIP');
    const poison = await pointOf('HZBJ', 'feeder', 'P');
    const good = await pointOf('SZIP', 'transformer', 'P');
    // Alone, the first one used to be stored (the hour's sum became 1e308)…
    expect(await sendTogether([{ gw: poisonGw, ts: hour + 60_000, devices: { [poison.sn]: { P: 1e308 } } }])).toEqual(['acknowledged']);
    // …and the second one overflowed that sum ("value out of range"), failing the whole batch for both gateways.
    const outcomes = await sendTogether([
      { gw: poisonGw, ts: hour + 120_000, devices: { [poison.sn]: { P: 1.5e308, Ia: 12 } } },
      { gw: goodGw, ts: hour + 120_000, devices: { [good.sn]: { P: 321.5 } } },
    ]);
    expect(outcomes).toEqual(['acknowledged', 'acknowledged']);
    expect(goodGw.client.connected).toBe(true);
    expect(poisonGw.client.connected).toBe(true);
    expect(await stored(good.id, hour + 120_000)).toBe(321.5);
    expect(await stored(poison.id, hour + 60_000)).toBeUndefined();
    expect(await stored(poison.id, hour + 120_000)).toBeUndefined();
    // The rest of the poison gateway's message is kept.
    const current = await pointOf('HZBJ', 'feeder', 'Ia');
    expect(await stored(current.id, hour + 120_000)).toBe(12);
    expect(await rejects(poisonGw.sn)).toMatchObject({ out_of_range: 2 });
    expect(await rejects(goodGw.sn)).toEqual({});
  });

  it('rollup sums cannot overflow, even with values no validation would let through', async () => {
    const point = await pointOf('HZBJ', 'feeder', 'Q');
    const at = hour - HOUR; // an hour of its own
    await db()
      .transaction()
      .execute((trx) =>
        telemetryRepository.store(trx, [
          { pointId: point.id, ts: at + 60_000, value: 1.5e308 },
          { pointId: point.id, ts: at + 120_000, value: 1.5e308 },
        ]),
      );
    await db()
      .transaction()
      .execute((trx) => telemetryRepository.store(trx, [{ pointId: point.id, ts: at + 180_000, value: 1.5e308 }]));
    await compactRange(db(), new Date(at), new Date(at + HOUR));
    for (const table of ['rollup_hourly', 'rollup_15m'] as const) {
      const r = await sql<{ sum: string; count: number }>`SELECT sum::text, count FROM ${sql.table(table)} WHERE point_id = ${point.id} AND bucket = ${new Date(at)}`.execute(db());
      expect(r.rows).toEqual([{ sum: expect.stringMatching(/^45\d{307}$/), count: 3 }]);
    }
  });

  it('a message the database refuses on its own is acknowledged as store_failed; the rest of its batch is stored and acknowledged', async () => {
    const poisonGw = await h.gateway('NJJN');
    const goodGw = await h.gateway('SZIP');
    const device = await pointOf('NJJN', 'feeder', 'P');
    const good = await pointOf('SZIP', 'transformer', 'Ua');
    // A point the registry still knows but the database no longer has (deleted since the last reload): its
    // latest value violates a foreign key, which no validation at decode can foresee.
    const ghost = await db()
      .insertInto('device_points')
      .values({ device_id: device.deviceId, key: 'X9', name: '临时', name_en: 'Temporary', unit: 'kW', kind: 'analog', precision: 1, sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.rt.pipeline.registry.load();
    await db().deleteFrom('device_points').where('id', '=', ghost.id).execute();
    const isolatedBefore = h.rt.pipeline.ingest.stats.batchesIsolated;

    const ts = hour + 180_000;
    const outcomes = await sendTogether([
      { gw: poisonGw, ts, devices: { [device.sn]: { X9: 5 } } },
      { gw: goodGw, ts, devices: { [good.sn]: { Ua: 230.5 } } },
    ]);
    expect(outcomes).toEqual(['acknowledged', 'acknowledged']);
    expect(goodGw.client.connected).toBe(true);
    expect(poisonGw.client.connected).toBe(true);
    expect(await stored(good.id, ts)).toBe(230.5);
    expect(await stored(ghost.id, ts)).toBeUndefined();
    expect(h.rt.pipeline.ingest.stats.batchesIsolated).toBe(isolatedBefore + 1);
    // On record before it was acknowledged, not only at the next periodic write of the counts.
    expect(await rejects(poisonGw.sn, false)).toMatchObject({ store_failed: 1 });
    await h.rt.pipeline.registry.load();
  });

  it('a database failure that is not about the data is never acknowledged: the gateway keeps the message and resends it', async () => {
    const gw = await h.gateway('HFDC');
    const point = await pointOf('HFDC', 'feeder', 'P');
    const ts = hour + 240_000;
    // Both the batch and its one-by-one retry meet a database that is gone (no SQLSTATE of refused data).
    const store = vi.spyOn(telemetryRepository, 'storeCounted').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    try {
      expect(await sendTogether([{ gw, ts, devices: { [point.sn]: { P: 77 } } }])).toEqual(['disconnected']);
    } finally {
      store.mockRestore();
    }
    expect(await stored(point.id, ts)).toBeUndefined();
    const again = await h.gateway('HFDC');
    expect(await sendTogether([{ gw: again, ts, devices: { [point.sn]: { P: 77 } } }])).toEqual(['acknowledged']);
    expect(await stored(point.id, ts)).toBe(77);
  });

  it('a sample 23 h ahead is refused (future_timestamp): the next real sample is the live value and raises its alarm', async () => {
    const gw = await h.gateway('SHZJ');
    const smoke = await pointOf('SHZJ', 'env_sensor', 'smoke');
    const temp = await pointOf('SHZJ', 'env_sensor', 'temp');
    const now = Date.now();
    expect(await sendTogether([{ gw, ts: now + 23 * HOUR, devices: { [smoke.sn]: { smoke: 0, temp: 18 } } }])).toEqual(['acknowledged']);
    expect(await sendTogether([{ gw, ts: Date.now(), devices: { [smoke.sn]: { smoke: 1, temp: 26 } } }])).toEqual(['acknowledged']);
    expect(await latest(temp.id)).toBe(26);
    const events = await db().selectFrom('events').select('active').where('point_id', '=', smoke.id).where('message', 'like', '%烟雾告警%').execute();
    expect(events).toEqual([{ active: true }]);
    expect(await stored(temp.id, now + 23 * HOUR)).toBeUndefined();
    expect(await rejects(gw.sn)).toMatchObject({ future_timestamp: 1 });
  });

  it('a sample ahead within the allowed skew does not block the real samples after it (live value and alarms)', async () => {
    const gw = await h.gateway('SZIP');
    const smoke = await pointOf('SZIP', 'env_sensor', 'smoke');
    const temp = await pointOf('SZIP', 'env_sensor', 'temp');
    const ahead = Date.now() + 200_000; // a gateway clock 200 s fast: accepted (the default skew is 300 s)
    expect(await sendTogether([{ gw, ts: ahead, devices: { [smoke.sn]: { smoke: 0, temp: 30 } } }])).toEqual(['acknowledged']);
    expect(await stored(temp.id, ahead)).toBe(30);
    expect(await latest(temp.id)).toBe(30);
    // The clock is corrected; the next sample, measured after the first arrived, is what the point shows.
    expect(await sendTogether([{ gw, ts: Date.now(), devices: { [smoke.sn]: { smoke: 1, temp: 25 } } }])).toEqual(['acknowledged']);
    expect(await latest(temp.id)).toBe(25);
    const events = await db().selectFrom('events').select('active').where('point_id', '=', smoke.id).where('message', 'like', '%烟雾告警%').execute();
    expect(events).toEqual([{ active: true }]);
  });
});
