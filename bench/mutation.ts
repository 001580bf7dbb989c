// Mutation testing (`npm run bench:mutation`): StrykerJS plants small bugs (mutants) one at a time in
// the MARC package, the circulation rules and engine, and the web search state, runs the tests that
// cover each one, and counts the mutants some test caught. Prints the score per area and in total.
//   npm run bench:mutation                          # every area, one after the other
//   npm run bench:mutation -- --area marc           # one area (repeatable): marc, circulation, search-state,
//                                                   # circulation-engine (not run by default: an hour
//                                                   # or more, its tests on a throwaway PostgreSQL)
//   npm run bench:mutation -- --area marc --mutate 'packages/marc/src/views/**/*.ts'  # part of an area
//   npm run bench:mutation -- --area marc --each    # the area file by file, largest first, each its own part
//   npm run bench:mutation -- --area circulation-engine --mutate 'apps/api/src/modules/circulation/local/engine/loans.ts:100-200'
//   npm run bench:mutation -- --summary             # no run: the latest result of every file measured so far
//   npm run bench:mutation -- --full                # ignore the results kept from the last run of the part
//   npm run bench:mutation -- --shared DIR          # where the shared sample data is (default: ../shared)
// One test process at a time (`--concurrency N` to change it). Each part of an area (the whole area,
// a `--mutate` glob, a line range, a file of `--each`) keeps its own results in
// bench/.data/mutation/<area>/<part>.{incremental.json,html,json}: results of unchanged code and tests
// are reused by the next run of that part (Stryker's incremental mode), and `--summary` adds up the
// latest result of every file, so an area can be measured in pieces, across runs and machines (copy
// the folder).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import { findPostgresBin, startPostgres } from '../scripts/lib.mjs';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import {
  add,
  type Counts,
  countsPerFile,
  latestPerFile,
  partName,
  type PartRecord,
  percent,
  ZERO,
} from './mutation/parts.ts';
import { fileSeconds } from './mutation/file-times.ts';

interface Area {
  name: string;
  /** Files mutated (Stryker globs, `!` excludes), from the repo root. */
  mutate: string[];
  /** The vitest config that runs the tests guarding the area. */
  vitestConfig: string;
  /** false: runs only when named. */
  byDefault?: boolean;
  /**
   * Its tests run on a PostgreSQL server (TEST_DATABASE_URL, or a throwaway cluster this script
   * starts): a test's database is then a copy of the template database, made by the server in a
   * fraction of a second, where an embedded one is loaded from a dump in about 3 s.
   */
  postgres?: boolean;
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
    // The engine's database work under its tests, on PostgreSQL: each test makes its own database
    // from the template, and an engine mutant is covered by up to 22 of them, so this area takes an
    // hour or more and runs only when named (--area circulation-engine).
    name: 'circulation-engine',
    mutate: [
      'apps/api/src/modules/circulation/local/engine.ts',
      'apps/api/src/modules/circulation/local/engine/*.ts',
    ],
    vitestConfig: 'bench/mutation/circulation-engine.vitest.config.ts',
    byDefault: false,
    postgres: true,
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
    each: { type: 'boolean', default: false },
    summary: { type: 'boolean', default: false },
  },
});
const chosen = values.area ?? AREAS.filter((a) => a.byDefault !== false || values.summary).map((a) => a.name);
const unknown = chosen.filter((name) => !AREAS.some((a) => a.name === name));
if (unknown.length > 0) {
  console.error(`unknown area: ${unknown.join(', ')} (areas: ${AREAS.map((a) => a.name).join(', ')})`);
  process.exit(2);
}
if (values.each && values.mutate) {
  console.error('--each runs every file of the area: give it no --mutate');
  process.exit(2);
}

const DATA = 'bench/.data/mutation';
const areaDir = (area: Area) => `${DATA}/${area.name}`;

/** A Stryker glob (`**`, `*`) as a regular expression over repo-relative paths. */
function globRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((piece) =>
      piece === '**/' ? '(?:.*/)?' : piece === '*' ? '[^/]*' : piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** The files an area's globs mutate, largest first (the order of `--each`). */
function areaFiles(area: Area): string[] {
  const include = area.mutate.filter((g) => !g.startsWith('!')).map(globRegExp);
  const exclude = area.mutate.filter((g) => g.startsWith('!')).map((g) => globRegExp(g.slice(1)));
  const roots = new Set(
    area.mutate.filter((g) => !g.startsWith('!')).map((g) => g.split('*')[0]!.replace(/\/[^/]*$/, '')),
  );
  const files = [...roots].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => `${root}/${f}`),
  );
  return [...new Set(files)]
    .filter((f) => include.some((r) => r.test(f)) && !exclude.some((r) => r.test(f)))
    .sort((a, b) => statSync(b).size - statSync(a).size);
}

/** Every result record kept for an area, one per part. */
function partRecords(area: Area): PartRecord[] {
  const dir = areaDir(area);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.incremental.json'))
    .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as PartRecord);
}

const row = (name: string, c: Counts, seconds: string, extra = '') =>
  `| ${name} | ${c.mutants} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${c.other} | ` +
  `${percent(c).toFixed(1)} % | ${seconds} |${extra}`;
const HEAD = '| mutants | killed | timeout | survived | no coverage | not scored | score | time |';
const RULE = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

if (values.summary) {
  // No run: the latest counts of every file measured so far, per area, and the files not measured yet.
  for (const area of AREAS.filter((a) => chosen.includes(a.name))) {
    const parts = partRecords(area);
    const rows = latestPerFile(parts);
    if (rows.length === 0) {
      console.log(`\n### ${area.name}\n\nnothing measured yet`);
      continue;
    }
    console.log(`\n### ${area.name}\n\n| file ${HEAD} measured |\n| --- ${RULE} --- |`);
    for (const r of rows)
      console.log(
        row(
          `\`${r.key}\``,
          r,
          r.seconds === undefined ? `in ${r.part}` : `${r.seconds.toFixed(0)} s`,
          ` ${r.finished.slice(0, 16)} |`,
        ),
      );
    const total = rows.reduce<Counts>((sum, r) => add(sum, r), ZERO);
    const seconds = rows.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
    console.log(row(`**${area.name}, ${rows.length} files**`, total, `${seconds.toFixed(0)} s`, ' |'));
    // What the runs spent besides the mutants: copying the sandbox and the initial test run of each part.
    const used = new Set(rows.map((r) => `${r.part} ${r.finished}`));
    const setUp = parts
      .filter((p) => used.has(`${p.part} ${p.finished}`) && p.fileSeconds)
      .reduce((sum, p) => sum + p.seconds - Object.values(p.fileSeconds!).reduce((a, b) => a + b, 0), 0);
    console.log(`\nset-up and initial test runs of the ${used.size} runs used: ${setUp.toFixed(0)} s`);
    const measured = new Set(rows.map((r) => r.key.replace(/:\d[\d:-]*$/, '')));
    const missing = areaFiles(area).filter((f) => !measured.has(f));
    if (missing.length > 0) console.log(`\nnot measured yet: ${missing.map((f) => `\`${f}\``).join(', ')}`);
  }
  process.exit(0);
}

// Stryker runs the tests in a copy of the repo two levels down (.stryker-tmp/sandbox-*): the tests
// that read the sample MARC files from `../shared/data/marc` beside the repo find them through a link.
const TEMP_DIR = '.stryker-tmp';
mkdirSync(TEMP_DIR, { recursive: true });
rmSync(`${TEMP_DIR}/shared`, { force: true });
if (existsSync(values.shared)) symlinkSync(resolve(values.shared), `${TEMP_DIR}/shared`);
else console.warn(`no shared sample data at ${values.shared}: tests that read it will fail`);

interface Run {
  area: Area;
  /** The `--mutate` globs of this part; undefined: the area's own. */
  mutate: string[] | undefined;
}
const runs: Run[] = AREAS.filter((a) => chosen.includes(a.name)).flatMap((area) =>
  values.each ? areaFiles(area).map((file) => ({ area, mutate: [file] })) : [{ area, mutate: values.mutate }],
);

const repoPath = (file: string) => relative(process.cwd(), resolve(file));

/** The PostgreSQL server of the areas that need one: TEST_DATABASE_URL, or a throwaway cluster. */
let cluster: { url: string; stop(): void } | null = null;
async function postgresFor(area: Area): Promise<void> {
  if (!area.postgres || process.env.TEST_DATABASE_URL) return;
  const bin = await findPostgresBin();
  cluster = bin ? await startPostgres(bin) : null;
  if (!cluster) {
    console.error(`area ${area.name} needs PostgreSQL: set TEST_DATABASE_URL or install its server binaries`);
    process.exit(2);
  }
  // Stryker's test processes inherit the environment.
  process.env.TEST_DATABASE_URL = cluster.url;
}
process.on('exit', () => cluster?.stop());

const done: { name: string; counts: Counts; seconds: number }[] = [];
for (const { area, mutate } of runs) {
  await postgresFor(area);
  const part = partName(mutate);
  // A part's globs keep the area's exclusions (tests, declarations, generated tables).
  const globs = mutate ? [...mutate, ...area.mutate.filter((g) => g.startsWith('!'))] : area.mutate;
  const dir = areaDir(area);
  mkdirSync(dir, { recursive: true });
  const options: PartialStrykerOptions = {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner', './bench/mutation/file-times.ts'],
    vitest: { configFile: area.vitestConfig, related: false },
    mutate: globs,
    coverageAnalysis: 'perTest',
    concurrency: Number(values.concurrency),
    incremental: true,
    incrementalFile: `${dir}/${part}.incremental.json`,
    force: values.full,
    reporters: ['progress', 'clear-text', 'html', 'file-times'],
    htmlReporter: { fileName: `${dir}/${part}.html` },
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
  const seconds = (performance.now() - started) / 1000;
  const record: PartRecord = {
    area: area.name,
    part,
    mutate: globs,
    finished: new Date().toISOString(),
    seconds,
    full: values.full,
    files: countsPerFile(results, mutate ?? [], repoPath),
    fileSeconds: Object.fromEntries([...fileSeconds].map(([file, s]) => [repoPath(file), Math.round(s)])),
  };
  writeFileSync(`${dir}/${part}.json`, `${JSON.stringify(record, null, 2)}\n`);
  const counts = Object.values(record.files).reduce<Counts>((sum, c) => add(sum, c), ZERO);
  done.push({ name: part === 'all' ? area.name : `${area.name}: ${part}`, counts, seconds });
}

const total = done.reduce(
  (sum, d) => ({ counts: add(sum.counts, d.counts), seconds: sum.seconds + d.seconds }),
  {
    counts: ZERO,
    seconds: 0,
  },
);
console.log(`\n| area ${HEAD}\n| --- ${RULE}`);
for (const d of done.length > 1 ? [...done, { name: 'total', ...total }] : done)
  console.log(row(d.name, d.counts, `${d.seconds.toFixed(0)} s`));
console.log('\nThe latest result of every file measured so far: npm run bench:mutation -- --summary');
