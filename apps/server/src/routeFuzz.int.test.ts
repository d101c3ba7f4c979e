import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, loginAs, startTestApp, type TestApp } from './test-support/backends.js';
import { formatSummary, fuzzRoutes, idPool, type FuzzSummary } from './test-support/routeFuzz.js';

/**
 * Every operation of the OpenAPI document gets generated bad input, as the Suzhou site user (with the
 * Hangzhou tenant's ids as "other tenant") and without a session: no answer may be a 5xx, and every 4xx carries
 * a code of the error catalogue. The printed totals go to docs/security.md (also: bench/routeFuzz.ts).
 */
describe.each(backends)('route fuzz over the OpenAPI document on %s', (backend) => {
  let t: TestApp;
  let summary: FuzzSummary;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('answers every generated bad input with a 4xx and a catalogue code, never a 5xx', async () => {
    const db = t.database.db;
    const token = await loginAs(t.app, 'site');
    summary = await fuzzRoutes(t.app, {
      identities: [
        { label: 'site user', token, full: true },
        { label: 'no session', full: false },
      ],
      own: await idPool(db, 'Suzhou'),
      other: await idPool(db, 'Hangzhou'),
      skipAuthenticated: ['POST /api/v6/user/logout'],
    });
    console.info(formatSummary(backend, summary));
    expect(summary.serverErrors).toEqual([]);
    expect(summary.uncatalogued).toEqual([]);
    expect(summary.operations).toBeGreaterThanOrEqual(60);
    expect(summary.requests).toBeGreaterThan(2000);
  }, 600_000);
});
