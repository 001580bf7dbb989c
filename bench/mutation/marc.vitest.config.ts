import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard packages/marc under mutation testing (bench/mutation.ts): the package's own.
// Each test file runs isolated (vitest's default), as the mutants need: `isolate: false` was tried
// and kept a module-level mutant (a regular expression built once) from being seen by the tests,
// for no saving (bench/RESULTS.md).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['packages/marc/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Each test reads the sample files it uses (no cache shared between tests), so that per-test
    // coverage sees every test that goes through the reader (packages/marc/src/testing/sample-files.ts).
    env: { MARC_SAMPLES_UNCACHED: '1' },
  },
});
