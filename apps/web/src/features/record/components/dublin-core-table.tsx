import { useTranslation } from 'react-i18next';
import { Table, Text } from '@mantine/core';
import type { DublinCore } from '@estante/contract';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import classes from './record.module.css';

/** The Dublin Core tab (115): element / value table. */
export function DublinCoreTable({ elements }: { elements: DublinCore }) {
  const { t } = useTranslation();
  if (elements.length === 0) return <Text>{t('record.dublinCore.empty')}</Text>;
  return (
    <ScrollRegion label={t('record.dublinCore.caption')}>
      <Table striped withTableBorder>
        <caption className={classes.caption}>{t('record.dublinCore.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('record.dublinCore.element')}</Table.Th>
            <Table.Th scope="col">{t('record.dublinCore.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {elements.map((element, index) => (
            <Table.Tr key={`${element.element}-${index}`}>
              <Table.Th scope="row" className={classes.dcElement}>{`dc:${element.element}`}</Table.Th>
              <Table.Td className={classes.wrap}>{element.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
