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
