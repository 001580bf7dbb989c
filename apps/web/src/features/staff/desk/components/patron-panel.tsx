import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Stack, Text, Title } from '@mantine/core';
import type { DeskLoan, DeskPatron } from '@estante/contract';
import { Notice } from '../../../../components/ui/notice';
import { formatDate, translateKey } from '../../../../lib/i18n';
import { useCheckOut } from '../api/check-out';
import { DebtsSection } from './debts-section';
import { LoansSection } from './loans-section';
import { formatMoney } from '../utils/money';
import { ScanForm } from './scan-form';
import { SuspensionsSection } from './suspensions-section';

/**
 * The patron at the desk: whether they may borrow, the copy field for checkout (focused when the
 * patron is found, so the scanner goes on), then their loans, holds, debts and suspensions.
 */
export function PatronPanel({ patron, onLent }: { patron: DeskPatron; onLent: (loan: DeskLoan) => void }) {
  const { t, i18n } = useTranslation();
  const checkOut = useCheckOut();
  const [last, setLast] = useState<DeskLoan | null>(null);
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Stack component="section" gap="md" aria-labelledby="desk-patron-heading">
      <Stack gap={4}>
        <Title order={2} id="desk-patron-heading">
          {t('staff.desk.patron.heading', { name: patron.nome, login: patron.login })}
        </Title>
        <Text size="sm">{t('staff.desk.patron.category', { category: patron.categoria })}</Text>
        {patron.total_devido > 0 && (
          <Text size="sm">
            {t('staff.desk.patron.owes', { amount: formatMoney(patron.total_devido, t, i18n.language) })}
          </Text>
        )}
      </Stack>
      {!patron.pode_emprestar && patron.motivo && (
        <Notice tone="refusal" title={t('staff.desk.patron.cannotBorrow')}>
          {translateKey(t, patron.motivo.mensagem)}
        </Notice>
      )}
      <ScanForm
        label={t('staff.desk.checkout.copy')}
        description={t('staff.desk.copyHelp')}
        submitLabel={t('staff.desk.checkout.submit')}
        focusOnMount
        onScan={async (exemplar) => {
          setLast(null);
          const loan = await checkOut.mutateAsync({ leitor: patron.login, exemplar });
          setLast(loan);
          onLent(loan);
        }}
      />
      {last && (
        <Notice tone="success">
          {t('staff.desk.checkout.lent', {
            title: last.titulo,
            copy: last.numero_exemplar,
            name: last.leitor.nome,
            date: date(last.data_devolucao),
          })}
          {last.reserva_atendida ? ` ${t('staff.desk.checkout.holdFulfilled')}` : ''}
        </Notice>
      )}
      <LoansSection patron={patron} />
      <Stack component="section" gap="sm" aria-labelledby="desk-holds-heading">
        <Title order={3} id="desk-holds-heading">
          {t('staff.desk.holds.heading')}
        </Title>
        {patron.reservas.length === 0 ? (
          <Text size="sm">{t('staff.desk.holds.empty')}</Text>
        ) : (
          <List spacing="xs" size="sm">
            {patron.reservas.map((hold) => (
              <List.Item key={hold.cod_reserva}>
                {hold.titulo} ({hold.biblioteca.desc_biblioteca}):{' '}
                {hold.situacao === 'liberada' && hold.prazo_retirada
                  ? t('staff.desk.holds.ready', { date: date(hold.prazo_retirada) })
                  : t('staff.desk.holds.queue', { position: hold.posicao_fila ?? '—' })}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <DebtsSection patron={patron} />
      <SuspensionsSection patron={patron} />
    </Stack>
  );
}
