import { IDENTITY_PATHS, PORTAL_CLIENT_ID } from '@estante/contract';
import { apiPost, getUserCredentials } from '../../../lib/api-client';
import { clearSession, getSession, type SignInMethod } from '../utils/session';

// The schema loads with the call, not with the page (decision 0069).
const revokeResponseSchema = () =>
  import('@estante/contract/schemas/auth').then((m) => m.RevokeResponseSchema);

/** POST /oauth/revoke: revokes a refresh token and its family; failures are ignored (the token is forgotten anyway). */
export async function revokeRefreshToken(refresh: string): Promise<void> {
  try {
    await apiPost(IDENTITY_PATHS.revoke, revokeResponseSchema, {
      auth: 'public',
      body: { token: refresh, token_type_hint: 'refresh_token', client_id: PORTAL_CLIENT_ID },
    });
  } catch {
    // Unreachable server or an unknown token: the browser forgets the tokens all the same.
  }
}

/**
 * SPEC §2 /sair: forgets the session and the persisted login state, and revokes the tokens on the
 * server. Answers how the patron had signed in (null when nobody was), so an institutional
 * sign-on can be ended at its logout link.
 */
export async function signOut(): Promise<SignInMethod | null> {
  const session = getSession();
  const credentials = getUserCredentials();
  await clearSession();
  if (credentials) await revokeRefreshToken(credentials.refresh);
  return session ? (session.signedInWith ?? 'password') : null;
}

/** The institution's logout link that ends a sign-on made with `method` (SPEC §3), if any. */
export function singleSignOnLogoutLink(
  method: SignInMethod | null,
  institution: { link_logout_OIDC: string | null; link_logout_saml: string | null },
): string | null {
  const link =
    method === 'oidc'
      ? institution.link_logout_OIDC
      : method === 'saml'
        ? institution.link_logout_saml
        : null;
  return link && /^https?:\/\//i.test(link) ? link : null;
}
