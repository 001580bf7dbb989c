export { importFile, type ImportSummary, type SkippedRecord } from './service.ts';
export { catalogueImportRoutes } from './routes.ts';
