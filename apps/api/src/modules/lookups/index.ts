export { lookupRoutes } from './routes.ts';
export { seedDemoTeaching } from './demo.ts';
