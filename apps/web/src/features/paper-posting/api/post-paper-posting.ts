import { API_PATHS, PaperPostingRedirectSchema, type PaperPostingRedirect } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /pessoas/postagem-trabalho/redirect: the repository's address and a token naming the patron. */
export function postPaperPosting(): Promise<PaperPostingRedirect> {
  return apiPost(API_PATHS.paperPostingRedirect, PaperPostingRedirectSchema, { auth: 'private' });
}
