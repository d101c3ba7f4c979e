import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { apiHeaders, backends, createTestDatabase, loginAs, testConfig, type TestDatabase } from '../test-support/backends.js';

describe.each(backends)('security headers and log redaction on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  const logLines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let embedded: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    // Logging at info into memory, as in production (request lines with their URLs).
    ({ app } = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', LOG_REQUESTS: 'all', MQTT_WS_PORT: '8084' }), db: database.db, logStream: { write: (line) => void logLines.push(line) } }));
    ({ app: embedded } = await buildApp({ config: testConfig({ FRAME_ANCESTORS: 'https://engine.example.com, self' }), db: database.db, logger: false }));
    await Promise.all([app.ready(), embedded.ready()]);
  });
  afterAll(async () => {
    await app?.close();
    await embedded?.close();
    await database?.close();
    await tdb?.drop();
  });

  it('sends CSP, nosniff, referrer policy and frame rules on API answers, errors and config.json', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/config.json', headers: { host: 'console.example.com:8080' } }),
      await app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: { ...apiHeaders(), host: 'console.example.com:8080' } }),
      await app.inject({ method: 'GET', url: '/api/v6/nothing', headers: { ...apiHeaders(), host: 'console.example.com:8080' } }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self' ws://console.example.com:8084 wss://console.example.com:8084");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('lets the configured engine host frame the console (FRAME_ANCESTORS)', async () => {
    const res = await embedded.inject({ method: 'GET', url: '/config.json' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors https://engine.example.com 'self'");
    // X-Frame-Options cannot name another origin and would forbid it: left out.
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('never writes a token given in a URL query to the log', async () => {
    const token = await loginAs(app, 'site');
    logLines.length = 0;
    await app.inject({ method: 'GET', url: `/?token=${token}&proid=3` });
    await app.inject({ method: 'GET', url: `/api/v6/user/userinfo?token=${encodeURIComponent(token)}`, headers: apiHeaders(token) });
    await app.inject({ method: 'GET', url: `/energy/flow?proid=3&TOKEN=${token}` });
    const log = logLines.join('');
    expect(log).toContain('token=[REDACTED]');
    expect(log).toContain('proid=3');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});
