import { API_PATHS, NoDebtsDeclarationSchema, type NoDebtsDeclaration } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /unidade-informacao/nada-consta: issues the declaration, which unlinks the patron from the
 * library (SPEC §4); called again it answers the same declaration.
 */
export function issueNoDebts(): Promise<NoDebtsDeclaration> {
  return apiPost(API_PATHS.noDebts, NoDebtsDeclarationSchema, { auth: 'private' });
}
