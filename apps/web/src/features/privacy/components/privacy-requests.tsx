import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Stack, Table, Title } from '@mantine/core';
import type { PrivacyRequest } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { blockerText } from './account-request-form';

const STATE_KEYS = {
  aberto: 'privacy.requests.aberto',
  concluido: 'privacy.requests.concluido',
  recusado: 'privacy.requests.recusado',
} as const;
const KIND_KEYS = {
  exclusao: 'privacy.request.exclusao',
  anonimizacao: 'privacy.request.anonimizacao',
} as const;

/** The patron's requests to delete or anonymise the account, latest first, with the library's answer. */
export function PrivacyRequests({ requests }: { requests: readonly PrivacyRequest[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  if (requests.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('privacy.requests.heading')}
      </Title>
      <ScrollRegion label={t('privacy.requests.heading')}>
        <Table striped withTableBorder miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('privacy.requests.date')}</Table.Th>
              <Table.Th scope="col">{t('privacy.requests.kind')}</Table.Th>
              <Table.Th scope="col">{t('privacy.requests.state')}</Table.Th>
              <Table.Th scope="col">{t('privacy.requests.answer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((request) => (
              <Table.Tr key={request.codigo}>
                <Table.Td>{formatDate(request.data_pedido.slice(0, 10), language)}</Table.Td>
                <Table.Td>{t(KIND_KEYS[request.tipo])}</Table.Td>
                <Table.Td>{t(STATE_KEYS[request.situacao])}</Table.Td>
                <Table.Td>
                  {request.impedimentos.length > 0 ? (
                    <List size="sm">
                      {request.impedimentos.map((blocker, index) => (
                        <List.Item key={index}>{blockerText(blocker, t, language)}</List.Item>
                      ))}
                    </List>
                  ) : (
                    (request.resposta ?? '—')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}
