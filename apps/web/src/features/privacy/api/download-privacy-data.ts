import {
  PRIVACY_PATHS,
  PrivacyExportPdfSchema,
  PrivacyExportSchema,
  type PrivacyExport,
  type PrivacyExportPdf,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /pessoas/meu-pergamum/privacidade/dados: everything kept about the patron, table by table. */
export function getPrivacyData(): Promise<PrivacyExport> {
  return apiGet(PRIVACY_PATHS.privacyData, PrivacyExportSchema, { auth: 'private' });
}

/** GET /pessoas/meu-pergamum/privacidade/dados/pdf: the same as a readable PDF (base64). */
export function getPrivacyPdf(): Promise<PrivacyExportPdf> {
  return apiGet(PRIVACY_PATHS.privacyDataPdf, PrivacyExportPdfSchema, { auth: 'private' });
}
