import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isWebAppPath } from '@estante/contract';

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
 * Sends index.html for an app address: with the page's own head tags written in when it has them
 * (crawlers and link previews read them without running the app), with 404 when it names nothing.
 */
export async function sendWebApp(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { root: string; pageHead?: PageHead },
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0]!;
  const status = webAppStatus(request.url);
  const head = status === 200 && options.pageHead ? await options.pageHead(request, pathname) : undefined;
  if (head === undefined) return reply.status(status).sendFile('index.html');
  if (head === null) return reply.status(404).sendFile('index.html');
  // Read on every request: a rebuild while the server runs changes the asset names in it.
  const html = await readFile(join(options.root, 'index.html'), 'utf8');
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .send(injectHead(html, head));
}

/** index.html with the page's head tags in place of its own `<title>` and description. */
export function injectHead(html: string, head: string): string {
  const replaced = html.replace(/<title>[^<]*<\/title>(\s*<meta name="description"[^>]*>)?/, () => head);
  return replaced !== html ? replaced : html.replace('</head>', () => `${head}\n  </head>`);
}
