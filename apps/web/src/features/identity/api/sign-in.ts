import {
  buildLoginUsername,
  IDENTITY_PATHS,
  LOGIN_ERROR_CODE,
  LOGIN_STATUS,
  PORTAL_CLIENT_ID,
  type TokenResponse,
} from '@estante/contract';
import {
  ApiError,
  apiGet,
  getUserCredentials,
  requestToken,
  setUserCredentials,
  tokenExpiry,
  type UserCredentials,
} from '../../../lib/api-client';
import { saveSession, type Session, type SignInMethod } from '../utils/session';
import { revokeRefreshToken } from './sign-out';

// The schema loads with the call, not with the page (decision 0069).
const userSessionSchema = () => import('@estante/contract/schemas/auth').then((m) => m.UserSessionSchema);

/** What the sign-in screen sends. */
export interface SignInInput {
  username: string;
  password: string;
  /** Category code, for the institution that asks for one (SPEC §2). */
  category?: string;
  /** Person code, when the username names several people (SPEC §2 person choice). */
  person?: number;
  /** Keep me logged in: persistent storage instead of the per-session one (SPEC §4). */
  rememberMe: boolean;
  /** Two-step verification: the authenticator app's code or a recovery code (asked after TOTP_REQUIRED). */
  totp?: string | undefined;
  /** The solved captcha, when the institution asks for one (SPEC §7 recaptcha_token). */
  captchaToken?: string | undefined;
}

/**
 * Signs a patron in (SPEC §4 login): the password grant, then GET /pessoas for the user, permissions
 * and bloqueio flag; the session is then stored where remember-me says. Failures are ApiErrors with
 * the SPEC §8 status; a blocked password (bloqueio) fails like a 430.
 */
export async function signIn(input: SignInInput): Promise<Session> {
  const answer = await requestToken({
    grant_type: 'password',
    client_id: PORTAL_CLIENT_ID,
    // SPEC §2/§7: the username carries the chosen person, or the category, as a suffix.
    username: buildLoginUsername(
      input.username.trim(),
      input.person !== undefined
        ? { person: input.person }
        : input.category
          ? { category: input.category }
          : {},
    ),
    password: input.password,
    ...(input.totp ? { totp: input.totp } : {}),
    ...(input.captchaToken ? { recaptcha_token: input.captchaToken } : {}),
  });
  return establishSession(answer, input.rememberMe);
}

/**
 * Starts the session of a token pair (password grant, login switch): reads GET /pessoas with it,
 * refuses a blocked password (SPEC §8 bloqueio, like a 430) and stores the session where
 * remember-me says.
 */
export async function establishSession(
  answer: TokenResponse,
  persistent: boolean,
  signedInWith: SignInMethod = 'password',
): Promise<Session> {
  if (!answer.refresh_token) {
    throw new ApiError('invalid-response', 200, null, 'the token answer has no refresh token');
  }
  const credentials: UserCredentials = {
    token: answer.access_token,
    refresh: answer.refresh_token,
    expiresAt: tokenExpiry(answer.expires_in),
  };
  const previous = getUserCredentials();
  setUserCredentials(credentials);
  let data;
  try {
    data = await apiGet(IDENTITY_PATHS.session, userSessionSchema, { auth: 'private' });
  } catch (error) {
    setUserCredentials(previous);
    throw error;
  }
  if (data.bloqueio) {
    setUserCredentials(previous);
    void revokeRefreshToken(credentials.refresh);
    // SPEC §8: the bloqueio flag means the same as a 430: password blocked, use forgot password.
    throw new ApiError('http', LOGIN_STATUS.BLOCKED, LOGIN_ERROR_CODE.ACESSO_BLOQUEADO, '');
  }
  // The session takes the tokens as the grant gave them, or as a refresh during GET /pessoas left them.
  const session: Session = {
    ...data,
    credentials: getUserCredentials() ?? credentials,
    persistent,
    signedInWith,
  };
  await saveSession(session);
  return session;
}
