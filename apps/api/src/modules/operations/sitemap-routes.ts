import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { titlePagePath } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { countTitles, titleIdsPage } from './repository.ts';

/** The sitemap protocol's most URLs in one file. */
export const SITEMAP_PAGE_SIZE = 50_000;

export interface SitemapOptions {
  db: Db;
  /** Record URLs per sitemap page; tests make it small. */
  pageSize?: number;
}

/** The address the visitor reached the catalogue at (behind a proxy, the one it reports). */
function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * /robots.txt (crawlers welcome on the catalogue, not on the API or the personal area) and
 * /sitemap.xml: an index of /sitemap-N.xml pages of record addresses (/acervo/{id}).
 */
export const sitemapRoutes: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const { db } = options;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /meupergamum',
      'Disallow: /login',
      'Disallow: /cesta',
      '',
      `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const pages = Math.max(1, Math.ceil((await countTitles(db)) / pageSize));
    const origin = escapeXml(siteOrigin(request));
    const entries = Array.from(
      { length: pages },
      (_, i) => `  <sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`,
    );
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `${XML_HEADER}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  });

  app.get<{ Params: { page: string } }>(
    '/sitemap-:page.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const page = /^[1-9]\d{0,6}$/.test(request.params.page) ? Number(request.params.page) : 0;
      const ids = page ? await titleIdsPage(db, page, pageSize) : [];
      // Page 1 exists even for an empty catalogue, as the index names it.
      if (page !== 1 && ids.length === 0) return reply.callNotFound();
      const origin = escapeXml(siteOrigin(request));
      const entries = ids.map((id) => `  <url><loc>${origin}${titlePagePath(id)}</loc></url>`);
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return `${XML_HEADER}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
    },
  );
};
