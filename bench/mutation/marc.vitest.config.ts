import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard packages/marc under mutation testing (bench/mutation.ts): the package's own.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['packages/marc/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
