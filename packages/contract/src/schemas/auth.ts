import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, MAX_INTEGER_ID, SINGLE_LINE_PATTERN } from '../input.ts';
import { textSchema } from './input.ts';

/**
 * POST /oauth/token body (form or JSON): client-credentials, password or refresh-token grant.
 * The password grant needs username and password; the refresh grant needs refresh_token.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.enum(['client_credentials', 'password', 'refresh_token']),
  client_id: z.coerce.string().regex(SINGLE_LINE_PATTERN, CONTROL_CHARACTER_MESSAGE),
  client_secret: textSchema().optional(),
  /** The login, optionally suffixed with a person or category code (see buildLoginUsername). */
  username: textSchema().optional(),
  password: textSchema().optional(),
  refresh_token: textSchema().optional(),
  recaptcha_token: textSchema().optional(),
  /** Password grant of a patron with two-step verification: the app's six digits or a recovery code. */
  totp: textSchema().optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** Token answer. refresh_token comes with the password and refresh grants only; scope is public or user. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** POST /oauth/revoke body (RFC 7009 shape): the refresh token to revoke with its family. */
export const RevokeRequestSchema = z.object({
  token: textSchema().min(1),
  token_type_hint: z.enum(['refresh_token', 'access_token']).optional(),
  client_id: z.coerce.string().regex(SINGLE_LINE_PATTERN, CONTROL_CHARACTER_MESSAGE).optional(),
});
export type RevokeRequest = z.infer<typeof RevokeRequestSchema>;
/** Revocation always answers 200 with an empty object, known token or not (RFC 7009 §2.2). */
export const RevokeResponseSchema = z.object({});

/** The signed-in patron (SPEC §3 user session: user). */
export const SessionUserSchema = z.object({
  nome_pessoa: z.string(),
  login: z.string(),
  cod_pessoa: z.number().int(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Authenticated permission (SPEC §3): an activity within a module. */
export const AuthPermissionSchema = z.object({
  cod_modulo: z.number().int(),
  cod_atividade: z.number().int(),
  descricao: z.string(),
});
export type AuthPermission = z.infer<typeof AuthPermissionSchema>;

/** GET /pessoas: the user of the token, their permissions and whether their password is blocked. */
export const UserSessionSchema = z.object({
  user: SessionUserSchema,
  authPermissions: z.array(AuthPermissionSchema),
  /** SPEC §8: true means the password is blocked; the web offers forgot password. */
  bloqueio: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** One login of the signed-in person (GET /pessoas/login). */
export const LinkedLoginSchema = z.object({
  /** Person code of the login; PUT /pessoas/troca-login takes it. */
  codigo: z.number().int(),
  login: z.string(),
  nome: z.string(),
  /** Category code of the login. */
  categoria: z.string(),
  /** Category label in the request language. */
  desc_categoria: z.string(),
  /** The catalogue database the login lives in (one per Estante installation). */
  base: z.string(),
  /** True for the login the token belongs to. */
  atual: z.boolean(),
});
export type LinkedLogin = z.infer<typeof LinkedLoginSchema>;
export const LinkedLoginsSchema = z.array(LinkedLoginSchema);

/** PUT /pessoas/troca-login: switch to another of the person's logins; answers a new token pair. */
export const SwitchLoginRequestSchema = z.object({
  codigo: z.coerce.number().int().min(-MAX_INTEGER_ID).max(MAX_INTEGER_ID),
  base: textSchema().optional(),
});
export type SwitchLoginRequest = z.infer<typeof SwitchLoginRequestSchema>;

/** Person choice when duplicates exist (SPEC §3). */
export const PersonChoiceSchema = z.object({
  codigo: z.number().int(),
  nome: z.string(),
});
export type PersonChoice = z.infer<typeof PersonChoiceSchema>;

/** GET /pessoas/duplicadas?usuario=: whether the username names several people, and which. */
export const DuplicatesQuerySchema = z.object({ usuario: textSchema().trim().min(1) });
export const DuplicatesResponseSchema = z.object({
  /** True when the person must be chosen before the password grant. */
  result: z.boolean(),
  pessoas: z.array(PersonChoiceSchema),
});
export type DuplicatesResponse = z.infer<typeof DuplicatesResponseSchema>;

/** GET /pessoas/{user}/nome: the name of one of the caller's own logins. */
export const PersonNameResponseSchema = z.object({ nome: z.string() });
export type PersonNameResponse = z.infer<typeof PersonNameResponseSchema>;

/** GET /pessoas/email-pessoa-logada. */
export const LoggedInEmailSchema = z.object({ email: z.string().nullable() });
export type LoggedInEmail = z.infer<typeof LoggedInEmailSchema>;

/** PUT /pessoas/meu-pergamum/senha. SPEC §5: the new password is trimmed. */
export const ChangePasswordRequestSchema = z.object({
  senhaAtual: textSchema().min(1),
  senhaNova: textSchema().trim().min(1),
  /** Sign out every other session of the patron (the one making the change stays); true when left out. */
  encerrarOutrasSessoes: z.boolean().optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
export const ChangePasswordResponseSchema = z.object({ result: z.literal(true) });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

/** GET /pessoas/meu-pergamum/dois-fatores: whether the institution offers two-step verification, and whether it is on. */
export const TwoFactorStatusSchema = z.object({ disponivel: z.boolean(), ativo: z.boolean() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST answer: the secret to add to an authenticator app (by hand or as the otpauth QR code). */
export const TwoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** PUT: confirms the enrolment with a code from the app. */
export const TwoFactorConfirmRequestSchema = z.object({ codigo: textSchema().trim().min(1) });
export type TwoFactorConfirmRequest = z.infer<typeof TwoFactorConfirmRequestSchema>;
/** PUT answer: ten single-use recovery codes, shown once. */
export const TwoFactorConfirmResponseSchema = z.object({ codigos_recuperacao: z.array(z.string()) });
export type TwoFactorConfirmResponse = z.infer<typeof TwoFactorConfirmResponseSchema>;

/** DELETE: turns two-step verification off; needs the password. */
export const TwoFactorDisableRequestSchema = z.object({ senha: textSchema().min(1) });
export type TwoFactorDisableRequest = z.infer<typeof TwoFactorDisableRequestSchema>;
