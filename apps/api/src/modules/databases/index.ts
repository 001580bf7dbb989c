export { databaseRoutes } from './routes.ts';
export { seedDemoDatabases } from './demo.ts';
export { runDatabasesCommand, DATABASES_USAGE } from './cli.ts';
export { databaseEditorRoutes } from './staff-routes.ts';
