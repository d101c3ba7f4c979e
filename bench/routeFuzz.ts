/**
 * Route fuzz (issue 9 item 6, issue 24 item 7): every operation of the OpenAPI document gets generated bad input
 * as the Suzhou site user (Hangzhou's ids as "another tenant") and without a session; prints requests sent, how
 * many reached a route handler (overall and per operation), how often the session had to be opened again,
 * answers by HTTP status and by catalogue code, and the 5xx (must be 0). The same run is an integration test
 * (apps/server/src/routeFuzz.int.test.ts); this prints the figures for docs/security.md.
 *
 *   npx tsx bench/routeFuzz.ts                 # embedded PGlite
 *   npx tsx bench/routeFuzz.ts --postgres URL  # a PostgreSQL server (a database is created and dropped)
 */
import { parseArgs } from 'node:util';
import { loginAs, startTestApp } from '../apps/server/src/test-support/backends.js';
import { formatOperations, formatSummary, fuzzRoutes, idPool } from '../apps/server/src/test-support/routeFuzz.js';

const { values } = parseArgs({ options: { postgres: { type: 'string' }, seed: { type: 'string' } } });
if (values.postgres) process.env.TEST_DATABASE_URL = values.postgres;
const backend = values.postgres ? 'postgres' : 'pglite';

const t = await startTestApp(backend);
try {
  const started = Date.now();
  const summary = await fuzzRoutes(t.app, {
    identities: [
      { label: 'site user', token: await loginAs(t.app, 'site'), full: true, login: () => loginAs(t.app, 'site') },
      { label: 'no session', full: false },
    ],
    own: await idPool(t.database.db, 'Suzhou', 'site'),
    other: await idPool(t.database.db, 'Hangzhou'),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  });
  console.log(formatSummary(backend, summary));
  console.log(formatOperations(summary));
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const f of [...summary.serverErrors, ...summary.uncatalogued]) console.log(`  ${f.status} ${f.method} ${f.url} (${f.mutation}): ${f.body}`);
  for (const f of summary.unauthenticatedReached) console.log(`  without a session, reached: ${f.method} ${f.url} (${f.mutation})`);
  process.exitCode = summary.serverErrors.length + summary.uncatalogued.length + summary.unauthenticatedReached.length > 0 ? 1 : 0;
} finally {
  await t.close();
}
