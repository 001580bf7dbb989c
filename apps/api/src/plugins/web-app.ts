import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  isWebAppPath,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  LANGUAGES,
  type Language,
  PAGE_CONFIGURATION_ELEMENT_ID,
  type PageConfiguration,
} from '@estante/contract';

/** Vite names the built assets after their content: a changed file is a new address, so they never go stale. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: asked again every time, so a new version shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * The built web app at / : its assets (the .br/.gz the build made, when the browser accepts them),
 * index.html for the app's own addresses with 200, and for any other address with 404, so the app
 * shows its not-found screen and crawlers see the status (issue 14).
 */
export async function registerWebApp(app: FastifyInstance, options: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.root,
    // Files built after the server started (a rebuild) are served too.
    wildcard: true,
    preCompressed: true,
    // `/` is an app page like any other (sendWebApp), not the bare index.html: it gets the page's
    // configuration written in.
    allowedPath: (pathname) => pathname !== '/',
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** Whether a GET for this URL should load the app (200) or its not-found screen (404). */
export function webAppStatus(url: string): 200 | 404 {
  return isWebAppPath(url.split('?')[0]!) ? 200 : 404;
}

/**
 * The head tags of a server-written page (a record's title, description, Open Graph, JSON-LD), null
 * when the address names nothing (404), undefined when the page has none of its own.
 */
export type PageHead = (request: FastifyRequest, pathname: string) => Promise<string | null | undefined>;

/**
 * The language a page starts in, as far as the server can tell: its `?lang`, else the language the
 * app last started in (its cookie), else pt. Any of the app's languages (pt, en, es, fr, it).
 */
export function pageLanguage(request: Pick<FastifyRequest, 'url' | 'headers'>): Language {
  const query = request.url.indexOf('?');
  const chosen = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get(LANGUAGE_PARAM);
  if (isLanguage(chosen)) return chosen;
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(
    request.headers.cookie ?? '',
  );
  return isLanguage(cookie?.[1]) ? cookie[1] : 'pt';
}

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The language the server describes things in (its messages): pt, en or es. */
export function serverLanguage(language: Language): PageConfiguration['language'] {
  return language === 'en' || language === 'es' ? language : 'pt';
}

/** Vite's manifest: each source module's built chunk. */
type Manifest = Record<string, { file?: string }>;

/**
 * The built chunks a page needs right after the app's own, to preload alongside it: the first
 * texts of its language (decision 0069), which the app waits for before it draws anything. Not a
 * lazy route's code: preloading the record page's chunks made Lighthouse's record page slower (they
 * share the slow connection with the app's own chunk, which the first paint needs more). Empty
 * when the build has no manifest. The manifest is read again when a rebuild changes it.
 */
async function pageChunks(root: string, language: Language): Promise<string[]> {
  const path = join(root, '.vite', 'manifest.json');
  const modified = (await stat(path)).mtimeMs;
  if (!manifestCache || manifestCache.path !== path || manifestCache.modified !== modified)
    manifestCache = { path, modified, manifest: JSON.parse(await readFile(path, 'utf8')) as Manifest };
  const { manifest } = manifestCache;
  const texts = Object.keys(manifest).find((source) =>
    source.endsWith(`/locales/${language}.json?part=first`),
  );
  const file = texts ? manifest[texts]?.file : undefined;
  return file ? [`/${file}`] : [];
}
let manifestCache: { path: string; modified: number; manifest: Manifest } | null = null;

/** The configuration written into a page of the app (issue 18); undefined when it cannot be read. */
export type PageConfigurationSource = (request: FastifyRequest) => Promise<PageConfiguration | undefined>;

/**
 * Sends index.html for an app address: with the page's own head tags written in when it has them
 * (crawlers and link previews read them without running the app), with 404 when it names nothing,
 * and with the public configuration the app would otherwise ask for before it shows.
 */
export async function sendWebApp(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { root: string; pageHead?: PageHead; pageConfiguration?: PageConfigurationSource },
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0]!;
  const status = webAppStatus(request.url);
  const head = status === 200 && options.pageHead ? await options.pageHead(request, pathname) : undefined;
  const configuration = await options.pageConfiguration?.(request);
  // What the app loads as soon as it starts (its texts): named here, it downloads alongside the
  // app's own chunk instead of after it.
  const chunks = await pageChunks(options.root, pageLanguage(request)).catch(() => []);
  if (head === undefined && !configuration && chunks.length === 0)
    return reply.status(status).sendFile('index.html');
  // Read on every request: a rebuild while the server runs changes the asset names in it.
  let html = await readFile(join(options.root, 'index.html'), 'utf8');
  if (typeof head === 'string') html = injectHead(html, head);
  if (configuration) html = injectConfiguration(html, configuration);
  for (const chunk of chunks) html = intoHead(html, `<link rel="modulepreload" crossorigin href="${chunk}">`);
  return reply
    .status(head === null ? 404 : status)
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .send(html);
}

/**
 * index.html with the configuration as a JSON data block (not a script: the CSP has nothing to
 * allow), before `</head>`; every `<` escaped, so no value can close the element.
 */
export function injectConfiguration(html: string, configuration: PageConfiguration): string {
  const json = JSON.stringify(configuration)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return intoHead(
    html,
    `<script type="application/json" id="${PAGE_CONFIGURATION_ELEMENT_ID}">${json}</script>`,
  );
}

/** index.html with an element added at the end of its head (before the app's root without one). */
function intoHead(html: string, element: string): string {
  if (html.includes('</head>')) return html.replace('</head>', () => `${element}\n  </head>`);
  const root = html.indexOf('<div id="root"');
  return root < 0 ? `${html}${element}` : `${html.slice(0, root)}${element}${html.slice(root)}`;
}

/** index.html with the page's head tags in place of its own `<title>` and description. */
export function injectHead(html: string, head: string): string {
  const replaced = html.replace(/<title>[^<]*<\/title>(\s*<meta name="description"[^>]*>)?/, () => head);
  return replaced !== html ? replaced : html.replace('</head>', () => `${head}\n  </head>`);
}
