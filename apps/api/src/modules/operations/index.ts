export { healthRoutes } from './health-routes.ts';
export { sitemapRoutes, SITEMAP_PAGE_SIZE, type SitemapOptions } from './sitemap-routes.ts';
