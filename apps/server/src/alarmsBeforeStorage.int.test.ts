import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import { backends } from './test-support/backends.js';
import { startHarness, type Harness } from './test-support/pipelineHarness.js';
import type { Sample } from './modules/telemetry/decode.js';

/**
 * Alarms are evaluated before storage (docs/adr/0007-alarms-before-storage.md): while a gateway's telemetry
 * waits for its storage transaction, its next message is read, its alarm raised, stored as an event and
 * pushed; the messages are acknowledged only once stored, in the order they were sent.
 */
describe.each(backends)('alarms before storage on %s', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('a storage backlog delays no alarm, and no acknowledgement comes before the commit', async () => {
    const centre = await h.listen('centre');
    const gw = await h.gateway('SHZJ');
    // A backlog: the next storage transactions do not start until the test lets them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ingest = h.rt.pipeline.ingest as unknown as { storeInOneTransaction(samples: Sample[]): Promise<number> };
    const real = ingest.storeInOneTransaction.bind(ingest);
    const store = vi.spyOn(ingest, 'storeInOneTransaction').mockImplementation(async (samples) => {
      await held;
      return real(samples);
    });
    const acked: string[] = [];
    try {
      const t0 = Date.now() - 10_000;
      const first = gw.send(t0, { ENV: { smoke: 0, temp: 21 } }).then(() => acked.push('first'));
      const second = gw.send(t0 + 1000, { ENV: { smoke: 1, temp: 22 } }).then(() => acked.push('second'));
      // The smoke alarm of the second message is pushed while neither message is stored.
      const pushed = await centre.waitFor((m) => m.command === 'event' && JSON.stringify(m.data).includes('烟雾'), 10_000);
      expect(pushed.data).toMatchObject({ level: 4 });
      const event = await h.rt.database.db.selectFrom('events').select(['active']).where('message', 'like', '%烟雾告警%').where('raised_at', '>=', new Date(t0)).execute();
      expect(event).toEqual([{ active: true }]);
      expect(acked).toEqual([]);
      const stored = await h.rt.database.db.selectFrom('telemetry').select('ts').where('ts', 'in', [new Date(t0), new Date(t0 + 1000)]).execute();
      expect(stored).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(acked).toEqual(['first', 'second']);
    } finally {
      release();
      store.mockRestore();
    }
  });
});
