import { API_PATHS, PermanentBasketSchema, type PermanentBasket } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** SPEC §7 POST /acervo/cesta-permanente {acervos}: adds titles; ids the catalogue lacks come back apart. */
export function addToPermanentBasket(titleIds: readonly number[]): Promise<PermanentBasket> {
  return apiPost(API_PATHS.permanentBasket, PermanentBasketSchema, {
    body: { acervos: [...titleIds] },
    auth: 'private',
  });
}
