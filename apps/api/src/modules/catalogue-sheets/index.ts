export { catalogueSheetRoutes } from './routes.ts';
export { staffCatalogueSheetRoutes } from './staff-routes.ts';
export { changeSheet, librarySheet, type ChangedSheet, type SheetChange } from './service.ts';
export { runCatalogueSheetCommand, CATALOGUE_SHEET_COMMAND_USAGE } from './cli.ts';
