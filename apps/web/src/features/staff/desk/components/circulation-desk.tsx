import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { getDeskPatron, useDeskPatron } from '../api/get-desk-patron';
import { CheckinPanel } from './checkin-panel';
import { HoldsShelf } from './holds-shelf';
import { PatronPanel } from './patron-panel';
import { Receipt, type ReceiptLine } from './receipt';
import { ScanForm } from './scan-form';

/**
 * The circulation desk (/equipe/balcao; decision 0058), keyboard first: a scanner types a number
 * and Enter. Check-in needs no patron; the patron is found by login or card number, and the copy
 * field for checkout takes the focus. What was lent and returned goes on a receipt to print.
 */
export function CirculationDesk() {
  const { t } = useTranslation();
  const [login, setLogin] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<ReceiptLine[]>([]);
  const patron = useDeskPatron(login);
  const add = (line: ReceiptLine) => setReceipt((lines) => [...lines, line]);

  return (
    <Stack gap="lg">
      <Text>{t('staff.desk.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CheckinPanel onReturned={(loan) => add({ kind: 'returned', loan })} />
        <Stack component="section" gap="sm" aria-labelledby="desk-find-heading">
          <Title order={2} id="desk-find-heading">
            {t('staff.desk.patron.find')}
          </Title>
          <ScanForm
            label={t('staff.desk.patron.key')}
            description={t('staff.desk.patron.keyHelp')}
            submitLabel={t('staff.desk.patron.submit')}
            focusOnMount
            onScan={async (key) => {
              const found = await getDeskPatron(key);
              setLogin(found.login);
            }}
          />
        </Stack>
      </SimpleGrid>
      {login !== null &&
        (patron.isPending ? (
          <LoadingBlock />
        ) : patron.isError ? (
          <ErrorBlock message={t('staff.desk.patron.loadError')} onRetry={() => void patron.refetch()} />
        ) : (
          <PatronPanel
            key={patron.data.login}
            patron={patron.data}
            onLent={(loan) => add({ kind: 'lent', loan })}
          />
        ))}
      <Receipt lines={receipt} onClear={() => setReceipt([])} />
      <HoldsShelf />
    </Stack>
  );
}
