import { z } from 'zod';
import { textSchema } from './input.ts';
import { TokenResponseSchema } from './auth.ts';

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

/** GET /pessoas/{login}/recuperar-senha query: the captcha token when the institution asks for one. */
export const RecoveryStartQuerySchema = z.object({ recaptcha_token: textSchema().optional() });
export type RecoveryStartQuery = z.infer<typeof RecoveryStartQuerySchema>;

/** SPEC §3 password recovery start result: where the code went, whose account, code length and expiry. */
export const RecoveryStartSchema = z.object({
  /** The patron's e-mails, masked (`an***@d***.example`). */
  emails: z.array(z.string()),
  /** The patron's first name, so they can tell it is their account. */
  name: z.string(),
  /** Number of digits of the code (SPEC §4: the code field has this length). */
  length: z.number().int().positive(),
  /** Time to expire: seconds the code stays valid from now. */
  tte: z.number().int().positive(),
  /** When the code expires (ISO 8601). */
  expira_em: z.string(),
});
export type RecoveryStart = z.infer<typeof RecoveryStartSchema>;

/** POST /pessoas/{login}/recuperar-senha: the code received by e-mail. */
export const RecoveryCodeRequestSchema = z.object({ code: textSchema().trim().min(1) });
export type RecoveryCodeRequest = z.infer<typeof RecoveryCodeRequestSchema>;

/** SPEC §3 password rules, as the server checks them. */
export const PasswordRulesSchema = z.object({
  length: z.object({ min: z.number().int().nonnegative(), max: z.number().int().positive() }),
  has_numbers: z.boolean(),
  only_numbers: z.boolean(),
  diff_case: z.boolean(),
  special_char: z.boolean(),
  diff_name: z.boolean(),
  /** The new password must differ from this many latest passwords (checked on the server only). */
  last_pw: z.number().int().nonnegative(),
});
export type PasswordRules = z.infer<typeof PasswordRulesSchema>;

/** SPEC §5: the special characters a password may be asked to contain. */
export const PASSWORD_SPECIAL_CHARS = '@!#$%&*()-_';

/** PUT /pessoas/{login}/recuperar-senha: the code again and the new password (trimmed, SPEC §5). */
export const RecoveryPasswordRequestSchema = z.object({
  code: textSchema().trim().min(1),
  password: textSchema().trim().min(1),
});
export type RecoveryPasswordRequest = z.infer<typeof RecoveryPasswordRequestSchema>;
export const RecoveryPasswordResponseSchema = z.object({ result: z.literal(true) });
export type RecoveryPasswordResponse = z.infer<typeof RecoveryPasswordResponseSchema>;

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

/** GET /oidc/authorize query: the login typed (a hint for the provider) and where to go after sign-in. */
export const OidcAuthorizeQuerySchema = z.object({
  login: textSchema().trim().max(320).optional(),
  /** An application path (starting with a single /); anything else is ignored. */
  redirect: textSchema().max(2000).optional(),
});
export type OidcAuthorizeQuery = z.infer<typeof OidcAuthorizeQuerySchema>;

/**
 * GET /oidc/retorno query: the provider's authorization response (RFC 6749 §4.1.2 and its error
 * form, RFC 9207 `iss`, OpenID session management `session_state`). Other parameters a provider
 * adds are kept, as text, for the client library to check.
 */
export const OidcReturnQuerySchema = z
  .object({
    code: textSchema().max(4000).optional(),
    state: textSchema().max(1000).optional(),
    iss: textSchema().max(2000).optional(),
    session_state: textSchema().max(1000).optional(),
    error: textSchema().max(200).optional(),
    error_description: textSchema().max(2000).optional(),
  })
  .catchall(textSchema().max(4000));
export type OidcReturnQuery = z.infer<typeof OidcReturnQuerySchema>;

/** GET /oidc/authorize answer: the handle of this sign-on and the provider link to open. */
export const OidcAuthorizeResponseSchema = z.object({
  /** Keep it (session storage) and post it to /oidc/validar on the return screen. */
  nonce: z.string(),
  link: z.string(),
});
export type OidcAuthorizeResponse = z.infer<typeof OidcAuthorizeResponseSchema>;

/** POST /oidc/validar: finishes the sign-on started with this handle. */
export const OidcValidateRequestSchema = z.object({ nonce: textSchema().min(1).max(200) });
export type OidcValidateRequest = z.infer<typeof OidcValidateRequestSchema>;

/** POST /oidc/validar answer: the token pair of the password grant, and the redirect given to authorize. */
export const OidcValidateResponseSchema = TokenResponseSchema.extend({
  redirect: z.string().nullable(),
});
export type OidcValidateResponse = z.infer<typeof OidcValidateResponseSchema>;
