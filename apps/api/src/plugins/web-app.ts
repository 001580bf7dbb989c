import type { FastifyInstance } from 'fastify';
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
