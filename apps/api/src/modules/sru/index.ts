export { sruRoutes } from './routes.ts';
export type { SruOptions } from './service.ts';
