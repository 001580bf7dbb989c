export { basketRoutes } from './routes.ts';
export { sectionsPdf, type DocumentSection } from './pdf.ts';
