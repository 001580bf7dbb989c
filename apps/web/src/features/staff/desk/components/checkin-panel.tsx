import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import type { DeskReturn } from '@estante/contract';
import { Notice } from '../../../../components/ui/notice';
import { formatDate } from '../../../../lib/i18n';
import { useCheckIn } from '../api/check-in';
import { formatMoney } from '../utils/money';
import { ScanForm } from './scan-form';

/**
 * Check-in: the copy's number and Enter. The answer says what the desk does with the copy — above
 * all when it goes to the holds shelf, and for whom (decision 0058).
 */
export function CheckinPanel({ onReturned }: { onReturned: (returned: DeskReturn) => void }) {
  const { t, i18n } = useTranslation();
  const checkIn = useCheckIn();
  const [last, setLast] = useState<DeskReturn | null>(null);
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-checkin-heading">
      <Title order={2} id="desk-checkin-heading">
        {t('staff.desk.checkin.heading')}
      </Title>
      <ScanForm
        label={t('staff.desk.checkin.copy')}
        description={t('staff.desk.copyHelp')}
        submitLabel={t('staff.desk.checkin.submit')}
        onScan={async (exemplar) => {
          setLast(null);
          const returned = await checkIn.mutateAsync({ exemplar });
          setLast(returned);
          onReturned(returned);
        }}
      />
      {last && (
        <Notice
          tone={last.destino === 'reservado' ? 'info' : 'success'}
          title={
            last.destino === 'reservado'
              ? t('staff.desk.checkin.toHoldsShelfTitle')
              : t('staff.desk.checkin.doneTitle')
          }
        >
          <Text size="sm">
            {t('staff.desk.checkin.returned', {
              title: last.titulo,
              copy: last.numero_exemplar,
              name: last.leitor.nome,
              login: last.leitor.login,
            })}
          </Text>
          {last.dias_atraso > 0 && (
            <Text size="sm">
              {t('staff.desk.checkin.late', {
                count: last.dias_atraso,
                fine: formatMoney(last.multa, t, i18n.language),
              })}
            </Text>
          )}
          {last.afastamento && (
            <Text size="sm">
              {t('staff.desk.checkin.suspended', {
                from: date(last.afastamento.data_inicio),
                to: date(last.afastamento.data_fim),
              })}
            </Text>
          )}
          <Text size="sm" fw={700}>
            {last.destino === 'reservado' && last.reserva
              ? t('staff.desk.checkin.toHoldsShelf', {
                  name: last.reserva.leitor.nome,
                  login: last.reserva.leitor.login,
                  date: last.reserva.prazo_retirada ? date(last.reserva.prazo_retirada) : '—',
                })
              : last.destino === 'quarentena'
                ? t('staff.desk.checkin.toQuarantine')
                : t('staff.desk.checkin.toShelf')}
          </Text>
        </Notice>
      )}
    </Stack>
  );
}
