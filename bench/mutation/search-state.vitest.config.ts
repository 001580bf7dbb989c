import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import web from '../../apps/web/vitest.config.ts';

// The tests that guard the web search state under mutation testing (bench/mutation.ts): the web
// suite's settings, its search-state tests only.
export default defineConfig({
  ...web,
  root: fileURLToPath(new URL('../../apps/web', import.meta.url)),
  test: { ...web.test, include: ['src/features/search/hooks/use-search-state.test.ts'], isolate: false },
});
