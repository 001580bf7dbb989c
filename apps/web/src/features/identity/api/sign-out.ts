import { IDENTITY_PATHS, PORTAL_CLIENT_ID, RevokeResponseSchema } from '@estante/contract';
import { apiPost, getUserCredentials } from '../../../lib/api-client';
import { clearSession } from '../utils/session';

/** POST /oauth/revoke: revokes a refresh token and its family; failures are ignored (the token is forgotten anyway). */
export async function revokeRefreshToken(refresh: string): Promise<void> {
  try {
    await apiPost(IDENTITY_PATHS.revoke, RevokeResponseSchema, {
      auth: 'public',
      body: { token: refresh, token_type_hint: 'refresh_token', client_id: PORTAL_CLIENT_ID },
    });
  } catch {
    // Unreachable server or an unknown token: the browser forgets the tokens all the same.
  }
}

/** SPEC §2 /sair: forgets the session and the persisted login state, and revokes the tokens on the server. */
export async function signOut(): Promise<void> {
  const credentials = getUserCredentials();
  await clearSession();
  if (credentials) await revokeRefreshToken(credentials.refresh);
}
