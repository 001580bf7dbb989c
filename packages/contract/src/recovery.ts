/** Password recovery and OIDC single sign-on calls (SPEC §7), relative to the /api prefix. */
export const RECOVERY_PATHS = {
  /** GET starts recovery (sends the code), POST checks the code, PUT sets the new password. */
  recovery: (login: string) => `/pessoas/${encodeURIComponent(login)}/recuperar-senha`,
  oidcAuthorize: '/oidc/authorize',
  oidcValidate: '/oidc/validar',
  /** Where the identity provider sends the browser back (register it at the provider); not called by the web. */
  oidcCallback: '/oidc/retorno',
} as const;

/** The web screen the OIDC return lands on (SPEC §2 /oauth-response); it then calls POST /oidc/validar. */
export const OIDC_RESPONSE_SCREEN = '/oauth-response';

/**
 * SPEC §6: password recovery is offered only when the server says authentication mode 2 and
 * crypt mode 4 (Estante keeps the passwords itself, hashed with Argon2id).
 */
export const RECOVERY_AUTH_MODE = 2;
export const RECOVERY_CRYPT_MODE = 4;

/**
 * Whether the institution data (GET /parametros/instituicao) offers password recovery: the SPEC §6
 * flags, and a server that can send the code (a server that says it cannot send e-mail offers none).
 */
export function isPasswordRecoveryOffered(institution: {
  modo_autenticacao?: number | undefined;
  modo_criptografia?: number | undefined;
  envia_email?: boolean | undefined;
}): boolean {
  return (
    institution.modo_autenticacao === RECOVERY_AUTH_MODE &&
    institution.modo_criptografia === RECOVERY_CRYPT_MODE &&
    institution.envia_email !== false
  );
}

/** SPEC §5: the special characters a password may be asked to contain. */
export const PASSWORD_SPECIAL_CHARS = '@!#$%&*()-_';

/** Error codes of recovery and OIDC answers (422s carry a RECOVERY_RULE_KEYS message). */
export const RECOVERY_ERROR_CODE = {
  /** 422: recovery is not offered (authentication/crypt mode, or e-mail not configured). */
  RECOVERY_UNAVAILABLE: 'RECOVERY_UNAVAILABLE',
  /** 422: no patron has this login. */
  RECOVERY_USER_NOT_FOUND: 'RECOVERY_USER_NOT_FOUND',
  /** 422: the patron has no e-mail to send the code to. */
  RECOVERY_NO_EMAIL: 'RECOVERY_NO_EMAIL',
  /** 422: the code is wrong; the web offers to send a new one. */
  RECOVERY_CODE_INVALID: 'RECOVERY_CODE_INVALID',
  /** 422: the code expired, was used, replaced by a newer one or tried too often; send a new one. */
  RECOVERY_CODE_EXPIRED: 'RECOVERY_CODE_EXPIRED',
  /** 429: too many codes sent for this login lately. */
  RECOVERY_TOO_MANY_CODES: 'RECOVERY_TOO_MANY_CODES',
  /** 500: the e-mail could not be sent. */
  RECOVERY_MAIL_FAILED: 'RECOVERY_MAIL_FAILED',
  /** 422: single sign-on is not configured. */
  OIDC_UNAVAILABLE: 'OIDC_UNAVAILABLE',
  /** 422: the sign-on is unknown, expired, not finished or already used. */
  OIDC_INVALID_NONCE: 'OIDC_INVALID_NONCE',
  /** 422: the identity provider refused or failed the sign-in. */
  OIDC_FAILED: 'OIDC_FAILED',
  /** 422: the provider's user matches no patron (SPEC §8 user not found, log in with the same library credentials). */
  OIDC_USER_NOT_FOUND: 'OIDC_USER_NOT_FOUND',
} as const;
export type RecoveryErrorCode = (typeof RECOVERY_ERROR_CODE)[keyof typeof RECOVERY_ERROR_CODE];

/** Translation keys the server answers as the message of its recovery and OIDC 422s. */
export const RECOVERY_RULE_KEYS = {
  unavailable: 'recoveryRules.unavailable',
  userNotFound: 'recoveryRules.userNotFound',
  noEmail: 'recoveryRules.noEmail',
  codeInvalid: 'recoveryRules.codeInvalid',
  codeExpired: 'recoveryRules.codeExpired',
  oidcUnavailable: 'recoveryRules.oidcUnavailable',
  oidcInvalidNonce: 'recoveryRules.oidcInvalidNonce',
  oidcFailed: 'recoveryRules.oidcFailed',
  oidcUserNotFound: 'recoveryRules.oidcUserNotFound',
} as const;
