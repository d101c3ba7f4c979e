import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Workspace packages resolve to their sources in tests, so no build is needed before `vitest`.
const alias = {
  '@gridops/contract': fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url)),
  '@gridops/format': fileURLToPath(new URL('./packages/format/src/index.ts', import.meta.url)),
  '@gridops/simulator/fleet': fileURLToPath(new URL('./apps/simulator/src/fleet.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Vitest's default is one worker per core less one: a single worker on the 2-core machine.
          maxWorkers: 2,
          // Projects run one after another (unit → web → integration → e2e): the e2e server and the
          // integration databases never compete for the two cores.
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/simulator/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts', 'apps/simulator/src/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Names the run whose migrated and seeded template databases the tests clone (test-support/templates.ts).
          globalSetup: ['apps/server/src/test-support/integrationSetup.ts'],
          // PGlite costs ~0.5–0.9 GB per instance; two forks keep the 2-core machine responsive.
          maxWorkers: 2,
          // Files share their fork's module graph (the server's ~1 000 modules are imported once per fork, not once
          // per file: ~15 % of this project's time). Each test builds its own app, database and broker, so no
          // state is meant to live in modules between files.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits on what the page shows; vitest's 1 s default is shorter than a render on a busy
          // machine (CI runs the suite with two CPU-bound processes beside it).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          globalSetup: ['e2e/support/globalSetup.ts'],
        },
      },
    ],
  },
});
