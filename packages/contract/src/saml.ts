import { z } from 'zod';
import { textSchema } from './input.ts';
import { TokenResponseSchema } from './auth.ts';

/** SAML single sign-on calls (SPEC §7 /saml/login, /saml/validar), relative to the /api prefix. */
export const SAML_PATHS = {
  login: '/saml/login',
  validate: '/saml/validar',
  /** Where the identity provider posts its answer (the ACS to register there); not called by the web. */
  assertionConsumer: '/saml/retorno',
} as const;

/** The web screen the SAML return lands on (SPEC §2 /saml-response); it then calls POST /saml/validar. */
export const SAML_RESPONSE_SCREEN = '/saml-response';

/** The fragment parameter carrying the provider's answer to the return screen. */
export const SAML_RESPONSE_PARAM = 'saml';

/** GET /saml/login query: where to go after sign-in (an application path). */
export const SamlLoginQuerySchema = z.object({ redirect: textSchema().max(2000).optional() });
export type SamlLoginQuery = z.infer<typeof SamlLoginQuerySchema>;

/** GET /saml/login answer: the identity provider link to open. */
export const SamlLoginResponseSchema = z.object({ link: z.string() });
export type SamlLoginResponse = z.infer<typeof SamlLoginResponseSchema>;

/** POST /saml/validar: the provider's answer (the base64 SAMLResponse) as the return screen got it. */
export const SamlValidateRequestSchema = z.object({ saml: textSchema().min(1).max(200_000) });
export type SamlValidateRequest = z.infer<typeof SamlValidateRequestSchema>;

/** POST /saml/validar answer: the token pair of the password grant, and the redirect given to login. */
export const SamlValidateResponseSchema = TokenResponseSchema.extend({ redirect: z.string().nullable() });
export type SamlValidateResponse = z.infer<typeof SamlValidateResponseSchema>;

/** Error codes of SAML refusals (422; the message is a SAML_RULE_KEYS key). */
export const SAML_ERROR_CODE = {
  /** 422: SAML is not configured. */
  SAML_UNAVAILABLE: 'SAML_UNAVAILABLE',
  /** 422: the answer is not valid: signature, audience, time, unknown or already used. */
  SAML_INVALID: 'SAML_INVALID',
  /** 422: the provider's user matches no patron. */
  SAML_USER_NOT_FOUND: 'SAML_USER_NOT_FOUND',
} as const;

/** Translation keys the server answers as the message of SAML refusals. */
export const SAML_RULE_KEYS = {
  unavailable: 'recoveryRules.samlUnavailable',
  invalid: 'recoveryRules.samlInvalid',
  userNotFound: 'recoveryRules.oidcUserNotFound',
} as const;
