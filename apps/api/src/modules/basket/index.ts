export { basketRoutes } from './routes.ts';
