import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard the circulation engine under mutation testing (bench/mutation.ts): the
// engine's own tests, the circulation routes, desk, jobs and concurrency tests that reach it through
// the API, and the unit tests of what it calls. bench/mutation.ts runs them on PostgreSQL.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: [
      'apps/api/src/modules/circulation/local/*.unit.test.ts',
      'apps/api/src/modules/circulation/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['apps/api/src/testing/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { TZ: 'UTC' },
  },
});
