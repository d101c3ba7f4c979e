import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../test-support/backends.js';

interface Line {
  level: number;
  msg: string;
  status?: number;
  slow?: boolean;
  requests?: number;
  serverErrors?: number;
  clientErrors?: number;
}

/**
 * Issue 27 item 6: the real app and logger (pino at info, as in production) writing into memory. By default a
 * successful request leaves no line; a server error, a client error and a request slower than LOG_SLOW_MS do, and
 * closing the app logs the summary of what was not logged. LOG_REQUESTS=all logs every request again.
 */
describe('request log policy', () => {
  let tdb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    await migrate(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** An app with `env`, two extra routes (one failing, one slower than the default 1 000 ms threshold), and its log lines. */
  async function appWith(env: Record<string, string>) {
    const lines: string[] = [];
    const { app } = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', ...env }), db: database.db, logStream: { write: (l) => void lines.push(l) } });
    app.get('/test/boom', async () => {
      throw new Error('boom');
    });
    // Longer than the threshold by construction, not by measurement: the sleep alone exceeds it.
    app.get('/test/slow', async () => {
      await sleep(1050);
      return { ok: true };
    });
    await app.ready();
    const parsed = () => lines.map((l) => JSON.parse(l) as Line);
    return { app, parsed };
  }

  it('by default logs errors and slow requests, not successful ones, and sums them all up on close', async () => {
    const { app, parsed } = await appWith({});
    expect((await app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/config.json?proid=3' })).statusCode).toBe(200);
    const successLines = parsed().filter((l) => l.msg.startsWith('GET /config.json'));
    expect(successLines).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/test/boom' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/v6/nothing/here' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/test/slow' })).statusCode).toBe(200);
    const byUrl = (prefix: string) => parsed().filter((l) => l.msg.startsWith(prefix) && l.status !== undefined);
    expect(byUrl('GET /test/boom 500')).toEqual([expect.objectContaining({ level: 50, status: 500 })]);
    expect(byUrl('GET /api/v6/nothing/here 400')).toEqual([expect.objectContaining({ level: 30, status: 400 })]);
    expect(byUrl('GET /test/slow 200')).toEqual([expect.objectContaining({ level: 40, status: 200, slow: true })]);
    expect(byUrl('GET /config.json')).toEqual([]);

    await app.close();
    const summary = parsed().filter((l) => l.requests !== undefined);
    expect(summary).toEqual([expect.objectContaining({ requests: 5, serverErrors: 1, clientErrors: 1 })]);
  });

  it('LOG_REQUESTS=all logs every request', async () => {
    const { app, parsed } = await appWith({ LOG_REQUESTS: 'all', LOG_SUMMARY_SECONDS: '0' });
    await app.inject({ method: 'GET', url: '/config.json' });
    await app.inject({ method: 'GET', url: '/api/v6/nothing/here' });
    await app.inject({ method: 'GET', url: '/test/boom' });
    await app.close();
    const requestLines = parsed().filter((l) => l.status !== undefined);
    expect(requestLines.map((l) => [l.msg, l.level])).toEqual([
      ['GET /config.json 200', 30],
      ['GET /api/v6/nothing/here 400', 30],
      ['GET /test/boom 500', 50],
    ]);
    // No summary with LOG_SUMMARY_SECONDS=0.
    expect(parsed().filter((l) => l.requests !== undefined)).toEqual([]);
  });
});
