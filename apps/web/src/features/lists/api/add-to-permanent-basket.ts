import { API_PATHS, type PermanentBasket } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

// The schema loads with the call, not with the page (decision 0069).
const permanentBasketSchema = () => import('@estante/contract/lists').then((m) => m.PermanentBasketSchema);

/** SPEC §7 POST /acervo/cesta-permanente {acervos}: adds titles; ids the catalogue lacks come back apart. */
export function addToPermanentBasket(titleIds: readonly number[]): Promise<PermanentBasket> {
  return apiPost(API_PATHS.permanentBasket, permanentBasketSchema, {
    body: { acervos: [...titleIds] },
    auth: 'private',
  });
}
