import { useTranslation } from 'react-i18next';
import { Table } from '@mantine/core';
import type { MarcView } from '@estante/contract';
import { ScrollRegion } from './scroll-region';
import classes from './ui.module.css';

// MARC shows a blank indicator as '#' (Library of Congress convention).
const indicator = (value: string | undefined) =>
  value === undefined ? '' : value === ' ' || value === '' ? '#' : value;

/**
 * A fixed field (leader, 001–009) as it is: every position kept (SPEC-style positional data), each
 * run of blanks marked so it can be counted (decision 0070).
 */
function FixedValue({ value }: { value: string }) {
  return (
    <span className={classes.fixedValue}>
      {value.split(/( +)/).map((run, index) =>
        run.startsWith(' ') ? (
          <span key={index} className={classes.blank}>
            {run}
          </span>
        ) : (
          run
        ),
      )}
    </span>
  );
}

/** A MARC record as a table: tag, indicators, subfields written `$a value`. */
export function MarcTable({ record, caption }: { record: MarcView; caption: string }) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={caption}>
      <Table className={classes.marc} striped withTableBorder verticalSpacing={4}>
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.narrow}>
              {t('marc.tag')}
            </Table.Th>
            <Table.Th scope="col" className={classes.narrow}>
              <abbr title={t('marc.indicators')}>{t('marc.indicatorsShort')}</abbr>
            </Table.Th>
            <Table.Th scope="col">{t('marc.content')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('marc.leader')}</Table.Th>
            <Table.Td />
            <Table.Td className={classes.marcValue}>
              <FixedValue value={record.leader} />
            </Table.Td>
          </Table.Tr>
          {record.fields.map((field, index) => (
            <Table.Tr key={`${field.tag}-${index}`}>
              <Table.Th scope="row">{field.tag}</Table.Th>
              <Table.Td className={classes.marcValue}>
                {field.subfields ? `${indicator(field.ind1)}${indicator(field.ind2)}` : ''}
              </Table.Td>
              <Table.Td className={classes.marcValue}>
                {field.subfields
                  ? field.subfields.map((subfield, i) => (
                      <span key={i} className={classes.subfield}>
                        <span className={classes.subfieldCode}>{`$${subfield.code}`}</span> {subfield.value}
                      </span>
                    ))
                  : field.value !== undefined && <FixedValue value={field.value} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
