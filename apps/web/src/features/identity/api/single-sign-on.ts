import { RECOVERY_ERROR_CODE, RECOVERY_PATHS, RECOVERY_RULE_KEYS } from '@estante/contract';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client';
import type { Session } from '../utils/session';
import { establishSession } from './sign-in';

// The schema loads with the call, not with the page (decision 0069).
const oidcAuthorizeResponseSchema = () =>
  import('@estante/contract/schemas/recovery').then((m) => m.OidcAuthorizeResponseSchema);
const oidcValidateResponseSchema = () =>
  import('@estante/contract/schemas/recovery').then((m) => m.OidcValidateResponseSchema);

/** sessionStorage: the handle of the sign-on under way and the keep-me-logged-in choice. */
const SIGN_ON_KEY = 'estante.signOn';

interface PendingSignOn {
  nonce: string;
  rememberMe: boolean;
}

function sessionStore(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    // Blocked storage: the return screen will say the sign-on cannot be finished.
    return null;
  }
}

/**
 * GET /oidc/authorize (SPEC §7): starts institutional single sign-on and answers the provider link to
 * open. The handle is kept in this tab until the return screen trades it.
 */
export async function startSingleSignOn(input: {
  login: string;
  returnTo: string;
  rememberMe: boolean;
}): Promise<string> {
  const started = await apiGet(RECOVERY_PATHS.oidcAuthorize, oidcAuthorizeResponseSchema, {
    auth: 'public',
    query: { login: input.login.trim() || undefined, redirect: input.returnTo },
  });
  const pending: PendingSignOn = { nonce: started.nonce, rememberMe: input.rememberMe };
  sessionStore()?.setItem(SIGN_ON_KEY, JSON.stringify(pending));
  return started.link;
}

function takePendingSignOn(): PendingSignOn | null {
  const raw = sessionStore()?.getItem(SIGN_ON_KEY);
  // A handle is good for one try only.
  sessionStore()?.removeItem(SIGN_ON_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignOn>;
    return typeof value.nonce === 'string'
      ? { nonce: value.nonce, rememberMe: value.rememberMe === true }
      : null;
  } catch {
    return null;
  }
}

/**
 * POST /oidc/validar on the /oauth-response screen: trades the kept handle for a token pair and
 * starts the session; answers it with the path to go back to.
 */
export async function finishSingleSignOn(): Promise<{ session: Session; redirect: string | null }> {
  const pending = takePendingSignOn();
  if (!pending) {
    // Reached without starting here (a bookmark, another tab): same answer as an unknown handle.
    throw new ApiError(
      'http',
      422,
      RECOVERY_ERROR_CODE.OIDC_INVALID_NONCE,
      RECOVERY_RULE_KEYS.oidcInvalidNonce,
    );
  }
  const answer = await apiPost(RECOVERY_PATHS.oidcValidate, oidcValidateResponseSchema, {
    auth: 'public',
    body: { nonce: pending.nonce },
  });
  const session = await establishSession(answer, pending.rememberMe, 'oidc');
  return { session, redirect: answer.redirect };
}
