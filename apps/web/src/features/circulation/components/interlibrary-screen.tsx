import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { InterlibraryData, InterlibraryRequest, InterlibraryRequestBody } from '@estante/contract';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatDate } from '../../../lib/i18n';
import { getInterlibraryDataQueryOptions, useInterlibraryData } from '../api/get-interlibrary-data';
import { requestInterlibrary } from '../api/request-interlibrary';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { refusalOf } from '../../../components/form/refusal';
import { EmailField, emailError, PhoneField, phoneError } from './contact-fields';
import { librarySelectOptions, NONE, RequiredSelect } from './copy-choices';
import { useLoanRequestStateLabels } from './loan-request-status';
import { Notice } from '../../../components/ui/notice';
import classes from './circulation.module.css';
import { TITLE_COLUMN_WIDTH } from './table-widths';

/** Longest texts the server keeps for each field of the request. */
const MAX_LENGTH = { titulo: 500, autor: 300, publicacao: 300, observacao: 2000 } as const;

type Field = 'titulo' | 'email' | 'telefone' | 'biblioteca_recebimento';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The personal area's inter-library loans (SPEC §7 Requests, emprestimo-inter-bibliotecas): a form
 * asking a library of the network for a work this library lacks (any library of the network, or a
 * chosen one), received at one of this institution's libraries; and the patron's requests.
 */
export function InterlibraryScreen() {
  const { t } = useTranslation();
  const query = useInterlibraryData();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorBlock message={t('circulation.interlibrary.error')} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="xl">
      <InterlibraryForm data={query.data} />
      <InterlibraryRequests requests={query.data.solicitacoes} />
    </Stack>
  );
}

function InterlibraryForm({ data }: { data: InterlibraryData }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { containerRef, reportErrors } = useFocusFirstError();
  const libraries = data.bibliotecas_recebimento;
  const [institution, setInstitution] = useState(NONE);
  const [work, setWork] = useState({ titulo: '', autor: '', publicacao: '', observacao: '' });
  const [email, setEmail] = useState(data.email ?? '');
  const [phone, setPhone] = useState('');
  const [library, setLibrary] = useState(
    libraries.length === 1 ? String(libraries[0]!.cod_biblioteca) : NONE,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState<InterlibraryRequest | null>(null);
  const [isBusy, setBusy] = useState(false);

  const forget = (field: Field) => {
    setErrors(({ [field]: _fixed, ...others }) => others);
    setRefusal(null);
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!work.titulo.trim()) found.titulo = t('circulation.interlibrary.errors.title');
    const badEmail = emailError(email, t);
    if (badEmail) found.email = badEmail;
    const badPhone = phoneError(phone, t);
    if (badPhone) found.telefone = badPhone;
    if (library === NONE) found.biblioteca_recebimento = t('circulation.requests.errors.receiving');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const found = validate();
    setErrors(found);
    setRefusal(null);
    setSent(null);
    if (Object.keys(found).length > 0) {
      reportErrors();
      return;
    }
    const optional = (value: string) => value.trim() || null;
    const body: InterlibraryRequestBody = {
      cod_empresa: institution === NONE ? null : Number(institution),
      titulo: work.titulo.trim(),
      autor: optional(work.autor),
      publicacao: optional(work.publicacao),
      observacao: optional(work.observacao),
      email: email.trim(),
      telefone: phone.trim(),
      biblioteca_recebimento: Number(library),
    };
    const institutionName =
      data.instituicoes.find((i) => String(i.cod_empresa) === institution)?.desc_empresa ??
      t('circulation.interlibrary.form.anyInstitution');
    const libraryName = libraries.find((l) => String(l.cod_biblioteca) === library)?.desc_biblioteca ?? '';
    setBusy(true);
    try {
      const isConfirmed = await confirm({
        title: t('circulation.interlibrary.confirm.title'),
        content: t('circulation.interlibrary.confirm.text', {
          title: body.titulo,
          institution: institutionName,
          library: libraryName,
        }),
        confirmLabel: t('circulation.interlibrary.confirm.confirm'),
        cancelLabel: t('circulation.interlibrary.confirm.cancel'),
      });
      if (!isConfirmed) return;
      const answer = await requestInterlibrary(body);
      setSent(answer);
      // The work is asked for; the contact and the receiving library stay for the next one.
      setWork({ titulo: '', autor: '', publicacao: '', observacao: '' });
      setInstitution(NONE);
      await queryClient.invalidateQueries({ queryKey: getInterlibraryDataQueryOptions().queryKey });
    } catch (error) {
      const text = refusalOf(error, t);
      if (text) setRefusal(text);
    } finally {
      setBusy(false);
    }
  };

  const workField = (field: keyof typeof work) => ({
    value: work[field],
    maxLength: MAX_LENGTH[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setWork((current) => ({ ...current, [field]: value }));
      if (field === 'titulo') forget('titulo');
    },
  });

  return (
    <section aria-labelledby="interlibrary-form-heading">
      <Title order={2} fz="h3" mb="sm" id="interlibrary-form-heading">
        {t('circulation.interlibrary.form.heading')}
      </Title>
      <form ref={containerRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={560}>
          <Text>{t('circulation.interlibrary.form.intro')}</Text>
          <Text size="sm">{t('circulation.interlibrary.form.requiredLegend')}</Text>
          <div aria-live="polite">
            {sent && (
              <Notice tone="success" title={t('circulation.interlibrary.form.sentTitle')}>
                {t('circulation.interlibrary.form.sentText', { title: sent.titulo })}
              </Notice>
            )}
          </div>
          <NativeSelect
            label={t('circulation.interlibrary.form.institution')}
            value={institution}
            onChange={(event) => setInstitution(event.currentTarget.value)}
            data={[
              { value: NONE, label: t('circulation.interlibrary.form.anyInstitution') },
              ...data.instituicoes.map((i) => ({ value: String(i.cod_empresa), label: i.desc_empresa })),
            ]}
          />
          <TextInput
            label={t('circulation.interlibrary.form.title')}
            withAsterisk
            aria-required
            error={errors.titulo}
            errorProps={{ role: 'alert' }}
            {...workField('titulo')}
          />
          <TextInput label={t('circulation.interlibrary.form.author')} {...workField('autor')} />
          <TextInput
            label={t('circulation.interlibrary.form.publication')}
            description={t('circulation.interlibrary.form.publicationHint')}
            {...workField('publicacao')}
          />
          <Textarea
            label={t('circulation.interlibrary.form.observation')}
            rows={3}
            {...workField('observacao')}
          />
          <RequiredSelect
            label={t('circulation.interlibrary.form.library')}
            value={library}
            options={librarySelectOptions(libraries)}
            error={errors.biblioteca_recebimento}
            onChange={(value) => {
              setLibrary(value);
              forget('biblioteca_recebimento');
            }}
          />
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
          {refusal && <Notice tone="refusal">{refusal}</Notice>}
          <Group>
            <Button type="submit" loading={isBusy}>
              {t('circulation.interlibrary.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

function InterlibraryRequests({ requests }: { requests: InterlibraryRequest[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const states = useLoanRequestStateLabels();
  return (
    <section aria-labelledby="interlibrary-list-heading">
      <Title order={2} fz="h3" mb="sm" id="interlibrary-list-heading">
        {t('circulation.interlibrary.list.heading')}
      </Title>
      {requests.length === 0 ? (
        <Text>{t('circulation.interlibrary.list.empty')}</Text>
      ) : (
        <ScrollRegion label={t('circulation.interlibrary.list.caption')}>
          <Table striped withTableBorder miw={720}>
            <caption className={classes.visuallyHiddenCaption}>
              {t('circulation.interlibrary.list.caption')}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                  {t('circulation.interlibrary.columns.title')}
                </Table.Th>
                <Table.Th scope="col">{t('circulation.interlibrary.columns.institution')}</Table.Th>
                <Table.Th scope="col">{t('circulation.interlibrary.columns.library')}</Table.Th>
                <Table.Th scope="col">{t('circulation.interlibrary.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('circulation.interlibrary.columns.requested')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => (
                <Table.Tr key={request.codigo}>
                  <Table.Th scope="row">
                    {request.titulo}
                    {request.autor && <Text size="sm">{request.autor}</Text>}
                  </Table.Th>
                  <Table.Td>
                    {request.instituicao?.desc_empresa ?? t('circulation.interlibrary.form.anyInstitution')}
                  </Table.Td>
                  <Table.Td>{request.biblioteca_recebimento.desc_biblioteca}</Table.Td>
                  <Table.Td>{states[request.situacao]}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {formatDate(request.data_solicitacao, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </section>
  );
}
