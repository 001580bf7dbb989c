import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
it('dump', async () => {
  const ctx = await buildTestApp();
  const r = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  writeFileSync('/tmp/h14/doc.json', r.body);
  await ctx.close();
});
