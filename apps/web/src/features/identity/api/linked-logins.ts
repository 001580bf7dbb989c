import { IDENTITY_PATHS, LinkedLoginsSchema, TokenResponseSchema, type LinkedLogin } from '@estante/contract';
import { apiGet, apiPut } from '../../../lib/api-client';
import type { Session } from '../utils/session';
import { establishSession } from './sign-in';

/** GET /pessoas/login: the logins of the signed-in person (SPEC §4 linked logins). */
export function getLinkedLogins(): Promise<LinkedLogin[]> {
  return apiGet(IDENTITY_PATHS.linkedLogins, LinkedLoginsSchema, { auth: 'private' });
}

/**
 * PUT /pessoas/troca-login: continues as another login of the same person. The server ends the
 * current session and answers a new token pair, whose session is stored where the old one was.
 */
export async function switchLogin(login: LinkedLogin, persistent: boolean): Promise<Session> {
  const answer = await apiPut(IDENTITY_PATHS.switchLogin, TokenResponseSchema, {
    auth: 'private',
    body: { codigo: login.codigo, base: login.base },
  });
  return establishSession(answer, persistent);
}
