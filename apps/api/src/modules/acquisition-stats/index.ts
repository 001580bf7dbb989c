export { acquisitionStatsRoutes } from './routes.ts';
export { demoAcquisition, type DemoAcquisition } from './demo.ts';
