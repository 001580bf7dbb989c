import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that guard packages/marc under mutation testing (bench/mutation.ts): the package's own.
// Each mutant runs the tests that cover it in a fresh worker; `isolate: false` lets the test files
// of one run share that worker, so the package (and citation-js) is imported once per mutant rather
// than once per test file, and a sample file read by one test file is not read again by the next.
// One mutant is active per run, so nothing read under one mutant is seen under another.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['packages/marc/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    isolate: false,
  },
});
