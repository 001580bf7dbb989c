export { paperPostingRoutes } from './routes.ts';
