import { IDENTITY_RULE_KEYS, LOGIN_ERROR_CODE } from '@estante/contract';
import { AppError } from '../../lib/errors.ts';

/** Sign-in refusals with the statuses and codes of SPEC §8. */
export const IDENTITY_ERRORS = {
  /** 400: the login request cannot be handled (missing username or password). */
  loginFailed: () => new AppError(400, LOGIN_ERROR_CODE.LOGIN_FAILED, 'loginFailed', 'login failed'),
  /** 401: wrong user or password; the same answer for an unknown user. */
  invalidCredentials: () =>
    new AppError(401, LOGIN_ERROR_CODE.INVALID_CREDENTIALS, 'invalidCredentials', 'invalid credentials'),
  /** 401: refresh token unknown, expired, used or revoked. */
  invalidGrant: () => new AppError(401, LOGIN_ERROR_CODE.INVALID_GRANT, 'invalidGrant', 'invalid grant'),
  /** 429: too many consecutive failures for the account or the address. */
  tooManyAttempts: () =>
    new AppError(429, LOGIN_ERROR_CODE.TOO_MANY_ATTEMPTS, 'tooManyAttempts', 'too many attempts'),
  /** 430: the patron's password is blocked (SPEC §8 ACESSO_BLOQUEADO). */
  accessBlocked: () =>
    new AppError(430, LOGIN_ERROR_CODE.ACESSO_BLOQUEADO, 'accessBlocked', 'access blocked'),
  /** 403: the caller lacks the permission. */
  forbidden: () => new AppError(403, LOGIN_ERROR_CODE.FORBIDDEN, 'forbidden', 'forbidden'),
  /** 422: several people answer to the username; the person must be chosen. */
  choiceRequired: () =>
    new AppError(422, LOGIN_ERROR_CODE.LOGIN_CHOICE_REQUIRED, null, IDENTITY_RULE_KEYS.choiceRequired),
  /** 422: the current password given to a password change is wrong. */
  currentPasswordWrong: () =>
    new AppError(422, LOGIN_ERROR_CODE.CURRENT_PASSWORD_WRONG, null, IDENTITY_RULE_KEYS.currentPasswordWrong),
  /** 422: the new password does not meet the criteria. */
  passwordCriteria: () =>
    new AppError(422, LOGIN_ERROR_CODE.PASSWORD_CRITERIA, null, IDENTITY_RULE_KEYS.passwordCriteria),
  /** 422: the password was right; the two-step code is needed too. */
  totpRequired: () =>
    new AppError(422, LOGIN_ERROR_CODE.TOTP_REQUIRED, null, IDENTITY_RULE_KEYS.totpRequired),
  /** 422: the two-step code is wrong or already used. */
  totpInvalid: () => new AppError(422, LOGIN_ERROR_CODE.TOTP_INVALID, null, IDENTITY_RULE_KEYS.totpInvalid),
  /** 422: two-step verification is already on. */
  twoFactorActive: () =>
    new AppError(422, LOGIN_ERROR_CODE.TWO_FACTOR_ACTIVE, null, IDENTITY_RULE_KEYS.twoFactorActive),
};
