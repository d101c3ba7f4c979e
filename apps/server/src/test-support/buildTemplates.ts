/**
 * Builds this run's template databases (test-support/templates.ts) before any test starts: run by the integration
 * project's global setup in a child process (the seed does not load in vitest's main process). Built here, outside
 * every hook's limit, the first test of each fork only clones them; on a loaded machine the build inside a
 * `beforeAll` took most of its 120 s.
 */
import { pgliteTemplate, postgresTemplate, type TemplateVariant } from './templates.js';

const variants: TemplateVariant[] = ['migrated', 'seeded'];
for (const variant of variants) {
  await pgliteTemplate(variant);
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL, variant);
}
