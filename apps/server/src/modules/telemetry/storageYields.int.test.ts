import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTestApp, type TestApp } from '../../test-support/backends.js';
import { IngestPipeline, STORE_CHUNK, type AlarmLane } from './ingest.js';
import { PointRegistry } from './registry.js';

/**
 * Storage yields to alarm decisions (ADR 0007, issue 16 item 3): a backlog batch is stored in statements of whole
 * points, and none starts while the alarm lane has a decision transaction in flight.
 */
describe.each(backends)('storage waits for alarm decisions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('a batch larger than one statement waits at the gate before each statement, and is stored whole once let through', async () => {
    const db = t.database.db;
    const registry = new PointRegistry(db, 0);
    await registry.load();
    // Every analog point of the Suzhou demo gateway, as devices → keys.
    const points = await db
      .selectFrom('device_points as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['p.id', 'p.key', 'd.sn', 'p.low', 'p.high'])
      .where('g.sn', '=', 'GW-SZIP-01')
      .where('p.kind', '=', 'analog')
      .execute();
    const devices = new Map<string, Record<string, number>>();
    for (const p of points) {
      const value = p.low !== null && p.high !== null ? (Number(p.low) + Number(p.high)) / 2 : Number(p.low ?? p.high ?? 1);
      devices.set(p.sn, { ...devices.get(p.sn), [p.key]: value });
    }
    const messages = Math.ceil((STORE_CHUNK * 1.5) / points.length);
    const start = Math.floor(Date.now() / 60_000) * 60_000 - (messages + 5) * 1000;

    // The alarm lane: one decision in flight until the test lets it end.
    let endDecision!: () => void;
    const decision = new Promise<void>((resolve) => (endDecision = resolve));
    let gateChecks = 0;
    const lane: AlarmLane = {
      submit: async () => undefined,
      drain: async () => undefined,
      decisionsIdle: () => {
        gateChecks++;
        return decision;
      },
    };
    const ingest = new IngestPipeline(db, registry, lane, t.app.log, { maxBatch: 1_000_000, maxTransaction: 1_000_000, maxDelayMs: 5, lanes: 1, maxFutureSkewMs: 300_000 });
    try {
      const acknowledged = Array.from({ length: messages }, (_, i) =>
        ingest.submit('GW-SZIP-01', JSON.stringify({ ts: start + i * 1000, devices: [...devices].map(([sn, values]) => ({ sn, values })) })),
      );
      const storedSince = async () =>
        Number(
          (await db.selectFrom('telemetry').select((eb) => eb.fn.countAll<number>().as('n')).where('ts', '>=', new Date(start)).where('point_id', 'in', points.map((p) => p.id)).executeTakeFirstOrThrow()).n,
        );

      // The batch is at the gate before its first statement: nothing of it is stored yet.
      await vi.waitFor(() => expect(gateChecks).toBe(1), { timeout: 20_000, interval: 5 });
      expect(await storedSince()).toBe(0);

      endDecision();
      await Promise.all(acknowledged);
      expect(await storedSince()).toBe(messages * points.length);
      // More samples than one statement takes: the gate was asked before each of the statements.
      expect(messages * points.length).toBeGreaterThan(STORE_CHUNK);
      expect(gateChecks).toBeGreaterThanOrEqual(2);
    } finally {
      await ingest.close();
    }
  });
});
