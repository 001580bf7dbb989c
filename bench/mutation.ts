// Mutation testing (`npm run bench:mutation`): StrykerJS plants small bugs (mutants) one at a time in
// the MARC package, the circulation rules and engine, and the web search state, runs the tests that
// cover each one, and counts the mutants some test caught. Prints the score per area and in total.
//   npm run bench:mutation                          # every area, one after the other
//   npm run bench:mutation -- --area marc           # one area (repeatable): marc, circulation, search-state,
//                                                   # circulation-engine (not run by default: hours)
//   npm run bench:mutation -- --area marc --mutate 'packages/marc/src/views/**/*.ts'  # part of an area
//   npm run bench:mutation -- --full                # ignore the results kept from the last run
//   npm run bench:mutation -- --shared DIR          # where the shared sample data is (default: ../shared)
// One test process at a time (`--concurrency N` to change it). Results of unchanged code and tests are
// kept between runs in bench/.data/mutation/ (Stryker's incremental mode), with each area's report.
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';

interface Area {
  name: string;
  /** Files mutated (Stryker globs, `!` excludes), from the repo root. */
  mutate: string[];
  /** The vitest config that runs the tests guarding the area. */
  vitestConfig: string;
  /** false: runs only when named. */
  byDefault?: boolean;
}

const AREAS: Area[] = [
  {
    name: 'marc',
    mutate: [
      'packages/marc/src/**/*.ts',
      '!packages/marc/src/**/*.test.ts',
      '!packages/marc/src/**/*.d.ts',
      '!packages/marc/src/testing/**',
      // Generated data (the MARC-8 code tables) and the offline tool that generates it: the decoder
      // that reads the tables is mutated, and its tests check characters of every set.
      '!packages/marc/src/marc8/tables.ts',
      '!packages/marc/src/marc8/generate-tables.ts',
      '!packages/marc/src/marc8/eacc-alphabet.ts',
    ],
    vitestConfig: 'bench/mutation/marc.vitest.config.ts',
  },
  {
    // The rules and choices as pure functions, under their unit tests.
    name: 'circulation',
    mutate: [
      'apps/api/src/modules/circulation/local/rules.ts',
      'apps/api/src/modules/circulation/local/choices.ts',
    ],
    vitestConfig: 'bench/mutation/circulation.vitest.config.ts',
  },
  {
    // The engine's database work under its tests on PGlite: each test makes a database from the
    // template, about 3 s, so this area takes hours and runs only when named (--area circulation-engine).
    name: 'circulation-engine',
    mutate: ['apps/api/src/modules/circulation/local/engine.ts'],
    vitestConfig: 'bench/mutation/circulation-engine.vitest.config.ts',
    byDefault: false,
  },
  {
    name: 'search-state',
    mutate: ['apps/web/src/features/search/hooks/use-search-state.ts'],
    vitestConfig: 'bench/mutation/search-state.vitest.config.ts',
  },
];

const { values } = parseArgs({
  options: {
    area: { type: 'string', multiple: true },
    full: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
    shared: { type: 'string', default: '../shared' },
    mutate: { type: 'string', multiple: true },
  },
});
const chosen = values.area ?? AREAS.filter((a) => a.byDefault !== false).map((a) => a.name);
const unknown = chosen.filter((name) => !AREAS.some((a) => a.name === name));
if (unknown.length > 0) {
  console.error(`unknown area: ${unknown.join(', ')} (areas: ${AREAS.map((a) => a.name).join(', ')})`);
  process.exit(2);
}

const DATA = 'bench/.data/mutation';
mkdirSync(DATA, { recursive: true });

// Stryker runs the tests in a copy of the repo two levels down (.stryker-tmp/sandbox-*): the tests
// that read the sample MARC files from `../shared/data/marc` beside the repo find them through a link.
const TEMP_DIR = '.stryker-tmp';
mkdirSync(TEMP_DIR, { recursive: true });
rmSync(`${TEMP_DIR}/shared`, { force: true });
if (existsSync(values.shared)) symlinkSync(resolve(values.shared), `${TEMP_DIR}/shared`);
else console.warn(`no shared sample data at ${values.shared}: tests that read it will fail`);

/** Stryker's counts: caught = killed + timed out; the score is caught over caught, survived and not covered. */
interface Score {
  area: string;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Compile and runtime errors, and mutants left out by a `Stryker disable` comment: not scored. */
  other: number;
  seconds: number;
}

function score(area: string, results: readonly MutantResult[], seconds: number): Score {
  const count = (status: MutantResult['status']) => results.filter((r) => r.status === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  return {
    area,
    mutants: results.length,
    killed,
    timeout,
    survived,
    noCoverage,
    other: results.length - killed - timeout - survived - noCoverage,
    seconds,
  };
}

const percent = (s: Pick<Score, 'killed' | 'timeout' | 'survived' | 'noCoverage'>) => {
  const scored = s.killed + s.timeout + s.survived + s.noCoverage;
  return scored === 0 ? 100 : (100 * (s.killed + s.timeout)) / scored;
};

const scores: Score[] = [];
for (const area of AREAS.filter((a) => chosen.includes(a.name))) {
  const options: PartialStrykerOptions = {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: area.vitestConfig, related: false },
    mutate: values.mutate ?? area.mutate,
    coverageAnalysis: 'perTest',
    concurrency: Number(values.concurrency),
    incremental: true,
    incrementalFile: `${DATA}/${area.name}-incremental.json`,
    force: values.full,
    reporters: ['progress', 'clear-text', 'html'],
    htmlReporter: { fileName: `${DATA}/${area.name}.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
    tempDirName: TEMP_DIR,
    // The sandbox is a copy of the repo without what is built, downloaded or measured.
    ignorePatterns: [
      '/data',
      'dist',
      'bench/.data',
      'test-results',
      'playwright-report',
      'coverage',
      '.cache',
    ],
    timeoutMS: 30_000,
    cleanTempDir: true,
    thresholds: { high: 90, low: 80, break: null },
  };
  const started = performance.now();
  const results = await new Stryker(options).runMutationTest();
  scores.push(score(area.name, results, (performance.now() - started) / 1000));
}

const total = scores.reduce(
  (sum, s) => ({
    ...sum,
    mutants: sum.mutants + s.mutants,
    killed: sum.killed + s.killed,
    timeout: sum.timeout + s.timeout,
    survived: sum.survived + s.survived,
    noCoverage: sum.noCoverage + s.noCoverage,
    other: sum.other + s.other,
    seconds: sum.seconds + s.seconds,
  }),
  { area: 'total', mutants: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0, seconds: 0 },
);

console.log('\n| area | mutants | killed | timeout | survived | no coverage | not scored | score | time |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of scores.length > 1 ? [...scores, total] : scores)
  console.log(
    `| ${s.area} | ${s.mutants} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.other} | ` +
      `${percent(s).toFixed(1)} % | ${s.seconds.toFixed(0)} s |`,
  );
