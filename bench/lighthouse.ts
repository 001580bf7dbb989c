// Lighthouse audit of the home, results and record pages, in Debian's Chromium: accessibility with
// Lighthouse's mobile and desktop settings, and on mobile also performance (with its CLS and LCP)
// and SEO (issue 18's targets). Not part of `npm test`: `npm run bench:a11y`.
// Starts the catalogue as the browser tests do (a fresh embedded database with the demo library,
// the web app built first), or audits a running one given as LIGHTHOUSE_URL. Nothing is downloaded.
// LIGHTHOUSE_REPORTS=<dir> keeps each page's full report there as JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { freePort, run, startE2eServer, step, waitForUrl } from '../scripts/lib.mjs';
import { demoTitleId } from './demo-title.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Flags of Debian's Chromium: headless as root, and no network of its own (updates, sync, components). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium with a debugging port for Lighthouse; `stop` ends it and removes its profile. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'estante-lighthouse-'));
  const child = spawn(
    CHROME,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  let alive = true;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      alive = false;
      resolve();
    }),
  );
  const stop = async () => {
    // Chromium's helpers share its process group: end them with it, then remove the profile.
    if (alive && child.pid) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(profile, { recursive: true, force: true });
  };
  if (!(await waitForUrl(`http://127.0.0.1:${port}/json/version`, 30_000, () => alive))) {
    await stop();
    throw new Error(`${CHROME} did not start (set CHROME_PATH to another Chromium)`);
  }
  return { port, stop };
}

/** Failing audits of a report's category: id, title and the elements concerned. */
function failingAudits(lhr: Result, categoryId = 'accessibility'): string[] {
  const category = lhr.categories[categoryId];
  return (category?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) return [];
    // Table and list details differ in type; the elements of an accessibility audit are `node` items.
    const items = (audit.details && 'items' in audit.details ? audit.details.items : []) as {
      node?: { selector?: string };
    }[];
    const nodes = items
      .map((item) => item.node?.selector)
      .filter((selector): selector is string => !!selector);
    return [`${ref.id}: ${audit.title}${nodes.length ? `\n      ${nodes.join('\n      ')}` : ''}`];
  });
}

let server: Awaited<ReturnType<typeof startE2eServer>> = null;
let base = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
if (!base) {
  // The server serves WEB_DIST when it is set; otherwise the app built here.
  if (!process.env.WEB_DIST) {
    step('Building the web app');
    if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
  }
  step('Starting the catalogue with the demo library');
  server = await startE2eServer();
  if (!server) process.exit(1);
  base = server.url;
}

const chromium = await startChromium();
// Chromium runs in a process group of its own, so Ctrl-C does not reach it: end it here.
process.once('SIGINT', () => {
  void Promise.all([chromium.stop(), server?.stop()]).finally(() => process.exit(130));
});
let worst = 1;
try {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'results', path: '/?termo=Machado+de+Assis&tipoBusca=autor' },
    { name: 'record', path: `/acervo/${await demoTitleId(base)}` },
  ];
  const settings: { name: string; config?: Config }[] = [
    { name: 'mobile' },
    { name: 'desktop', config: desktopConfig },
  ];
  step(`Lighthouse audit of ${base}`);
  for (const { name: formFactor, config } of settings) {
    const categories = formFactor === 'mobile' ? ['performance', 'accessibility', 'seo'] : ['accessibility'];
    for (const page of pages) {
      const result = await lighthouse(
        `${base}${page.path}`,
        { port: chromium.port, onlyCategories: categories, logLevel: 'error', output: 'json' },
        config,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      const score = lhr.categories['accessibility']?.score ?? 0;
      worst = Math.min(worst, score);
      const percent = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const seconds = (id: string) => ((lhr.audits[id]?.numericValue ?? NaN) / 1000).toFixed(1);
      const others =
        formFactor === 'mobile'
          ? ` performance ${percent('performance')}, SEO ${percent('seo')}, CLS ${(
              lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN
            ).toFixed(3)}, LCP ${seconds('largest-contentful-paint')} s (FCP ${seconds(
              'first-contentful-paint',
            )} s, speed index ${seconds('speed-index')} s, blocking ${Math.round(
              lhr.audits['total-blocking-time']?.numericValue ?? NaN,
            )} ms);`
          : '';
      // LIGHTHOUSE_REPORTS=<dir> keeps each report, to read where the time goes.
      if (process.env.LIGHTHOUSE_REPORTS)
        writeFileSync(
          join(process.env.LIGHTHOUSE_REPORTS, `${formFactor}-${page.name}.json`),
          JSON.stringify(lhr),
        );
      console.log(
        `  ${formFactor.padEnd(8)} ${page.name.padEnd(8)}${others} accessibility ${Math.round(score * 100)}  ${page.path}`,
      );
      for (const line of failingAudits(lhr)) console.log(`    ✗ ${line}`);
      if (formFactor === 'mobile')
        for (const line of failingAudits(lhr, 'seo')) console.log(`    ✗ SEO ${line}`);
    }
  }
} finally {
  await chromium.stop();
  await server?.stop();
}
console.log(`\nLowest accessibility score: ${Math.round(worst * 100)}`);
process.exit(worst < 1 ? 1 : 0);
