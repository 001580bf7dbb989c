// The first load of the web app (issue 18): the JavaScript and CSS the home, results and record pages
// need before they show (raw and gzipped), and the API calls made before the page's content shows.
// Not part of `npm test`: `npm run bench:first-load`. Builds the web app, reads its manifest, then
// starts the catalogue as the browser tests do (or uses FIRST_LOAD_URL) and counts the calls in
// Debian's Chromium. FIRST_LOAD_SKIP_BROWSER=1 prints the bytes only.
// A page's JavaScript counts the schema chunks its first calls load (apps/web/first-load.ts): they
// are fetched as the calls go out, and the page waits for them as it waits for the calls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { API_PREFIX } from '@estante/contract';
import { ROOT, run, startE2eServer, step } from '../scripts/lib.mjs';
import { holdsContractOrZod, pageFiles, pageRoots, readManifest } from '../apps/web/first-load.ts';
import { demoTitleId } from './demo-title.ts';

const DIST = join(ROOT, 'apps/web/dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

/**
 * The home page before zod and the contract's schemas left its first chunk for chunks its first calls
 * load (decision 0069's fourth step): as this bench printed it (KB × 1024).
 */
const BEFORE_SCHEMAS = { js: 786_739, jsGzip: 239_002, css: 265_216, cssGzip: 39_014, files: 2 };

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

/** The JavaScript files each page waits for before it shows, as measureBytes counts them. */
const countedFiles: Record<string, Set<string>> = {};

function measureBytes(): void {
  const manifest = readManifest(DIST);
  const roots = pageRoots(DIST, manifest);
  const pages = (['home', 'results', 'record'] as const).map((name) => ({ name, ...roots[name] }));
  console.log('\nBytes before the page shows (Portuguese; each other language is the same size ±10%):');
  console.log(
    "(JS: the first chunk and its imports, the texts' first part, the schema chunks the first calls load)",
  );
  console.log(
    "| page | JS raw | JS gzip | of which the calls' schemas, gzip | CSS raw | CSS gzip | JS files |",
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| any page, before (one bundle) | ${kb(BEFORE.js)} | ${kb(BEFORE.jsGzip)} | – | ${kb(BEFORE.css)} | ${kb(BEFORE.cssGzip)} | 1 |`,
  );
  console.log(
    `| home, before its rarer parts were split | ${kb(BEFORE_PARTS.js)} | ${kb(BEFORE_PARTS.jsGzip)} | – | ${kb(BEFORE_PARTS.css)} | ${kb(BEFORE_PARTS.cssGzip)} | ${BEFORE_PARTS.files} |`,
  );
  console.log(
    `| home, before its texts were split | ${kb(BEFORE_TEXTS.js)} | ${kb(BEFORE_TEXTS.jsGzip)} | – | ${kb(BEFORE_TEXTS.css)} | ${kb(BEFORE_TEXTS.cssGzip)} | ${BEFORE_TEXTS.files} |`,
  );
  console.log(
    `| home, before the schemas left the first chunk | ${kb(BEFORE_SCHEMAS.js)} | ${kb(BEFORE_SCHEMAS.jsGzip)} | – | ${kb(BEFORE_SCHEMAS.css)} | ${kb(BEFORE_SCHEMAS.cssGzip)} | ${BEFORE_SCHEMAS.files} |`,
  );
  for (const page of pages) {
    const files = pageFiles(manifest, [...page.code, ...page.schemas]);
    const code = pageFiles(manifest, page.code).js;
    countedFiles[page.name] = files.js;
    const js = sizes(files.js);
    const schemas = sizes([...files.js].filter((file) => !code.has(file)));
    const css = sizes(files.css);
    console.log(
      `| ${page.name}, now | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(schemas.gzip)} | ${kb(css.raw)} | ${kb(css.gzip)} | ${files.js.size} |`,
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
    const notes: string[] = [];
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const calls: { url: string; started: number; ended: number }[] = [];
      const scripts: string[] = [];
      let shown = Infinity;
      tab.on('request', (request) => {
        if (request.resourceType() === 'script' && performance.now() <= shown)
          scripts.push(new URL(request.url()).pathname.slice(1));
      });
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
      // The byte count above must hold what the page fetched before it showed (the schema chunks too).
      const counted = countedFiles[page.name] ?? new Set<string>();
      // What else it fetched meanwhile is not waited for (the rest of the texts, the notifications'
      // container, the home sections' HTML), but a chunk with zod or the contract is a call's schema.
      const uncounted = scripts.filter((file) => !counted.has(file) && holdsContractOrZod(DIST, file));
      if (uncounted.length > 0)
        notes.push(`${page.name}: SCHEMAS FETCHED BEFORE IT SHOWED BUT NOT COUNTED: ${uncounted.join(', ')}`);
      await context.close();
    }
    console.log(`(before this change: ${BEFORE.calls} configuration calls in 3 rounds on every page)`);
    for (const note of notes) console.log(note);
    if (notes.length === 0)
      console.log(
        'Every chunk with zod or the contract that a page fetched before it showed is counted in its bytes.',
      );
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
