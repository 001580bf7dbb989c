// `npm test`: install what is missing, then lint, typecheck, unit and web tests, API tests on
// PGlite and on a throwaway PostgreSQL cluster, and browser tests; ends with one total line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  aptInstall,
  canApt,
  checkNode,
  ensureDependencies,
  findPostgresBin,
  hasCommand,
  run,
  startE2eServer,
  startPostgres,
  step,
} from './lib.mjs';

checkNode();
await ensureDependencies();

const results = [];
const reportDir = mkdtempSync(join(tmpdir(), 'estante-test-report-'));
let suiteStart = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const record = (suite, passed, failed, skipped = 0, failures = [], took = Date.now() - suiteStart) => {
  suiteStart = Date.now();
  results.push({ suite, passed, failed, skipped, took, failures });
  console.log(
    `\n  ${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${minutes(took)})`,
  );
};

/** The slowest test files of a vitest report, so a suite that grows slower says where. */
function printSlowest(report, count = 8) {
  const files = (report.testResults ?? [])
    .map((r) => ({
      name: r.name.replace(`${process.cwd()}/`, ''),
      took: (r.endTime ?? 0) - (r.startTime ?? 0),
    }))
    .sort((a, b) => b.took - a.took)
    .slice(0, count);
  console.log('  slowest files:');
  for (const f of files) console.log(`    ${(f.took / 1000).toFixed(0).padStart(5)} s  ${f.name}`);
}

/** A failed test as the summary names it: where it is, its title and the first line of its error. */
const failure = (file, title, message) =>
  `${file.replace(`${process.cwd()}/`, '')} > ${title}: ${
    // Colour codes and the stack stay in the run's output; the summary keeps one line.
    (message ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  }`.slice(0, 300);

/** A check that is one command (lint, typecheck, build): one passed or one failed. */
async function check(suite, command, args, env = {}) {
  step(suite);
  suiteStart = Date.now();
  const code = await run(command, args, { env });
  record(suite, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

/** A vitest run; counts come from its JSON report, and a crash without a report counts as a failure. */
async function vitest(suite, projects, env = {}) {
  step(suite);
  suiteStart = Date.now();
  const output = join(reportDir, `${suite.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ];
  const code = await run('npx', args, { env: { CI: process.env.CI ?? '', ...env } });
  if (!existsSync(output)) return record(suite, 0, 1);
  const report = JSON.parse(readFileSync(output, 'utf8'));
  printSlowest(report);
  const failedSuites = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
  ).length;
  const failed =
    report.numFailedTests + failedSuites + (code !== 0 && report.numFailedTests + failedSuites === 0 ? 1 : 0);
  const failures = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).length === 0 && file.status === 'failed'
      ? [failure(file.name, '(the file did not load)', file.message)]
      : (file.assertionResults ?? [])
          .filter((test) => test.status === 'failed')
          .map((test) => failure(file.name, test.fullName, test.failureMessages?.[0])),
  );
  record(suite, report.numPassedTests, failed, report.numPendingTests + (report.numTodoTests ?? 0), failures);
}

/**
 * Checks that are one command each and use one core each (eslint, tsc), run side by side: on two
 * cores lint and typecheck take 109 s together instead of 154 s one after the other. Each one's
 * output is held and printed whole when it ends, so the two never interleave.
 */
async function checksTogether(checks) {
  step(checks.map(([suite]) => suite).join(' and '));
  const started = Date.now();
  const outcomes = await Promise.all(
    checks.map(
      ([suite, command, args]) =>
        new Promise((resolve) => {
          let output = '';
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          const end = (code, text) => resolve({ suite, code, output: text, took: Date.now() - started });
          child.on('error', (error) => end(127, `${command}: ${error.message}`));
          child.on('close', (code) => end(code ?? 1, output));
        }),
    ),
  );
  for (const { suite, code, output, took } of outcomes) {
    if (output.trim()) console.log(`\n${suite}:\n${output.trimEnd()}`);
    record(suite, code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0, [], took);
  }
}

/** Chromium for the browser tests: CHROME_PATH, one on the PATH, or Debian's package when we are root. */
async function findChromium() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : null;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    if (hasCommand(name))
      return spawnSync('sh', ['-c', `command -v ${name}`])
        .stdout.toString()
        .trim();
  }
  if (await aptInstall(['chromium'])) return '/usr/bin/chromium';
  return null;
}

/** Debian's yaz-marcdump is the independent oracle of the MARC-8 decoder test. */
async function ensureYaz() {
  if (hasCommand('yaz-marcdump')) return true;
  if (await aptInstall(['yaz'])) return true;
  console.error('yaz-marcdump is missing: install the Debian/Ubuntu package "yaz" (apt-get install yaz).');
  return false;
}

/** The independent readers the export tests read the basket's files back with (bibutils, poppler). */
async function ensureExportReaders() {
  const missing = () =>
    [
      ['ris2xml', 'bibutils'],
      ['bib2xml', 'bibutils'],
      ['pdftotext', 'poppler-utils'],
    ].filter(([command]) => !hasCommand(command));
  if (missing().length === 0) return true;
  await aptInstall([...new Set(missing().map(([, pkg]) => pkg))]);
  const still = missing();
  if (still.length === 0) return true;
  console.error(
    `${still.map(([command]) => command).join(', ')} missing: install the Debian/Ubuntu packages "bibutils" and "poppler-utils" (apt-get install bibutils poppler-utils).`,
  );
  return false;
}

/** Debian's HTTP::OAI (libhttp-oai-perl) is the independent harvester of the OAI-PMH provider test. */
async function ensureOaiHarvester() {
  const present = () => spawnSync('perl', ['-MHTTP::OAI', '-e', '1']).status === 0;
  if (present()) return true;
  if ((await aptInstall(['libhttp-oai-perl'])) && present()) return true;
  console.error(
    'The Perl module HTTP::OAI is missing: install the Debian/Ubuntu package "libhttp-oai-perl" (apt-get install libhttp-oai-perl).',
  );
  return false;
}

/** Debian's simple2zoom (libnet-z3950-simple2zoom-perl) is the Z39.50 gateway the SRU client test puts in front of /sru. */
async function ensureZ3950Gateway() {
  if (hasCommand('simple2zoom')) return true;
  if ((await aptInstall(['libnet-z3950-simple2zoom-perl'])) && hasCommand('simple2zoom')) return true;
  console.error(
    'simple2zoom is missing: install the Debian/Ubuntu package "libnet-z3950-simple2zoom-perl" (apt-get install libnet-z3950-simple2zoom-perl).',
  );
  return false;
}

/** Debian's nginx is the reverse proxy the reference deployment's configuration (docs/deploy.md) is tried in. */
async function ensureNginx() {
  if (hasCommand('nginx') || existsSync('/usr/sbin/nginx')) return true;
  if ((await aptInstall(['nginx-light'])) && existsSync('/usr/sbin/nginx')) return true;
  console.error(
    'nginx is missing: install the Debian/Ubuntu package "nginx-light" (apt-get install nginx-light).',
  );
  return false;
}

async function playwright(chrome, baseUrl, testEnv) {
  const suite = 'browser (Playwright, Chromium)';
  step(suite);
  suiteStart = Date.now();
  const output = join(reportDir, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { ...testEnv, CHROME_PATH: chrome, E2E_BASE_URL: baseUrl, PW_JSON: output },
  });
  if (!existsSync(output)) return record(suite, 0, 1);
  const playwrightReport = JSON.parse(readFileSync(output, 'utf8'));
  const byFile = new Map();
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
        if (test.status === 'unexpected' || test.status === 'flaky')
          failures.push(
            failure(
              `apps/web/e2e/${spec.file}:${spec.line}`,
              `${spec.title}${test.status === 'flaky' ? ' (flaky: passed on retry)' : ''}`,
              test.results?.find((result) => result.error)?.error?.message,
            ),
          );
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwrightReport.suites ?? []) walk(suite);
  printSlowest({
    testResults: [...byFile].map(([name, took]) => ({ name, startTime: 0, endTime: took })),
  });
  const stats = playwrightReport.stats ?? {};
  const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  record(suite, stats.expected ?? 0, failed || (code !== 0 ? 1 : 0), stats.skipped ?? 0, failures);
}

// Tools the suites need, installed first so a missing one is reported once, clearly.
const hasYaz = await ensureYaz();
const hasExportReaders = await ensureExportReaders();
const hasOaiHarvester = await ensureOaiHarvester();
const hasZ3950Gateway = await ensureZ3950Gateway();
const hasNginx = await ensureNginx();
const chrome = await findChromium();
const pgBin = await findPostgresBin();

await checksTogether([
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
]);
if (!hasYaz) record('MARC-8 oracle (yaz-marcdump missing)', 0, 1);
if (!hasExportReaders) record('export readers (bibutils or poppler-utils missing)', 0, 1);
if (!hasOaiHarvester) record('OAI-PMH harvester (libhttp-oai-perl missing)', 0, 1);
if (!hasZ3950Gateway) record('Z39.50 gateway (libnet-z3950-simple2zoom-perl missing)', 0, 1);
if (!hasNginx) record('reverse proxy (nginx missing)', 0, 1);
await vitest('unit and web components', ['unit', 'web']);
await vitest('API on PGlite', ['api'], { TEST_DATABASE_URL: '' });

if (pgBin) {
  step('Starting a throwaway PostgreSQL cluster');
  const cluster = await startPostgres(pgBin);
  if (cluster) {
    try {
      await vitest('API on PostgreSQL', ['api'], { TEST_DATABASE_URL: cluster.url });
    } finally {
      cluster.stop();
    }
  } else {
    record('API on PostgreSQL (cluster did not start)', 0, 1);
  }
} else {
  console.error(
    canApt()
      ? 'PostgreSQL could not be installed with apt-get.'
      : 'PostgreSQL server programs (initdb, pg_ctl) are missing: install PostgreSQL 15+ (Debian: apt-get install postgresql).',
  );
  record('API on PostgreSQL (PostgreSQL missing)', 0, 1);
}

if (await check('build web app', 'npm', ['run', 'build', '--silent'])) {
  if (!chrome) {
    console.error(
      'No Chromium found: install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chrome/Chromium binary.',
    );
    record('browser (Chromium missing)', 0, 1);
  } else {
    step('Starting the catalogue for the browser tests');
    const server = await startE2eServer();
    if (!server) {
      record('browser (server did not start)', 0, 1);
    } else {
      try {
        await playwright(chrome, server.url, server.testEnv);
      } finally {
        await server.stop();
      }
    }
  }
}

rmSync(reportDir, { recursive: true, force: true });
const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
console.log('\nSummary:');
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.suite}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${minutes(r.took)})`,
  );
  // The failed tests by name, so the end of the output alone says what to look at.
  for (const name of r.failures.slice(0, 10)) console.log(`      ✗ ${name}`);
  if (r.failures.length > 10) console.log(`      … and ${r.failures.length - 10} more`);
}
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 ? 1 : 0);
