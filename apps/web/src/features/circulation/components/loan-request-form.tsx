import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  CIRCULATION_ERROR,
  type LoanRequest,
  type LoanRequestBody,
  type LoanRequestInitialInfo,
} from '@estante/contract';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate, translateKey } from '../../../lib/i18n';
import { useLoanRequestInitialInfo } from '../api/get-loan-request-initial-info';
import { requestLoan } from '../api/request-loan';
import { LOAN_REQUESTS_QUERY_KEY } from '../api/get-loan-requests';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { refusalOf } from '../../../components/form/refusal';
import {
  CopyChoiceSelects,
  chosenOrNull,
  initialChoices,
  missingChoices,
  NONE,
  RequiredSelect,
  type ChoiceField,
  type ChoiceValues,
} from './copy-choices';
import { EmailField, emailError, PhoneField, phoneError } from './contact-fields';
import { Notice } from '../../../components/ui/notice';
import { LoanRequestStatus } from './loan-request-status';

/** The copy choices a loan request asks (its body has no location: the copy comes from the origin library). */
const REQUEST_CHOICES = [
  'volume',
  'tomo',
  'parte',
  'material_adicional',
] as const satisfies readonly ChoiceField[];

/** Longest authorised person's name and home address the server keeps. */
const AUTHORISED_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 500;

type Field =
  | ChoiceField
  | 'biblioteca_origem'
  | 'biblioteca_recebimento'
  | 'cod_local_recebimento'
  | 'telefone'
  | 'email'
  | 'recebimento_textual';
type FieldErrors = Partial<Record<Field, string>>;

interface LoanRequestFormProps {
  titleId: number;
  titleName: string;
  /** The patron's loan requests in the personal area, linked once the request is made. */
  myRequestsHref?: string | undefined;
  /** The title's hold tab, offered when no copy is on the shelf to request. */
  holdHref?: string | undefined;
}

/**
 * The loan request tab (75) for a signed-in patron (SPEC §3 Loan request, §5): the library the copy
 * comes from and the one that receives it with its location (home delivery is one; it asks for the
 * address), every volume, tome, part and material offered, phone, e-mail and an optional authorised
 * person. Messages name each field and the form keeps what was typed; the request is sent after the
 * confirm dialog.
 */
export function LoanRequestForm({ titleId, ...rest }: LoanRequestFormProps) {
  const { t } = useTranslation();
  const query = useLoanRequestInitialInfo(titleId);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return (
      <ErrorBlock message={t('circulation.requests.form.loadError')} onRetry={() => void query.refetch()} />
    );
  return <LoanRequestFormBody info={query.data} {...rest} />;
}

function LoanRequestFormBody({
  info,
  titleName,
  myRequestsHref,
  holdHref,
}: Omit<LoanRequestFormProps, 'titleId'> & { info: LoanRequestInitialInfo }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { containerRef, reportErrors } = useFocusFirstError();
  const origins = info.bibliotecas_origem.filter((b) => b.exemplares_disponiveis > 0);
  const receiving = info.bibliotecas_recebimento;
  const [origin, setOrigin] = useState(origins.length === 1 ? String(origins[0]!.cod_biblioteca) : NONE);
  const [choices, setChoices] = useState<ChoiceValues>(() => initialChoices(info));
  const [receivingLibrary, setReceivingLibrary] = useState(
    receiving.length === 1 ? String(receiving[0]!.cod_biblioteca) : NONE,
  );
  const [location, setLocation] = useState(NONE);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState(info.email ?? '');
  const [authorised, setAuthorised] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<LoanRequest | null>(null);
  const [isBusy, setBusy] = useState(false);

  if (made) {
    return (
      <Stack gap="sm" align="flex-start">
        <Notice tone="success" title={t('circulation.requests.form.madeTitle')}>
          <Stack gap={4}>
            <Text>
              {t('circulation.requests.form.madeText', {
                copy: made.numero_exemplar,
                library: made.biblioteca_origem.desc_biblioteca,
                date: formatDate(made.data_solicitacao, language),
              })}
            </Text>
            <Text>
              {t('circulation.requests.form.madeStatus')} <LoanRequestStatus status={made.situacao} />
            </Text>
            <Text size="sm">
              {made.domicilio
                ? t('circulation.requests.form.madeHome')
                : t('circulation.requests.form.madePickup', {
                    library: made.biblioteca_recebimento.desc_biblioteca,
                    location: made.local_recebimento,
                  })}
            </Text>
          </Stack>
        </Notice>
        {myRequestsHref && (
          <Anchor component={Link} to={myRequestsHref}>
            {t('circulation.requests.form.myRequests')}
          </Anchor>
        )}
      </Stack>
    );
  }

  if (!info.permitido) {
    const isShelfEmpty = info.motivo?.codigo === CIRCULATION_ERROR.REQUEST_NO_COPIES.code;
    return (
      <Stack gap="sm" align="flex-start">
        <Notice tone="refusal">
          {info.motivo ? translateKey(t, info.motivo.mensagem) : t('circulation.requests.form.notPossible')}
        </Notice>
        {isShelfEmpty && holdHref && (
          <Anchor component={Link} to={holdHref}>
            {t('circulation.requests.form.holdInstead')}
          </Anchor>
        )}
      </Stack>
    );
  }

  const locations = receiving.find((b) => String(b.cod_biblioteca) === receivingLibrary)?.locais ?? [];
  const chosenLocation = locations.find((l) => String(l.cod_local) === location);
  const isHomeDelivery = chosenLocation?.domicilio ?? false;

  const forget = (field: Field) => {
    setErrors(({ [field]: _fixed, ...others }) => others);
    setRefusal(null);
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = missingChoices(info, choices, REQUEST_CHOICES, t);
    if (origin === NONE) found.biblioteca_origem = t('circulation.requests.errors.origin');
    if (receivingLibrary === NONE) found.biblioteca_recebimento = t('circulation.requests.errors.receiving');
    else if (!chosenLocation) found.cod_local_recebimento = t('circulation.requests.errors.location');
    const badPhone = phoneError(phone, t);
    if (badPhone) found.telefone = badPhone;
    const badEmail = emailError(email, t);
    if (badEmail) found.email = badEmail;
    // SPEC §5: the home address is required for home delivery.
    if (isHomeDelivery && !address.trim()) {
      found.recebimento_textual = t('circulation.errors.requestAddressRequired');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const found = validate();
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0 || !chosenLocation) {
      reportErrors();
      return;
    }
    const body: LoanRequestBody = {
      biblioteca_origem: Number(origin),
      biblioteca_recebimento: Number(receivingLibrary),
      volume: chosenOrNull(choices.volume),
      tomo: chosenOrNull(choices.tomo),
      parte: chosenOrNull(choices.parte),
      material_adicional: chosenOrNull(choices.material_adicional),
      telefone: phone.trim(),
      email: email.trim(),
      cod_local_recebimento: chosenLocation.cod_local,
      pessoa_autorizada: authorised.trim() || null,
      domicilio: isHomeDelivery,
      recebimento_textual: isHomeDelivery ? address.trim() : null,
    };
    const originName = origins.find((b) => String(b.cod_biblioteca) === origin)?.desc_biblioteca ?? '';
    const receivingName =
      receiving.find((b) => String(b.cod_biblioteca) === receivingLibrary)?.desc_biblioteca ?? '';
    setBusy(true);
    try {
      const isConfirmed = await confirm({
        title: t('circulation.requests.confirm.title'),
        content: (
          <Stack gap="xs">
            <Text>{t('circulation.requests.confirm.text', { title: titleName, library: originName })}</Text>
            <Text>
              {isHomeDelivery
                ? t('circulation.requests.confirm.home', { address: address.trim() })
                : t('circulation.requests.confirm.pickup', {
                    library: receivingName,
                    location: chosenLocation.descricao,
                  })}
            </Text>
          </Stack>
        ),
        confirmLabel: t('circulation.requests.confirm.confirm'),
        cancelLabel: t('circulation.requests.confirm.cancel'),
      });
      if (!isConfirmed) return;
      const answer = await requestLoan(info.cod_acervo, body);
      setMade(answer);
      void queryClient.invalidateQueries({ queryKey: LOAN_REQUESTS_QUERY_KEY });
    } catch (error) {
      // A refusal keeps the form as it was typed, with the reason above the button.
      const text = refusalOf(error, t);
      if (text) setRefusal(text);
    } finally {
      setBusy(false);
    }
  };

  const textField = (field: Field) => ({
    error: errors[field],
    errorProps: { role: 'alert' },
  });

  return (
    <form ref={containerRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" maw={480}>
        <Text>{t('circulation.requests.form.intro')}</Text>
        <Text size="sm">
          {t('circulation.requests.form.open', { open: info.abertas, limit: info.limite })}
        </Text>
        <Text size="sm">{t('circulation.requests.form.requiredLegend')}</Text>
        <RequiredSelect
          label={t('circulation.requests.form.origin')}
          value={origin}
          options={origins.map((b) => ({
            value: String(b.cod_biblioteca),
            label: t('circulation.requests.form.originOption', {
              library: b.desc_biblioteca,
              available: b.exemplares_disponiveis,
            }),
          }))}
          error={errors.biblioteca_origem}
          onChange={(value) => {
            setOrigin(value);
            forget('biblioteca_origem');
          }}
        />
        <CopyChoiceSelects
          offered={info}
          fields={REQUEST_CHOICES}
          values={choices}
          errors={errors}
          onChange={(field, value) => {
            setChoices((current) => ({ ...current, [field]: value }));
            forget(field);
          }}
        />
        <RequiredSelect
          label={t('circulation.requests.form.receiving')}
          value={receivingLibrary}
          options={receiving.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          error={errors.biblioteca_recebimento}
          onChange={(value) => {
            setReceivingLibrary(value);
            setLocation(NONE);
            forget('biblioteca_recebimento');
          }}
        />
        {receivingLibrary !== NONE && (
          <RequiredSelect
            label={t('circulation.requests.form.location')}
            value={location}
            options={locations.map((l) => ({ value: String(l.cod_local), label: l.descricao }))}
            error={errors.cod_local_recebimento}
            onChange={(value) => {
              setLocation(value);
              forget('cod_local_recebimento');
            }}
          />
        )}
        {isHomeDelivery && (
          <Textarea
            label={t('circulation.requests.form.address')}
            description={t('circulation.requests.form.addressHint')}
            withAsterisk
            aria-required
            autoComplete="street-address"
            rows={3}
            maxLength={ADDRESS_MAX_LENGTH}
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              forget('recebimento_textual');
            }}
            {...textField('recebimento_textual')}
          />
        )}
        <PhoneField
          value={phone}
          error={errors.telefone}
          onChange={(value) => {
            setPhone(value);
            forget('telefone');
          }}
        />
        <EmailField
          value={email}
          error={errors.email}
          onChange={(value) => {
            setEmail(value);
            forget('email');
          }}
        />
        <TextInput
          label={t('circulation.requests.form.authorised')}
          description={t('circulation.requests.form.authorisedHint')}
          maxLength={AUTHORISED_MAX_LENGTH}
          value={authorised}
          onChange={(event) => setAuthorised(event.currentTarget.value)}
        />
        {refusal && <Notice tone="refusal">{refusal}</Notice>}
        <Group>
          <Button type="submit" loading={isBusy}>
            {t('circulation.requests.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
