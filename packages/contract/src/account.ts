import { z } from 'zod';
import { isValidEmail, splitEmailList } from './basket.ts';
import { PHONE_PATTERN } from './circulation.ts';
import { calendarDaySchema, queryIdSchema, textSchema } from './schemas/input.ts';

/** The patron's account calls (SPEC §7 People and Parameters; decision 0041), relative to /api. */
export const ACCOUNT_PATHS = {
  /** GET and PUT the signed-in patron's personal data (SPEC §3). */
  personalData: '/pessoas/meu-pergamum/dados-pessoais',
  /** POST {usuario}: switch to another login of the same person from the personal area. */
  switchUser: '/pessoas/meu-pergamum/troca-usuario',
  /** GET: the departments (the courses the teaching plan's `departamento` names). */
  departments: '/pessoas/departamentos',
  /** POST: the yearly renewal of the registration (GET and PUT are the loan renewal overview). */
  registrationRenewal: '/pessoas/renovar',
  /** GET: the password rules the password change checks (beyond SPEC: the recovery's rules, signed in). */
  passwordRules: '/pessoas/meu-pergamum/senha',
  activity: (id: number | string) => `/parametros/atividade/${id}`,
  activityInformation: (id: number | string) => `/parametros/atividade/${id}/informativo`,
} as const;

/** SPEC §3 marital status, as the wire writes it. */
export const MARITAL_STATUSES = ['solteiro', 'casado', 'separado', 'divorciado', 'viuvo', 'outro'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** SPEC §3 gender: the choices offered (the patron may keep it unsaid). */
export const GENDERS = ['feminino', 'masculino', 'outro', 'nao_informado'] as const;
export type Gender = (typeof GENDERS)[number];

/** The personal-data fields of SPEC §3 (wire names), in the order the screen shows them. */
export const PERSONAL_DATA_FIELDS = [
  'emails',
  'telefone',
  'celular',
  'recebe_email',
  'logradouro',
  'complemento',
  'bairro',
  'cep',
  'cidade',
  'localidade',
  'rg',
  'cpf',
  'nacionalidade',
  'sexo',
  'data_nascimento',
  'estado_civil',
  'escolaridade',
  'profissao',
] as const;
export type PersonalDataField = (typeof PERSONAL_DATA_FIELDS)[number];

/** What a patron may change when the institution sets nothing (setting `dados_pessoais_editaveis`). */
export const DEFAULT_EDITABLE_PERSONAL_DATA: readonly PersonalDataField[] = PERSONAL_DATA_FIELDS.filter(
  // Documents and what they prove are checked at the desk; the patron asks the library to change them.
  (field) => !['rg', 'cpf', 'nacionalidade', 'data_nascimento'].includes(field),
);

/** Longest text of each field the wire takes (the CPF and phones are checked further by their rules). */
export const PERSONAL_DATA_MAX_LENGTH = {
  emails: 1000,
  logradouro: 200,
  complemento: 100,
  bairro: 100,
  cep: 12,
  cidade: 100,
  localidade: 100,
  rg: 20,
  // Room for a formatted CPF, so it is refused with the digits-only message rather than as too long.
  cpf: 14,
  nacionalidade: 60,
  escolaridade: 100,
  profissao: 100,
  telefone: 20,
  celular: 20,
} as const;

/** Most e-mails a patron keeps. */
export const PERSONAL_DATA_MAX_EMAILS = 5;

const text = (max: number) => textSchema().max(max).nullable();

/** SPEC §3 personal data as the wire carries it; empty values are null. */
export const PersonalDataValuesSchema = z.object({
  /** SPEC §5: one or more e-mails separated by semicolons; the first is where codes and notices go. */
  emails: text(PERSONAL_DATA_MAX_LENGTH.emails),
  telefone: text(PERSONAL_DATA_MAX_LENGTH.telefone),
  celular: text(PERSONAL_DATA_MAX_LENGTH.celular),
  /** SPEC §3 "receive e-mails": notices and alerts also go by e-mail. */
  recebe_email: z.boolean(),
  logradouro: text(PERSONAL_DATA_MAX_LENGTH.logradouro),
  complemento: text(PERSONAL_DATA_MAX_LENGTH.complemento),
  bairro: text(PERSONAL_DATA_MAX_LENGTH.bairro),
  cep: text(PERSONAL_DATA_MAX_LENGTH.cep),
  cidade: text(PERSONAL_DATA_MAX_LENGTH.cidade),
  localidade: text(PERSONAL_DATA_MAX_LENGTH.localidade),
  rg: text(PERSONAL_DATA_MAX_LENGTH.rg),
  /** The tax number (CPF), digits only, with its two check digits. */
  cpf: text(PERSONAL_DATA_MAX_LENGTH.cpf),
  nacionalidade: text(PERSONAL_DATA_MAX_LENGTH.nacionalidade),
  sexo: z.enum(GENDERS).nullable(),
  data_nascimento: calendarDaySchema().nullable(),
  estado_civil: z.enum(MARITAL_STATUSES).nullable(),
  escolaridade: text(PERSONAL_DATA_MAX_LENGTH.escolaridade),
  profissao: text(PERSONAL_DATA_MAX_LENGTH.profissao),
});
export type PersonalDataValues = z.infer<typeof PersonalDataValuesSchema>;

/** GET /pessoas/meu-pergamum/dados-pessoais. */
export const PersonalDataSchema = PersonalDataValuesSchema.extend({
  /** The patron's name, as the library registered it (not changed here). */
  nome: z.string(),
  login: z.string(),
  /** The fields the institution lets the patron change; the others are shown read-only. */
  campos_editaveis: z.array(z.enum(PERSONAL_DATA_FIELDS)),
  /** Whether the institution asks patrons to renew their registration every year. */
  renovacao_anual: z.boolean(),
  /** The last day the registration is valid (YYYY-MM-DD); null when it has no end. */
  validade_cadastro: z.string().nullable(),
  /** Whether POST /pessoas/renovar would renew it now. */
  pode_renovar: z.boolean(),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/**
 * PUT /pessoas/meu-pergamum/dados-pessoais: the fields to change (any subset). A field the patron
 * may not change is refused if sent with another value than the stored one.
 */
export const PersonalDataUpdateSchema = PersonalDataValuesSchema.partial();
export type PersonalDataUpdate = z.infer<typeof PersonalDataUpdateSchema>;

/** POST /pessoas/renovar: the patron confirms their personal data is right. */
export const RegistrationRenewalRequestSchema = z.object({ confirmo: z.literal(true) });
export type RegistrationRenewalRequest = z.infer<typeof RegistrationRenewalRequestSchema>;
/** POST /pessoas/renovar answer: the new last day of the registration. */
export const RegistrationRenewalSchema = z.object({ validade_cadastro: z.string() });
export type RegistrationRenewal = z.infer<typeof RegistrationRenewalSchema>;

/** How many days before the registration ends it may be renewed. */
export const REGISTRATION_RENEWAL_WINDOW_DAYS = 60;

/** POST /pessoas/meu-pergamum/troca-usuario {usuario}: the login to switch to. */
export const SwitchUserRequestSchema = z.object({ usuario: textSchema().trim().min(1).max(200) });
export type SwitchUserRequest = z.infer<typeof SwitchUserRequestSchema>;

/** GET /pessoas/departamentos: one department (a course). */
export const DepartmentSchema = z.object({ codigo: z.number().int(), descricao: z.string() });
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentsSchema = z.array(DepartmentSchema);

/** GET /parametros/atividade/{id}: the activity and its description (SPEC §3 activity permission). */
export const ActivitySchema = z.object({ cod_atividade: z.number().int(), descricao: z.string() });
export type Activity = z.infer<typeof ActivitySchema>;
/** GET /parametros/atividade/{id}/informativo: the institution's HTML about it, null when none. */
export const ActivityInformationSchema = z.object({
  cod_atividade: z.number().int(),
  informativo: z.string().nullable(),
});
export type ActivityInformation = z.infer<typeof ActivityInformationSchema>;
export const ActivityParamsSchema = z.object({ id: queryIdSchema() });

/** Translation keys of the account's 422s (and of the same checks on the web). */
export const ACCOUNT_RULE_KEYS = {
  emailInvalid: 'account.errors.emailInvalid',
  emailRequired: 'account.errors.emailRequired',
  tooManyEmails: 'account.errors.tooManyEmails',
  phoneInvalid: 'account.errors.phoneInvalid',
  cpfInvalid: 'account.errors.cpfInvalid',
  birthDateFuture: 'account.errors.birthDateFuture',
  fieldLocked: 'account.errors.fieldLocked',
  renewalOff: 'account.errors.renewalOff',
  renewalEarly: 'account.errors.renewalEarly',
} as const;

/** The account's 422 codes. */
export const ACCOUNT_ERROR_CODE = {
  PERSONAL_DATA_INVALID: 'PERSONAL_DATA_INVALID',
  PERSONAL_DATA_LOCKED: 'PERSONAL_DATA_LOCKED',
  REGISTRATION_RENEWAL_OFF: 'REGISTRATION_RENEWAL_OFF',
  REGISTRATION_RENEWAL_EARLY: 'REGISTRATION_RENEWAL_EARLY',
} as const;

/**
 * Whether a Brazilian tax number (CPF) is valid: eleven digits, not all the same, whose two last
 * digits are the check digits of the nine before (modulo 11, weights 10…2 then 11…2).
 */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = (length: number) => {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === digits[9] && check(10) === digits[10];
}

/**
 * SPEC §5 e-mail list: the addresses of a semicolon-separated field, and the first that is not a
 * valid address (null when all are).
 */
export function checkEmailList(field: string): { emails: string[]; invalid: string | null } {
  const emails = splitEmailList(field);
  return { emails, invalid: emails.find((email) => !isValidEmail(email)) ?? null };
}

/** One problem of personal data: the field and the translation key of its message. */
export interface PersonalDataProblem {
  field: PersonalDataField;
  key: (typeof ACCOUNT_RULE_KEYS)[keyof typeof ACCOUNT_RULE_KEYS];
}

/**
 * The SPEC §5 rules of personal data, the same on the web form and the server: the e-mail list
 * (at least one, each valid, at most PERSONAL_DATA_MAX_EMAILS), the phones' characters, the CPF's
 * check digits and a birth date in the past. `today` is YYYY-MM-DD; fields left out are not checked.
 */
export function personalDataProblems(values: PersonalDataUpdate, today: string): PersonalDataProblem[] {
  const problems: PersonalDataProblem[] = [];
  if (values.emails !== undefined) {
    const { emails, invalid } = checkEmailList(values.emails ?? '');
    if (emails.length === 0) problems.push({ field: 'emails', key: ACCOUNT_RULE_KEYS.emailRequired });
    else if (invalid !== null) problems.push({ field: 'emails', key: ACCOUNT_RULE_KEYS.emailInvalid });
    else if (emails.length > PERSONAL_DATA_MAX_EMAILS)
      problems.push({ field: 'emails', key: ACCOUNT_RULE_KEYS.tooManyEmails });
  }
  for (const field of ['telefone', 'celular'] as const) {
    const phone = values[field]?.trim();
    if (phone && !PHONE_PATTERN.test(phone)) problems.push({ field, key: ACCOUNT_RULE_KEYS.phoneInvalid });
  }
  const cpf = values.cpf?.trim();
  if (cpf && !isValidCpf(cpf)) problems.push({ field: 'cpf', key: ACCOUNT_RULE_KEYS.cpfInvalid });
  const birth = values.data_nascimento;
  if (birth && birth >= today) {
    problems.push({ field: 'data_nascimento', key: ACCOUNT_RULE_KEYS.birthDateFuture });
  }
  return problems;
}
