import {
  PERSONAL_DATA_FIELDS,
  type PersonalData,
  type PersonalDataField,
  type PersonalDataValues,
} from '@estante/contract';
import type { PersonalDataColumns, PersonalDataRow } from './repository.ts';

/** The column each one-column field of the wire is stored in (`emails` spans email and other_emails). */
export const FIELD_COLUMNS = {
  telefone: 'phone',
  celular: 'mobile_phone',
  recebe_email: 'receives_email',
  logradouro: 'street',
  complemento: 'complement',
  bairro: 'district',
  cep: 'postal_code',
  cidade: 'city',
  localidade: 'locality',
  rg: 'id_number',
  cpf: 'tax_number',
  nacionalidade: 'nationality',
  sexo: 'gender',
  data_nascimento: 'birth_date',
  estado_civil: 'marital_status',
  escolaridade: 'education',
  profissao: 'job',
} as const satisfies Record<Exclude<PersonalDataField, 'emails'>, keyof PersonalDataColumns>;

/** SPEC §5: the e-mails as one field, separated by semicolons, the primary first. */
export function emailField(row: Pick<PersonalDataRow, 'email' | 'other_emails'>): string | null {
  const all = [row.email, ...row.other_emails].filter((e): e is string => Boolean(e));
  return all.length > 0 ? all.join('; ') : null;
}

/** The wire values of a stored row. */
export function presentValues(row: PersonalDataRow): PersonalDataValues {
  const values: Record<string, unknown> = { emails: emailField(row) };
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) values[field] = row[column];
  return values as PersonalDataValues;
}

/** A patron's row and the institution's choices → GET /pessoas/meu-pergamum/dados-pessoais. */
export function presentPersonalData(
  row: PersonalDataRow,
  options: { editable: readonly PersonalDataField[]; yearlyRenewal: boolean; canRenew: boolean },
): PersonalData {
  return {
    nome: row.name,
    login: row.login,
    ...presentValues(row),
    campos_editaveis: PERSONAL_DATA_FIELDS.filter((field) => options.editable.includes(field)),
    renovacao_anual: options.yearlyRenewal,
    validade_cadastro: row.registration_valid_until,
    pode_renovar: options.canRenew,
  };
}
