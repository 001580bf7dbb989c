import { z } from 'zod';
import { TokenResponseSchema } from './auth.ts';
import { textSchema } from './input.ts';

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

/** PUT /pessoas/{login}/recuperar-senha: the code again and the new password (trimmed, SPEC §5). */
export const RecoveryPasswordRequestSchema = z.object({
  code: textSchema().trim().min(1),
  password: textSchema().trim().min(1),
});
export type RecoveryPasswordRequest = z.infer<typeof RecoveryPasswordRequestSchema>;
export const RecoveryPasswordResponseSchema = z.object({ result: z.literal(true) });
export type RecoveryPasswordResponse = z.infer<typeof RecoveryPasswordResponseSchema>;

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
