import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every module of the package loads. Its tables (tag lists, crosswalks, patterns) are built when a
// module is imported, and a bad entry there (a tag list `extract` refuses) throws at import. A test
// file that imports such a module statically fails to load instead of failing a test, and mutation
// testing reads only the tests that ran: this test imports each module itself, so a module that no
// longer loads is a failed test (bench/RESULTS.md, "Mutation testing").

const SRC = fileURLToPath(new URL('.', import.meta.url));
const MODULES = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  // The sample-file helpers of the tests, and the offline tool that writes the MARC-8 tables.
  .filter((file) => !file.startsWith('testing/') && file !== 'marc8/generate-tables.ts')
  .sort();

describe('the MARC package', () => {
  it('loads every one of its modules', async () => {
    const failed: string[] = [];
    for (const file of MODULES) {
      try {
        await import(`${SRC}${file}`);
      } catch (error) {
        failed.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failed).toEqual([]);
    expect(MODULES).toContain('map/map-title.ts');
    expect(MODULES).toContain('views/dublin-core.ts');
  });
});
