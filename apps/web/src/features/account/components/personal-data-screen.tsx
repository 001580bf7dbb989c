import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Fieldset, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  GENDERS,
  MARITAL_STATUSES,
  PERSONAL_DATA_MAX_LENGTH,
  PERSONAL_DATA_MAX_EMAILS,
  ACCOUNT_RULE_KEYS,
  isValidCpf,
  type PersonalData,
  type PersonalDataField,
  type PersonalDataUpdate,
} from '@estante/contract';
import {
  CheckboxField,
  DateField,
  EmailField,
  FormRefusal,
  PhoneField,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextField,
  firstErrors,
  localDay,
  rules,
  splitEmails,
  useForm,
  type FieldErrors,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { usePersonalData } from '../api/get-personal-data';
import { useUpdatePersonalData } from '../api/update-personal-data';
import { RegistrationRenewal } from './registration-renewal';

/** The form's values: every field as typed (text), receive e-mails as a box. */
type Values = Record<Exclude<PersonalDataField, 'recebe_email'>, string> & { recebe_email: boolean };

/** The label of each field. */
const FIELD_LABEL = {
  emails: 'account.personalData.field.emails',
  telefone: 'account.personalData.field.telefone',
  celular: 'account.personalData.field.celular',
  recebe_email: 'account.personalData.field.recebe_email',
  logradouro: 'account.personalData.field.logradouro',
  complemento: 'account.personalData.field.complemento',
  bairro: 'account.personalData.field.bairro',
  cep: 'account.personalData.field.cep',
  cidade: 'account.personalData.field.cidade',
  localidade: 'account.personalData.field.localidade',
  rg: 'account.personalData.field.rg',
  cpf: 'account.personalData.field.cpf',
  nacionalidade: 'account.personalData.field.nacionalidade',
  sexo: 'account.personalData.field.sexo',
  data_nascimento: 'account.personalData.field.data_nascimento',
  estado_civil: 'account.personalData.field.estado_civil',
  escolaridade: 'account.personalData.field.escolaridade',
  profissao: 'account.personalData.field.profissao',
} as const satisfies Record<PersonalDataField, string>;

const GENDER_LABEL = {
  feminino: 'account.personalData.gender.feminino',
  masculino: 'account.personalData.gender.masculino',
  outro: 'account.personalData.gender.outro',
  nao_informado: 'account.personalData.gender.nao_informado',
} as const satisfies Record<(typeof GENDERS)[number], string>;

const MARITAL_LABEL = {
  solteiro: 'account.personalData.marital.solteiro',
  casado: 'account.personalData.marital.casado',
  separado: 'account.personalData.marital.separado',
  divorciado: 'account.personalData.marital.divorciado',
  viuvo: 'account.personalData.marital.viuvo',
  outro: 'account.personalData.marital.outro',
} as const satisfies Record<(typeof MARITAL_STATUSES)[number], string>;

/** Free-text fields, by section. */
const ADDRESS_FIELDS = ['logradouro', 'complemento', 'bairro', 'cep', 'cidade', 'localidade'] as const;
const PROFILE_TEXT_FIELDS = ['rg', 'cpf', 'nacionalidade'] as const;
const WORK_FIELDS = ['escolaridade', 'profissao'] as const;
const TEXT_FIELDS = [...ADDRESS_FIELDS, ...PROFILE_TEXT_FIELDS, ...WORK_FIELDS] as const;

/** The stored data as the form's values (null as empty). */
export function valuesOf(data: PersonalData): Values {
  const text = (value: string | null) => value ?? '';
  return {
    emails: text(data.emails),
    telefone: text(data.telefone),
    celular: text(data.celular),
    recebe_email: data.recebe_email,
    logradouro: text(data.logradouro),
    complemento: text(data.complemento),
    bairro: text(data.bairro),
    cep: text(data.cep),
    cidade: text(data.cidade),
    localidade: text(data.localidade),
    rg: text(data.rg),
    cpf: text(data.cpf),
    nacionalidade: text(data.nacionalidade),
    sexo: text(data.sexo),
    data_nascimento: text(data.data_nascimento),
    estado_civil: text(data.estado_civil),
    escolaridade: text(data.escolaridade),
    profissao: text(data.profissao),
  };
}

/**
 * What to send: only the fields the patron may change and did change, typed text trimmed and empty
 * as null; the e-mails written back as the server keeps them.
 */
export function changesOf(
  values: Values,
  saved: Values,
  editable: readonly PersonalDataField[],
): PersonalDataUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of editable) {
    const value = values[field];
    if (typeof value === 'boolean') {
      if (value !== saved[field]) changes[field] = value;
      continue;
    }
    const next = field === 'emails' ? splitEmails(value).join('; ') : value.trim();
    if (next !== saved[field]) changes[field] = next === '' ? null : next;
  }
  return changes as PersonalDataUpdate;
}

/** SPEC §5's rules of the changed fields, each message naming its field (the server checks the same). */
function validate(
  values: Values,
  editable: readonly PersonalDataField[],
  t: TFunction,
  today: string,
): FieldErrors<Values> {
  const label = (field: PersonalDataField) => t(FIELD_LABEL[field]);
  const checks: Partial<Record<keyof Values, (string | undefined)[]>> = {};
  if (editable.includes('emails')) {
    checks.emails = [
      rules.required(values.emails, label('emails'), t),
      rules.emailList(values.emails, label('emails'), t),
      splitEmails(values.emails).length > PERSONAL_DATA_MAX_EMAILS
        ? t(ACCOUNT_RULE_KEYS.tooManyEmails)
        : undefined,
    ];
  }
  for (const field of ['telefone', 'celular'] as const) {
    if (editable.includes(field)) checks[field] = [rules.phone(values[field], label(field), t)];
  }
  for (const field of TEXT_FIELDS) {
    if (editable.includes(field)) {
      checks[field] = [rules.maxLength(values[field], PERSONAL_DATA_MAX_LENGTH[field], label(field), t)];
    }
  }
  if (editable.includes('cpf') && values.cpf.trim() && !isValidCpf(values.cpf.trim())) {
    checks.cpf = [t(ACCOUNT_RULE_KEYS.cpfInvalid)];
  }
  if (editable.includes('data_nascimento')) {
    const birth = values.data_nascimento;
    checks.data_nascimento = [
      rules.date(birth, label('data_nascimento'), t),
      birth && birth >= today ? t(ACCOUNT_RULE_KEYS.birthDateFuture) : undefined,
    ];
  }
  return firstErrors(checks);
}

function PersonalDataForm({ data }: { data: PersonalData }) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePersonalData();
  const [outcome, setOutcome] = useState<'saved' | 'unchanged' | null>(null);
  const editable = data.campos_editaveis;
  const saved = valuesOf(data);
  const today = localDay(new Date());
  const form = useForm<Values>({
    initial: saved,
    validate: (values) => validate(values, editable, t, today),
    onSubmit: async (values) => {
      setOutcome(null);
      const changes = changesOf(values, saved, editable);
      if (Object.keys(changes).length === 0) {
        setOutcome('unchanged');
        return;
      }
      form.reset(valuesOf(await update.mutateAsync(changes)));
      setOutcome('saved');
    },
  });
  const locked = (field: PersonalDataField) => !editable.includes(field);
  /** The props every field shares: its label, its binding, read-only with a note when locked. */
  const props = <K extends PersonalDataField>(field: K) => ({
    label: t(FIELD_LABEL[field]),
    readOnly: locked(field),
    description: locked(field) ? t('account.personalData.lockedHint') : undefined,
    ...form.field(field),
  });
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Stack gap="lg">
      <Text>{t('account.personalData.intro')}</Text>
      <Text fw={700}>{t('account.personalData.identity', { name: data.nome, login: data.login })}</Text>
      <form {...form.formProps} aria-label={t('personalArea.menu.personalData')}>
        <Stack gap="lg">
          <RequiredLegend />
          <Fieldset
            legend={
              <Title order={2} fz="h4">
                {t('account.personalData.section.contact')}
              </Title>
            }
          >
            <Stack gap="sm">
              <EmailField multiple required={!locked('emails')} {...props('emails')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PhoneField {...props('telefone')} />
                <PhoneField {...props('celular')} autoComplete="tel" />
              </SimpleGrid>
              <CheckboxField {...props('recebe_email')} />
            </Stack>
          </Fieldset>
          <Fieldset
            legend={
              <Title order={2} fz="h4">
                {t('account.personalData.section.address')}
              </Title>
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField {...props('logradouro')} autoComplete="address-line1" />
              <TextField {...props('complemento')} autoComplete="address-line2" />
              <TextField {...props('bairro')} />
              <TextField {...props('cep')} autoComplete="postal-code" />
              <TextField {...props('cidade')} autoComplete="address-level2" />
              <TextField {...props('localidade')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset
            legend={
              <Title order={2} fz="h4">
                {t('account.personalData.section.profile')}
              </Title>
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField {...props('rg')} />
              <TextField
                {...props('cpf')}
                description={
                  locked('cpf') ? t('account.personalData.lockedHint') : t('account.personalData.cpfHint')
                }
              />
              <TextField {...props('nacionalidade')} />
              <SelectField
                {...props('sexo')}
                choose
                options={GENDERS.map((value) => ({ value, label: t(GENDER_LABEL[value]) }))}
              />
              <DateField {...props('data_nascimento')} max={today} />
              <SelectField
                {...props('estado_civil')}
                choose
                options={MARITAL_STATUSES.map((value) => ({ value, label: t(MARITAL_LABEL[value]) }))}
              />
              <TextField {...props('escolaridade')} />
              <TextField {...props('profissao')} autoComplete="organization-title" />
            </SimpleGrid>
          </Fieldset>
          <FormRefusal message={form.refusal} />
          {outcome && (
            <Notice tone={outcome === 'saved' ? 'success' : 'info'}>
              {outcome === 'saved' ? t('account.personalData.saved') : t('account.personalData.unchanged')}
            </Notice>
          )}
          <SubmitButton sending={form.sending}>{t('account.personalData.submit')}</SubmitButton>
        </Stack>
      </form>
      {data.renovacao_anual && (
        <RegistrationRenewal
          validUntil={data.validade_cadastro ? formatDate(data.validade_cadastro, language) : null}
          canRenew={data.pode_renovar}
        />
      )}
    </Stack>
  );
}

/**
 * The personal-data screen (decision 0041): SPEC §3's fields in three groups, those the institution
 * does not let the patron change read-only; SPEC §5's rules checked before sending, each message
 * naming its field; the server's refusal shown in place; and, when the institution asks for it,
 * the yearly registration renewal.
 */
export function PersonalDataScreen() {
  const { t } = useTranslation();
  const query = usePersonalData();
  if (query.isPending) return <LoadingBlock label={t('account.personalData.loading')} />;
  if (query.isError) {
    return <ErrorBlock message={t('account.personalData.loadError')} onRetry={() => void query.refetch()} />;
  }
  return <PersonalDataForm data={query.data} />;
}
