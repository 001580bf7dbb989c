export { oaiRoutes } from './routes.ts';
export type { OaiOptions } from './service.ts';
