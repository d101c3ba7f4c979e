import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { startMosquitto, type TestMosquitto } from '../test-support/mosquitto.js';
import { tempDir } from '../test-support/backends.js';
import { connectBus, type Bus } from './bus.js';

const service = { username: 'gridops-bus-test', password: 'bus-test-secret' };

/**
 * The server's bus against Debian's Mosquitto: inbound messages come in on a connection of their own (what the
 * server publishes never queues behind what the broker still has to deliver to it; docs/performance.md measures
 * that), handlers run concurrently and may await a publish, each message is acknowledged after its handler.
 */
describe('the bus against an external Mosquitto', () => {
  let database: Database;
  let mosquitto: TestMosquitto;
  const buses: Bus[] = [];
  const bus = async () => {
    const b = await connectBus({ url: mosquitto.url, ...service, log: pino({ level: 'silent' }) });
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database.db);
    mosquitto = await startMosquitto(database.db, service, await tempDir('gridops-bus-'));
  }, 60_000);
  afterAll(async () => {
    for (const b of buses) await b.close();
    await mosquitto?.stop();
    await database?.close();
  });

  it('a handler that awaits its own QoS 2 publish gets the acknowledgement, and every message is acknowledged after it', async () => {
    const server = await bus();
    const other = await bus();
    const echoes: string[] = [];
    let allEchoed = () => {};
    const echoed = new Promise<void>((resolve) => (allEchoed = resolve));
    await other.consume(['bus-test/echo'], async (_topic, payload) => {
      echoes.push(payload.toString());
      if (echoes.length === 20) allEchoed();
    });
    const handled: string[] = [];
    let allHandled = () => {};
    // The echo of the last message may reach `other` before its handler has gone on after the publish: wait for both.
    const handledAll = new Promise<void>((resolve) => (allHandled = resolve));
    await server.consume(['$share/gridops/bus-test/in'], async (_topic, payload) => {
      // The publish's PUBREC/PUBCOMP come in on the other connection; this handler's message is acknowledged after.
      await server.publish('bus-test/echo', payload.toString(), 2);
      handled.push(payload.toString());
      if (handled.length === 20) allHandled();
    });
    const sender = await bus();
    for (let i = 0; i < 20; i++) await sender.publish('bus-test/in', `m${i}`, 1);
    await Promise.all([echoed, handledAll]);
    expect(new Set(echoes)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `m${i}`)));
    expect(handled).toHaveLength(20);
    expect(server.connected()).toBe(true);
  });

  it('consumes once: a second consume on the same bus is refused', async () => {
    const b = await bus();
    await b.consume(['bus-test/once'], async () => {});
    await expect(b.consume(['bus-test/once'], async () => {})).rejects.toThrow(/consumes once/);
  });
});
