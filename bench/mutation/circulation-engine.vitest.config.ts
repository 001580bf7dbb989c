import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard the circulation engine under mutation testing (bench/mutation.ts): the
// engine's tests on an embedded database (PGlite), and the unit tests of what it calls.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: [
      'apps/api/src/modules/circulation/local/*.unit.test.ts',
      'apps/api/src/modules/circulation/engine.test.ts',
    ],
    environment: 'node',
    globalSetup: ['apps/api/src/testing/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { TZ: 'UTC' },
  },
});
