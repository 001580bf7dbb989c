import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { LOAN_TOKEN_TTL_MINUTES } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useLoanToken } from '../api/get-loan-token';
import { useCreateLoanToken } from '../api/create-loan-token';
import { formatDateTime } from '../utils/date-time';
import { LoanTokenQr } from './loan-token-qr';
import { Notice } from '../../../components/ui/notice';
import classes from './loans.module.css';

// Timers longer than this overflow (setTimeout takes a signed 32-bit delay).
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The loan token (SPEC §3, GET/POST /emprestimo/token): the self-service machine or the desk lends
 * with it instead of the library card. Shows the token, until when it is valid, and its QR code; a
 * new token replaces the old one. When the validity ends the screen reads the token again, so an
 * expired token is never shown as valid.
 */
export function LoanTokenScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const token = useLoanToken();
  const create = useCreateLoanToken();
  const [isNew, setIsNew] = useState(false);
  const headingId = useId();
  const validUntil = token.data?.valido ? token.data.validade : null;
  const { refetch } = token;

  useEffect(() => {
    if (!validUntil) return;
    const delay = Math.min(Math.max(Date.parse(validUntil) - Date.now(), 0) + 1000, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      setIsNew(false);
      void refetch();
    }, delay);
    return () => clearTimeout(timer);
  }, [validUntil, refetch]);

  if (token.isPending) return <LoadingBlock label={t('circulation.token.loading')} />;
  if (token.isError) {
    return <ErrorBlock message={t('circulation.token.loadError')} onRetry={() => void refetch()} />;
  }
  const current = token.data.valido && token.data.token ? token.data : null;

  const makeNew = () => {
    setIsNew(false);
    create.mutate(undefined, { onSuccess: () => setIsNew(true) });
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h3" id={headingId}>
          {t('circulation.token.heading')}
        </Title>
        <Text>{t('circulation.token.description', { minutes: LOAN_TOKEN_TTL_MINUTES })}</Text>
        {isNew && <Notice tone="success">{t('circulation.token.created')}</Notice>}
        {current?.token ? (
          <>
            <Text className={classes.token} data-testid="loan-token">
              {current.token}
            </Text>
            {current.validade && (
              <Text>
                {t('circulation.token.validUntil', { when: formatDateTime(current.validade, language) })}
              </Text>
            )}
            <LoanTokenQr token={current.token} alt={t('circulation.token.qrAlt', { token: current.token })} />
          </>
        ) : (
          <Text>{t('circulation.token.none')}</Text>
        )}
        <Group>
          <Button onClick={makeNew} loading={create.isPending}>
            {current ? t('circulation.token.renew') : t('circulation.token.create')}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
