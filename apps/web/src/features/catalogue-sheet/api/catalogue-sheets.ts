import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CATALOGUE_SHEET_PATHS,
  CatalogueSheetSchema,
  CatalogueSheetsSchema,
  type CatalogueSheet,
  type CatalogueSheetBody,
} from '@estante/contract';
import { apiGet, apiGetForFile, apiPost, type DownloadedFile } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /solicitacoes/ficha-catalografica/minhas: the patron's catalogue sheets, newest first. */
export function getCatalogueSheetsQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue-sheets'],
    queryFn: ({ signal }) =>
      apiGet(CATALOGUE_SHEET_PATHS.ownSheets, CatalogueSheetsSchema, { signal, auth: 'private' }),
    ...PRIVATE_QUERY,
  });
}

export function useCatalogueSheets() {
  return useQuery(getCatalogueSheetsQueryOptions());
}

/** POST /solicitacoes/ficha-catalografica: asks for a sheet; answers it with its draft card. */
export function sendCatalogueSheet(body: CatalogueSheetBody): Promise<CatalogueSheet> {
  return apiPost(CATALOGUE_SHEET_PATHS.sheets, CatalogueSheetSchema, { body, auth: 'private' });
}

/** GET /solicitacoes/ficha-catalografica/{id}/pdf: the final sheet once issued, else the draft. */
export function downloadCatalogueSheet(id: number): Promise<DownloadedFile> {
  return apiGetForFile(CATALOGUE_SHEET_PATHS.sheetPdf(id), { auth: 'private' });
}
