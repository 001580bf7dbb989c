export { staffRequestRoutes } from './routes.ts';
