import { SAML_PATHS, SAML_RESPONSE_PARAM, SAML_RULE_KEYS, SAML_ERROR_CODE } from '@estante/contract';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client';
import type { Session } from '../utils/session';
import { establishSession } from './sign-in';

// The schema loads with the call, not with the page (decision 0069).
const samlLoginResponseSchema = () =>
  import('@estante/contract/schemas/saml').then((m) => m.SamlLoginResponseSchema);
const samlValidateResponseSchema = () =>
  import('@estante/contract/schemas/saml').then((m) => m.SamlValidateResponseSchema);

/** sessionStorage: the keep-me-logged-in choice of the SAML sign-on under way. */
const SAML_REMEMBER_KEY = 'estante.samlRememberMe';

/** GET /saml/login (SPEC §7): starts SAML single sign-on and answers the provider link to open. */
export async function startSamlSignOn(input: { returnTo: string; rememberMe: boolean }): Promise<string> {
  const { link } = await apiGet(SAML_PATHS.login, samlLoginResponseSchema, {
    auth: 'public',
    query: { redirect: input.returnTo },
  });
  try {
    sessionStorage.setItem(SAML_REMEMBER_KEY, input.rememberMe ? '1' : '0');
  } catch {
    // Blocked storage: the session is then kept for this browser session only.
  }
  return link;
}

/** The provider's answer the server put in the return screen's fragment; null when there is none. */
export function readSamlResponse(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SAML_RESPONSE_PARAM);
}

/**
 * POST /saml/validar on the /saml-response screen: trades the provider's signed answer for a
 * token pair and starts the session; answers it with the path to go back to.
 */
export async function finishSamlSignOn(
  samlResponse: string | null,
): Promise<{ session: Session; redirect: string | null }> {
  let rememberMe = false;
  try {
    rememberMe = sessionStorage.getItem(SAML_REMEMBER_KEY) === '1';
    sessionStorage.removeItem(SAML_REMEMBER_KEY);
  } catch {
    // Blocked storage: per-session login.
  }
  if (!samlResponse) {
    // Reached without an answer (a bookmark, a reload): the same refusal as a used answer.
    throw new ApiError('http', 422, SAML_ERROR_CODE.SAML_INVALID, SAML_RULE_KEYS.invalid);
  }
  const answer = await apiPost(SAML_PATHS.validate, samlValidateResponseSchema, {
    auth: 'public',
    body: { saml: samlResponse },
  });
  const session = await establishSession(answer, rememberMe, 'saml');
  return { session, redirect: answer.redirect };
}
