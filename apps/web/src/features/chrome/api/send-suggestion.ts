import {
  API_PATHS,
  SuggestionReceiptSchema,
  type SuggestionReceipt,
  type SuggestionRequest,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /unidade-informacao/sugestao-aquisicao: a signed-in patron's purchase suggestion (private headers). */
export function sendSuggestion(suggestion: SuggestionRequest): Promise<SuggestionReceipt> {
  return apiPost(API_PATHS.purchaseSuggestion, SuggestionReceiptSchema, {
    body: suggestion,
    auth: 'private',
  });
}
