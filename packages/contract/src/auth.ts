import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, MAX_INTEGER_ID, SINGLE_LINE_PATTERN, textSchema } from './input.ts';

/** Client id of the portal (SPEC §9). */
export const PORTAL_CLIENT_ID = '4';

/** Sign-in and session calls (SPEC §7 Auth and /pessoas), relative to the /api prefix. */
export const IDENTITY_PATHS = {
  token: '/oauth/token',
  /** Logout: revokes a refresh token and its whole family (SPEC names no route; decision 0010). */
  revoke: '/oauth/revoke',
  session: '/pessoas',
  linkedLogins: '/pessoas/login',
  switchLogin: '/pessoas/troca-login',
  duplicates: '/pessoas/duplicadas',
  personName: (login: string) => `/pessoas/${encodeURIComponent(login)}/nome`,
  loggedInEmail: '/pessoas/email-pessoa-logada',
  changePassword: '/pessoas/meu-pergamum/senha',
  /** Two-step verification of the signed-in patron: GET status, POST start, PUT confirm, DELETE turn off. */
  twoFactor: '/pessoas/meu-pergamum/dois-fatores',
} as const;

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

/** Separates the login from a person or category code in the password grant's username. */
export const LOGIN_SUFFIX_SEPARATOR = '|';

/** Which person (duplicates) or category (the institution that asks for one) a login means. */
export interface LoginChoice {
  /** codigo of a person from /pessoas/duplicadas. */
  person?: number;
  /** Category code from LOGIN_CATEGORY_CODES. */
  category?: string;
}

/** SPEC §2/§7: the username of the password grant, suffixed with a person or category code when one is chosen. */
export function buildLoginUsername(username: string, choice: LoginChoice = {}): string {
  if (choice.person !== undefined) return `${username}${LOGIN_SUFFIX_SEPARATOR}pessoa:${choice.person}`;
  if (choice.category !== undefined)
    return `${username}${LOGIN_SUFFIX_SEPARATOR}categoria:${choice.category}`;
  return username;
}

/** Inverse of buildLoginUsername; a username without a well-formed suffix is taken as it is. */
export function parseLoginUsername(raw: string): { username: string } & LoginChoice {
  const at = raw.lastIndexOf(LOGIN_SUFFIX_SEPARATOR);
  if (at < 0) return { username: raw };
  const username = raw.slice(0, at);
  const suffix = raw.slice(at + 1);
  const person = /^pessoa:(\d{1,9})$/.exec(suffix);
  if (person?.[1]) return { username, person: Number(person[1]) };
  const category = /^categoria:([A-Za-z0-9]{1,20})$/.exec(suffix);
  if (category?.[1]) return { username, category: category[1] };
  return { username: raw };
}

/** SPEC §2: category codes offered on the sign-in screen of the institution that asks for one. */
export const LOGIN_CATEGORY_CODES = [
  '01',
  '19',
  '03',
  '06',
  '07',
  '21',
  '09',
  '05',
  '12',
  'Intercamb',
  'MembroComun',
  '08',
  '04',
  '10',
] as const;
/** SPEC §9: default login category. */
export const DEFAULT_LOGIN_CATEGORY = '01';

/** Module codes of authenticated permissions (SPEC §3 cod_modulo); the portal is the consultation module. */
export const AUTH_MODULE = {
  CONSULTATION: 1,
} as const;

/**
 * SPEC §8 login errors: status → code. 400 login request failed; 401 wrong user or password;
 * 422 server message (a translation key); 429 too many consecutive attempts; 430 blocked; 500 unknown.
 */
export const LOGIN_ERROR_CODE = {
  /** 400: the request could not be handled (unsupported grant, missing fields). */
  LOGIN_FAILED: 'LOGIN_FAILED',
  /** 401: wrong user or password. */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** 401: the refresh token is unknown, expired, revoked or already used. */
  INVALID_GRANT: 'INVALID_GRANT',
  /** 422: several people answer to this username; choose one (message identityRules.choiceRequired). */
  LOGIN_CHOICE_REQUIRED: 'LOGIN_CHOICE_REQUIRED',
  /** 429: too many consecutive failed attempts for this account or address. */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  /** 430: the password is blocked; use forgot password. */
  ACESSO_BLOQUEADO: 'ACESSO_BLOQUEADO',
  /** 403: a user token lacks the permission, or the call needs a user token. */
  FORBIDDEN: 'FORBIDDEN',
  /** 422: the current password given to the password change is wrong. */
  CURRENT_PASSWORD_WRONG: 'CURRENT_PASSWORD_WRONG',
  /** 422: the new password does not meet the criteria. */
  PASSWORD_CRITERIA: 'PASSWORD_CRITERIA',
  /** 422: the password was right; now the two-step code is needed (send it as totp). */
  TOTP_REQUIRED: 'TOTP_REQUIRED',
  /** 422: the two-step code (or recovery code) is wrong or already used. */
  TOTP_INVALID: 'TOTP_INVALID',
  /** 422: two-step verification is already on; turn it off before starting again. */
  TWO_FACTOR_ACTIVE: 'TWO_FACTOR_ACTIVE',
} as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODE)[keyof typeof LOGIN_ERROR_CODE];

/** SPEC §8 login statuses, for the web's login error mapping. */
export const LOGIN_STATUS = {
  FAILED: 400,
  INVALID_CREDENTIALS: 401,
  SERVER_MESSAGE: 422,
  TOO_MANY_ATTEMPTS: 429,
  BLOCKED: 430,
  UNKNOWN: 500,
} as const;

/** Translation keys the server answers as the message of its identity 422s. */
export const IDENTITY_RULE_KEYS = {
  choiceRequired: 'identityRules.choiceRequired',
  currentPasswordWrong: 'identityRules.currentPasswordWrong',
  passwordCriteria: 'identityRules.passwordCriteria',
  totpRequired: 'identityRules.totpRequired',
  totpInvalid: 'identityRules.totpInvalid',
  twoFactorActive: 'identityRules.twoFactorActive',
} as const;

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
