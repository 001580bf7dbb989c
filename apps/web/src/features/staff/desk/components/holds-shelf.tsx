import { useTranslation } from 'react-i18next';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatDate } from '../../../../lib/i18n';
import { useHoldsShelf } from '../api/get-holds-shelf';
import { ScrollRegion } from '../../../../components/ui/scroll-region';

/** The holds shelf: copies set aside for their patrons, nearest pickup deadline first. */
export function HoldsShelf() {
  const { t, i18n } = useTranslation();
  const shelf = useHoldsShelf();
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-shelf-heading">
      <Title order={2} id="desk-shelf-heading">
        {t('staff.desk.shelf.heading')}
      </Title>
      {shelf.isPending ? (
        <LoadingBlock />
      ) : shelf.isError ? (
        <ErrorBlock message={t('staff.desk.shelf.loadError')} onRetry={() => void shelf.refetch()} />
      ) : shelf.data.data.length === 0 ? (
        <Text size="sm">{t('staff.desk.shelf.empty')}</Text>
      ) : (
        <ScrollRegion label={t('staff.desk.shelf.heading')}>
          <Table striped>
            <Table.Caption>{t('staff.desk.shelf.caption', { count: shelf.data.data.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.desk.shelf.deadline')}</Table.Th>
                <Table.Th scope="col">{t('staff.desk.shelf.title')}</Table.Th>
                <Table.Th scope="col">{t('staff.desk.shelf.copy')}</Table.Th>
                <Table.Th scope="col">{t('staff.desk.shelf.patron')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shelf.data.data.map((hold) => (
                <Table.Tr key={hold.cod_reserva}>
                  <Table.Td>
                    {formatDate(hold.prazo_retirada, i18n.language)}{' '}
                    {hold.vence_hoje && (
                      <Badge color="orange" variant="outline">
                        {t('staff.desk.shelf.dueToday')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{hold.titulo}</Table.Td>
                  <Table.Td>
                    {hold.numero_exemplar} · {hold.biblioteca.desc_biblioteca}
                  </Table.Td>
                  <Table.Td>
                    {hold.leitor.nome} ({hold.leitor.login})
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}
