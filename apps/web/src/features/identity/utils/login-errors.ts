import type { TFunction } from 'i18next';
import { LOGIN_ERROR_CODE, LOGIN_STATUS } from '@estante/contract';
import { ApiError } from '../../../lib/api-client';
import { translateKey } from '../../../lib/i18n';

/** True when a sign-in failure means the password is blocked (SPEC §8: 430, ACESSO_BLOQUEADO or bloqueio). */
export function isBlockedError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === LOGIN_STATUS.BLOCKED || error.code === LOGIN_ERROR_CODE.ACESSO_BLOQUEADO)
  );
}

/** The text SPEC §8 gives for a failed sign-in. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('identity.login.error.unknown');
  if (error.kind === 'network') return t('errors.network');
  if (isBlockedError(error)) return t('identity.login.error.blocked');
  switch (error.status) {
    case LOGIN_STATUS.FAILED:
      return t('identity.login.error.failed');
    case LOGIN_STATUS.INVALID_CREDENTIALS:
      return t('identity.login.error.invalidCredentials');
    case LOGIN_STATUS.SERVER_MESSAGE:
      // SPEC §8: a 422 shows the server's message, which is a translation key.
      return error.message ? translateKey(t, error.message) : t('identity.login.error.unknown');
    case LOGIN_STATUS.TOO_MANY_ATTEMPTS:
      return t('identity.login.error.tooManyAttempts');
    default:
      return t('identity.login.error.unknown');
  }
}
