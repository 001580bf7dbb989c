import { defineConfig } from 'vitest/config';

// Suites: unit (packages), api (run once on PGlite and once on PostgreSQL by scripts/test.mjs), web.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
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
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts'],
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
