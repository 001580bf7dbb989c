export { titleTotalsRoutes } from './routes.ts';
