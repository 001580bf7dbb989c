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

/** Chromium for the browser tests: CHROME_PATH, or one on the PATH. */
function chromiumOnPath() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : null;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    if (hasCommand(name))
      return spawnSync('sh', ['-c', `command -v ${name}`])
        .stdout.toString()
        .trim();
  }
  return null;
}

/**
 * The programs the suites need from Debian, each the independent reader or the real server of some
 * tests, with how to tell it is there and what its absence fails in the summary.
 */
const DEBIAN_TOOLS = [
  {
    // yaz-marcdump: the independent oracle of the MARC-8 decoder test.
    present: () => hasCommand('yaz-marcdump'),
    packages: ['yaz'],
    missing: 'yaz-marcdump is missing',
    suite: 'MARC-8 oracle (yaz-marcdump missing)',
  },
  {
    // bibutils and poppler: the readers the export tests read the basket's files back with.
    present: () => ['ris2xml', 'bib2xml', 'pdftotext'].every((command) => hasCommand(command)),
    packages: ['bibutils', 'poppler-utils'],
    missing: 'ris2xml, bib2xml or pdftotext is missing',
    suite: 'export readers (bibutils or poppler-utils missing)',
  },
  {
    // HTTP::OAI: the independent harvester of the OAI-PMH provider test.
    present: () => spawnSync('perl', ['-MHTTP::OAI', '-e', '1']).status === 0,
    packages: ['libhttp-oai-perl'],
    missing: 'The Perl module HTTP::OAI is missing',
    suite: 'OAI-PMH harvester (libhttp-oai-perl missing)',
  },
  {
    // simple2zoom: the Z39.50 gateway the SRU client test puts in front of /sru.
    present: () => hasCommand('simple2zoom'),
    packages: ['libnet-z3950-simple2zoom-perl'],
    missing: 'simple2zoom is missing',
    suite: 'Z39.50 gateway (libnet-z3950-simple2zoom-perl missing)',
  },
  {
    // nginx: the reverse proxy the reference deployment's configuration (docs/deploy.md) is tried in.
    present: () => hasCommand('nginx') || existsSync('/usr/sbin/nginx'),
    packages: ['nginx-light'],
    missing: 'nginx is missing',
    suite: 'reverse proxy (nginx missing)',
  },
];

/**
 * Installs every missing tool in one apt-get call (each call reads the package lists again and
 * runs dpkg's triggers again), then answers the suites that cannot run, each said once, clearly.
 */
async function ensureDebianTools() {
  const wanted = DEBIAN_TOOLS.filter((tool) => !tool.present()).flatMap((tool) => tool.packages);
  if (!chromiumOnPath()) wanted.push('chromium');
  const packages = [...new Set(wanted)];
  // One package apt cannot find fails the whole call: then each is tried on its own.
  if (packages.length > 0 && !(await aptInstall(packages)) && packages.length > 1)
    for (const name of packages) await aptInstall([name]);
  const failing = [];
  for (const tool of DEBIAN_TOOLS.filter((t) => !t.present())) {
    const names = tool.packages.join(' ');
    console.error(
      `${tool.missing}: install the Debian/Ubuntu package${tool.packages.length > 1 ? 's' : ''} "${tool.packages.join('" and "')}" (apt-get install ${names}).`,
    );
    failing.push(tool.suite);
  }
  return { failing, chrome: chromiumOnPath() };
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
const { failing: missingTools, chrome } = await ensureDebianTools();
const pgBin = await findPostgresBin();

await checksTogether([
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
]);
for (const suite of missingTools) record(suite, 0, 1);
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
