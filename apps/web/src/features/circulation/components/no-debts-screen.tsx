import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CIRCULATION_ERROR,
  isValidEmail,
  splitEmailList,
  type NoDebtsCheck,
  type NoDebtsDeclaration,
} from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDate, translateKey } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';
import { getNoDebtsCheckQueryOptions, useNoDebtsCheck } from '../api/check-no-debts';
import { usePatronEmail } from '../api/get-patron-email';
import { issueNoDebts } from '../api/issue-no-debts';
import { sendNoDebtsMail } from '../api/send-no-debts-mail';
import { formatMoney } from '../utils/money';
import { pdfBlob } from '../utils/pdf-file';
import { refusalOf } from '../../../components/form/refusal';
import { Notice } from '../../../components/ui/notice';
import { DetailList } from './detail-list';

/** Alert titles in the text colour: Mantine's light tones fall below 4.5:1 on their background. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The server's limit of addresses per sending. */
const MAX_RECIPIENTS = 5;

/** Why the declaration cannot be issued now (open loans, amount owed, or disabled for this patron). */
function Refused({ check }: { check: NoDebtsCheck }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const isDisabled = check.motivo?.codigo === CIRCULATION_ERROR.NO_DEBTS_DISABLED.code;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('circulation.noDebts.refusedTitle')}
      styles={READABLE_TITLE}
    >
      <Stack gap="sm">
        {check.motivo && <Text>{translateKey(t, check.motivo.mensagem)}</Text>}
        {!isDisabled && (
          <>
            <DetailList
              rows={[
                { key: 'loans', label: t('circulation.noDebts.openLoans'), value: String(check.emprestimos) },
                {
                  key: 'owed',
                  label: t('circulation.noDebts.owed'),
                  value: formatMoney(check.valor_pendente, t, language),
                },
                {
                  // Late loans' fines, not charged yet: the patron learns what returning them will cost.
                  key: 'accruing',
                  label: t('circulation.noDebts.accruing'),
                  value: check.multa_em_curso > 0 ? formatMoney(check.multa_em_curso, t, language) : null,
                },
              ]}
            />
            <Text>{t('circulation.noDebts.settleHint')}</Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** Sends the declaration by e-mail (POST /nada-consta/send-mail), to the patron's address unless changed. */
function MailForm({ declaration }: { declaration: NoDebtsDeclaration | null }) {
  const { t } = useTranslation();
  const patronEmail = usePatronEmail();
  // Null until the patron types: the field shows the address on record.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const emails = typed ?? patronEmail.data ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent('');
    setRefusal(null);
    const addresses = splitEmailList(emails);
    const bad = addresses.find((address) => !isValidEmail(address));
    if (addresses.length === 0) return setFieldError(t('circulation.noDebts.mail.required'));
    if (bad !== undefined) return setFieldError(t('circulation.noDebts.mail.invalid', { email: bad }));
    if (addresses.length > MAX_RECIPIENTS) return setFieldError(t('circulation.noDebts.mail.tooMany'));
    setFieldError(null);
    setIsBusy(true);
    try {
      const file = declaration
        ? { blob: pdfBlob(declaration.pdf), filename: declaration.nome_arquivo }
        : null;
      const answer = await sendNoDebtsMail(addresses.join('; '), file);
      setSent(t('circulation.noDebts.mail.sent', { emails: answer.destinatarios.join(', ') }));
    } catch (error) {
      const message = refusalOf(error, t);
      if (error instanceof ApiError && error.code === CIRCULATION_ERROR.EMAIL_INVALID.code)
        setFieldError(message);
      else setRefusal(message);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="no-debts-mail-heading">
      <Stack gap="sm" maw={560}>
        <Title order={3} fz="h4" id="no-debts-mail-heading">
          {t('circulation.noDebts.mail.heading')}
        </Title>
        <TextInput
          label={t('circulation.noDebts.mail.addresses')}
          description={t('circulation.noDebts.mail.hint')}
          value={emails}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={fieldError}
          autoComplete="email"
          required
        />
        {refusal && (
          <Notice tone="refusal" title={t('circulation.noDebts.failed')}>
            {refusal}
          </Notice>
        )}
        <Group>
          <Button type="submit" loading={isBusy}>
            {t('circulation.noDebts.mail.send')}
          </Button>
        </Group>
        <Text role="status" aria-live="polite">
          {sent}
        </Text>
      </Stack>
    </form>
  );
}

/** The declaration issued: its day and code, the PDF, and sending it by e-mail. */
function Issued({
  issuedAt,
  code,
  declaration,
  onDeclaration,
  justIssued,
}: {
  issuedAt: string;
  code: string;
  declaration: NoDebtsDeclaration | null;
  onDeclaration: (declaration: NoDebtsDeclaration) => void;
  justIssued: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const heading = useRef<HTMLHeadingElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    // The request button is gone: keyboard and screen-reader users continue from the result.
    if (justIssued) heading.current?.focus();
  }, [justIssued]);

  const download = async () => {
    setRefusal(null);
    let file = declaration;
    if (!file) {
      // Asked again, the server answers the declaration it already issued (nothing more happens).
      setIsBusy(true);
      try {
        file = await issueNoDebts();
        onDeclaration(file);
      } catch (error) {
        setRefusal(refusalOf(error, t));
        return;
      } finally {
        setIsBusy(false);
      }
    }
    saveFile(pdfBlob(file.pdf), file.nome_arquivo);
  };

  return (
    <Stack gap="lg">
      <Text role="status" aria-live="polite">
        {justIssued ? t('circulation.noDebts.issuedNow') : ''}
      </Text>
      <Stack gap="sm" component="section" aria-labelledby="no-debts-issued-heading">
        <Title order={2} fz="h3" id="no-debts-issued-heading" ref={heading} tabIndex={-1}>
          {t('circulation.noDebts.issuedHeading')}
        </Title>
        <Text>{t('circulation.noDebts.issuedOn', { date: formatDate(issuedAt, language) })}</Text>
        <Text>{t('circulation.noDebts.code', { code })}</Text>
        {refusal && (
          <Notice tone="refusal" title={t('circulation.noDebts.failed')}>
            {refusal}
          </Notice>
        )}
        <Group>
          <Button variant="light" loading={isBusy} onClick={() => void download()}>
            {t('circulation.noDebts.download')}
          </Button>
        </Group>
        <MailForm declaration={declaration} />
      </Stack>
    </Stack>
  );
}

/**
 * Personal area "no-debts declaration" (SPEC §2 menu, §4, §7 /unidade-informacao/nada-consta*): the
 * check says why it cannot be issued now (open loans, amount owed, disabled); when it can, it is
 * issued after the confirm dialog (SPEC §2), which says that issuing it unlinks the patron from the
 * library (SPEC §4). Then the PDF can be downloaded and sent by e-mail. The layout gives the page its h1.
 */
export function NoDebtsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const check = useNoDebtsCheck();
  const [declaration, setDeclaration] = useState<NoDebtsDeclaration | null>(null);
  const [isIssuedHere, setIsIssuedHere] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  if (check.isPending) return <LoadingBlock label={t('circulation.noDebts.loading')} />;
  if (check.isError) {
    return <ErrorBlock message={t('circulation.noDebts.loadError')} onRetry={() => void check.refetch()} />;
  }

  const request = async () => {
    const isConfirmed = await confirm({
      title: t('circulation.noDebts.confirmTitle'),
      content: (
        <Stack gap="sm">
          <Text>{t('circulation.noDebts.warning')}</Text>
          <Text fw={600}>{t('circulation.noDebts.confirmQuestion')}</Text>
        </Stack>
      ),
      confirmLabel: t('circulation.noDebts.confirmButton'),
    });
    if (!isConfirmed) return;
    setRefusal(null);
    setIsBusy(true);
    try {
      setDeclaration(await issueNoDebts());
      setIsIssuedHere(true);
    } catch (error) {
      setRefusal(refusalOf(error, t));
    } finally {
      setIsBusy(false);
      // Issued or refused, the check has changed (a loan or a debt may have appeared meanwhile).
      void queryClient.invalidateQueries(getNoDebtsCheckQueryOptions());
    }
  };

  const data = check.data;
  const issued = declaration
    ? { at: declaration.data_emissao, code: declaration.codigo_verificacao }
    : data.emitida
      ? { at: data.emitida.data_emissao, code: data.emitida.codigo_verificacao }
      : null;

  return (
    <Stack gap="lg">
      <Text>{t('circulation.noDebts.intro')}</Text>
      {issued ? (
        <Issued
          issuedAt={issued.at}
          code={issued.code}
          declaration={declaration}
          onDeclaration={setDeclaration}
          justIssued={isIssuedHere}
        />
      ) : !data.permitido ? (
        <Refused check={data} />
      ) : (
        <Stack gap="md" align="flex-start">
          <Alert
            color="yellow"
            variant="light"
            title={t('circulation.noDebts.warningTitle')}
            styles={READABLE_TITLE}
          >
            {t('circulation.noDebts.warning')}
          </Alert>
          {refusal && (
            <Notice tone="refusal" title={t('circulation.noDebts.failed')}>
              {refusal}
            </Notice>
          )}
          <Button loading={isBusy} onClick={() => void request()}>
            {t('circulation.noDebts.request')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
