import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files that run the `estante` command on the embedded database whatever engine the API run
// tests (backup and restore, the network import): the PostgreSQL run would repeat them unchanged.
const EMBEDDED_DATABASE_ONLY = [
  'apps/api/src/lib/db/backup.test.ts',
  'apps/api/src/modules/network/cli.test.ts',
];

// Test files whose database work is a setting or two read and written, the same statements on
// either engine (the captchas' challenge and verification, the exports read back by other
// programs): they run once, in the PostgreSQL run, where a test's database copy is cheapest
// (decision 0083). Any file that exercises the search, circulation or import SQL runs on both.
const SERVER_DATABASE_ONLY = [
  'apps/api/src/modules/identity/captcha.test.ts',
  'apps/api/src/modules/identity/recaptcha.test.ts',
  'apps/api/src/modules/basket/readback.test.ts',
];

// Suites: unit (packages), api (run once on PGlite and once on PostgreSQL by scripts/test.mjs), web.
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core for itself, which on a two-core machine
    // runs every file one after another while a whole core waits; the files share nothing (each test
    // has its own database copy, servers listen on port 0), so they can run side by side.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // Pure functions and files read from disk: one module graph per worker (decision 0081).
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          // The files share one module graph per worker instead of importing the app again each:
          // about 3 s of imports a file, 5 minutes a run. They keep no state in modules (each test
          // builds its app on its own database copy) and mock no module (decision 0081).
          isolate: false,
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [
            'apps/api/src/**/*.unit.test.ts',
            ...(process.env.TEST_DATABASE_URL ? EMBEDDED_DATABASE_ONLY : SERVER_DATABASE_ONLY),
          ],
          environment: 'node',
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env: { TZ: 'UTC' },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
