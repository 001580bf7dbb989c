export { catalogueSheetRoutes } from './routes.ts';
export { changeSheet, type ChangedSheet, type SheetChange } from './service.ts';
export { runCatalogueSheetCommand, CATALOGUE_SHEET_COMMAND_USAGE } from './cli.ts';
