import { ACCOUNT_PATHS, TokenResponseSchema } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';
import type { Session } from '../utils/session';
import { establishSession } from './sign-in';

/**
 * POST /pessoas/meu-pergamum/troca-usuario: continues, from the personal area, as another login of
 * the same person; the server ends the current session and the new one is stored where it was.
 */
export async function switchUser(login: string, persistent: boolean): Promise<Session> {
  const answer = await apiPost(ACCOUNT_PATHS.switchUser, TokenResponseSchema, {
    auth: 'private',
    body: { usuario: login },
  });
  return establishSession(answer, persistent);
}
