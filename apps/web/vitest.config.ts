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
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
