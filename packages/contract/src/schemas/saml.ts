import { z } from 'zod';
import { TokenResponseSchema } from './auth.ts';
import { textSchema } from './input.ts';

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
