import { z } from 'zod';

/** Client id of the portal (SPEC §9). */
export const PORTAL_CLIENT_ID = '4';

/** POST /oauth/token body (form or JSON). Only client credentials are served by the foundation. */
export const TokenRequestSchema = z.object({
  grant_type: z.enum(['client_credentials', 'password', 'refresh_token']),
  client_id: z.coerce.string(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  recaptcha_token: z.string().optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
