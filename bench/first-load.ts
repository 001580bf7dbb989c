// The first load of the web app (issue 18): the JavaScript and CSS the home, results and record pages
// need before they show (raw and gzipped), and the API calls made before the page's content shows.
// Not part of `npm test`: `npm run bench:first-load`. Builds the web app, reads its manifest, then
// starts the catalogue as the browser tests do (or uses FIRST_LOAD_URL) and counts the calls in
// Debian's Chromium. FIRST_LOAD_SKIP_BROWSER=1 prints the bytes only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { API_PREFIX } from '@estante/contract';
import { ROOT, run, startE2eServer, step } from '../scripts/lib.mjs';
import { demoTitleId } from './demo-title.ts';

const DIST = join(ROOT, 'apps/web/dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** One entry of Vite's build manifest. */
interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

/**
 * Before this change, the same pages needed the whole app (one file) and every language in it,
 * measured on the build of the commit before the change (`npm run build`, same machine).
 */
const BEFORE = { js: 2_003_221, jsGzip: 575_247, css: 272_128, cssGzip: 39_857, calls: 8 };

/**
 * The home page after the route split and before its rarer parts were split too (the search tabs'
 * own forms, the sign-in form, the footer's pop-ups, DOMPurify; decision 0069's second step): the
 * build of the commit before that step, as this bench printed it (KB × 1024).
 */
const BEFORE_PARTS = { js: 1_168_589, jsGzip: 362_701, css: 264_294, cssGzip: 39_014, files: 16 };

/**
 * The home page before its texts were split in two and Mantine's Modal, Drawer and notifications'
 * container left the first load (decision 0069's third step): as this bench printed it (KB × 1024).
 */
const BEFORE_TEXTS = { js: 999_322, jsGzip: 302_694, css: 265_011, cssGzip: 38_912, files: 2 };

/** The files a page loads before it shows: the entry, its route's chunk and their static imports. */
function pageFiles(manifest: Manifest, roots: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return { js, css };
}

function sizes(files: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(DIST, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function measureBytes(): void {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const keyOf = (source: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(source));
    if (!key) throw new Error(`no chunk for ${source} in the manifest`);
    return key;
  };
  if (!entry) throw new Error('the manifest has no entry');
  // The first part of the Portuguese texts (apps/web/src/lib/text-parts.ts); the rest loads after.
  const locale = keyOf('locales/pt.json?part=first');
  const pages = [
    // The results are the home route with a query: the same code.
    { name: 'home', roots: [entry, locale] },
    { name: 'results', roots: [entry, locale] },
    // Any page but the home waits for the rest of the texts too.
    {
      name: 'record',
      roots: [entry, locale, keyOf('locales/pt.json?part=rest'), keyOf('src/app/routes/title.tsx')],
    },
  ];
  console.log('\nBytes before the page shows (Portuguese; each other language is the same size ±10%):');
  console.log('| page | JS raw | JS gzip | CSS raw | CSS gzip | JS files |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| any page, before (one bundle) | ${kb(BEFORE.js)} | ${kb(BEFORE.jsGzip)} | ${kb(BEFORE.css)} | ${kb(BEFORE.cssGzip)} | 1 |`,
  );
  console.log(
    `| home, before its rarer parts were split | ${kb(BEFORE_PARTS.js)} | ${kb(BEFORE_PARTS.jsGzip)} | ${kb(BEFORE_PARTS.css)} | ${kb(BEFORE_PARTS.cssGzip)} | ${BEFORE_PARTS.files} |`,
  );
  console.log(
    `| home, before its texts were split | ${kb(BEFORE_TEXTS.js)} | ${kb(BEFORE_TEXTS.jsGzip)} | ${kb(BEFORE_TEXTS.css)} | ${kb(BEFORE_TEXTS.cssGzip)} | ${BEFORE_TEXTS.files} |`,
  );
  for (const page of pages) {
    const files = pageFiles(manifest, page.roots);
    const js = sizes(files.js);
    const css = sizes(files.css);
    console.log(
      `| ${page.name}, now | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(css.raw)} | ${kb(css.gzip)} | ${files.js.size} |`,
    );
  }
}

/** The API calls each page makes before its content (the `main` landmark) shows, in a fresh browser. */
async function measureCalls(base: string): Promise<void> {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'results', path: '/?termo=Machado+de+Assis&tipoBusca=autor' },
    { name: 'record', path: `/acervo/${await demoTitleId(base)}` },
  ];
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--headless', '--no-sandbox'] });
  try {
    console.log('\nAPI calls before the page shows its content (fresh browser, nothing cached):');
    console.log(`| page | calls | in parallel rounds | the calls |`);
    console.log('| --- | ---: | ---: | --- |');
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const calls: { url: string; started: number; ended: number }[] = [];
      let shown = Infinity;
      tab.on('request', (request) => {
        if (!request.url().includes(`${API_PREFIX}/`) || performance.now() > shown) return;
        const call = { url: request.url().replace(base, ''), started: performance.now(), ended: Infinity };
        calls.push(call);
        void request
          .response()
          .then(() => (call.ended = performance.now()))
          .catch(() => undefined);
      });
      await tab.goto(`${base}${page.path}`);
      await tab.locator('main').first().waitFor();
      shown = performance.now();
      const before = calls.filter((call) => call.started < shown);
      // A round: calls that start only after an earlier one ended (a chain), the rest run alongside.
      let rounds = 0;
      let roundEnd = -Infinity;
      for (const call of [...before].sort((a, b) => a.started - b.started)) {
        if (call.started >= roundEnd) {
          rounds += 1;
          roundEnd = call.ended;
        } else roundEnd = Math.max(roundEnd, call.ended);
      }
      const names = before.map((call) => call.url.split('?')[0]!.replace(API_PREFIX, ''));
      console.log(`| ${page.name} | ${before.length} | ${rounds} | ${names.join(', ')} |`);
      await context.close();
    }
    console.log(`(before this change: ${BEFORE.calls} configuration calls in 3 rounds on every page)`);
  } finally {
    await browser.close();
  }
}

step('Building the web app');
await run('npm', ['run', 'build', '--silent']);
measureBytes();
if (process.env.FIRST_LOAD_SKIP_BROWSER !== '1') {
  const given = process.env.FIRST_LOAD_URL;
  const server = given ? null : await startE2eServer();
  if (!given && !server) throw new Error('the catalogue did not start');
  try {
    await measureCalls(given ?? server!.url);
  } finally {
    await server?.stop();
  }
}
