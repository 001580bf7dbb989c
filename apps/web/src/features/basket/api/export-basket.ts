import {
  API_PATHS,
  BasketEmailSentSchema,
  type BasketEmailSent,
  type BasketExportFormat,
} from '@estante/contract';
import { apiPost, apiPostForFile, type DownloadedFile } from '../../../lib/api-client';

/** POST /acervo/exportar-cesta {tipo, acervos}: the basket as a file of one format. */
export function exportBasket(format: BasketExportFormat, ids: readonly number[]): Promise<DownloadedFile> {
  return apiPostForFile(API_PATHS.basketExport, { body: { tipo: format, acervos: ids } });
}

/** POST /acervo/exportar-cesta {tipo, acervos, opcoesEmail}: the basket sent by e-mail. */
export function sendBasketByEmail(
  format: BasketExportFormat,
  ids: readonly number[],
  emails: string,
  message: string,
): Promise<BasketEmailSent> {
  const opcoesEmail = message.trim() ? { emails, mensagem: message.trim() } : { emails };
  return apiPost(API_PATHS.basketExport, BasketEmailSentSchema, {
    body: { tipo: format, acervos: ids, opcoesEmail },
  });
}

/** The ABNT references of the basket as text, one per paragraph (for the clipboard). */
export async function getBasketReferences(ids: readonly number[]): Promise<string> {
  const file = await exportBasket('ABNT', ids);
  return (await file.blob.text()).trim();
}
