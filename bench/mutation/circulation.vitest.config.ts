import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard the circulation rules and choices under mutation testing (bench/mutation.ts):
// their unit tests, no database.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['apps/api/src/modules/circulation/local/*.unit.test.ts'],
    environment: 'node',
  },
});
