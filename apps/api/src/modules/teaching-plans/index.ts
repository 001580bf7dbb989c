export { teachingPlanRoutes } from './routes.ts';
export { seedDemoTeachingPlans } from './demo.ts';
