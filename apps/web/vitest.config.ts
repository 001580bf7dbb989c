import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { languagesDefine } from './languages.ts';
import { textsSplit } from './texts-split.ts';

export default defineConfig({
  plugins: [textsSplit(), react()],
  define: languagesDefine(),
  test: {
    name: 'web',
    environment: 'jsdom',
    isolate: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A form test types and clicks through jsdom in 1–2 s on an idle machine; with both cores busy
    // (the suites run a file per core) it can pass 5 s, vitest's default, without anything wrong.
    testTimeout: 15_000,
  },
});
