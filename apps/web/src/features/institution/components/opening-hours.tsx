import { useTranslation } from 'react-i18next';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { CampusOpeningHours, LibraryOpeningHours } from '@estante/contract';
import { currentLanguage, patronLocale } from '../../../lib/i18n';
import { weekdayName } from '../utils/calendar';

function LibraryHours({ library }: { library: LibraryOpeningHours }) {
  const { t } = useTranslation();
  const locale = patronLocale(currentLanguage());
  return (
    <Stack gap="xs">
      <Title order={3}>{library.desc_biblioteca}</Title>
      <Table striped withTableBorder>
        <Table.Caption>
          {t('institution.openingHours.caption', { library: library.desc_biblioteca })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('institution.openingHours.day')}</Table.Th>
            <Table.Th scope="col">{t('institution.openingHours.hours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {library.dias.map((day) => (
            <Table.Tr key={day.dia_semana}>
              <Table.Th scope="row">{weekdayName(day.dia_semana, locale)}</Table.Th>
              <Table.Td>
                {day.intervalos.length === 0
                  ? t('institution.openingHours.closed')
                  : day.intervalos
                      .map((interval) =>
                        t('institution.openingHours.interval', {
                          opens: interval.abertura,
                          closes: interval.fechamento,
                        }),
                      )
                      .join('; ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** SPEC §7 /parametros/atendimento: opening hours per campus and library, Monday to Sunday (SPEC §9). */
export function OpeningHours({ campuses }: { campuses: CampusOpeningHours[] }) {
  const { t } = useTranslation();
  if (campuses.length === 0) return <Text>{t('institution.openingHours.empty')}</Text>;
  return (
    <Stack gap="xl">
      {campuses.map((campus) => (
        <Stack key={campus.cod_campus} gap="md" component="section">
          <Title order={2}>{campus.nome_campus}</Title>
          {campus.bibliotecas.map((library) => (
            <LibraryHours key={library.cod_biblioteca} library={library} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
