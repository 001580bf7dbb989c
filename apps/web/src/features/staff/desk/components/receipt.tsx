import { useTranslation } from 'react-i18next';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { DeskLoan, DeskReturn } from '@estante/contract';
import { formatDate } from '../../../../lib/i18n';
import classes from './desk.module.css';

/** One line of the receipt: a copy lent (with its due date) or returned. */
export type ReceiptLine = { kind: 'lent'; loan: DeskLoan } | { kind: 'returned'; loan: DeskReturn };

/**
 * What was lent and returned at the desk in this visit, with the due dates; printing the page prints
 * only this (desk.module.css).
 */
export function Receipt({ lines, onClear }: { lines: readonly ReceiptLine[]; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-receipt-heading" className={classes.receipt}>
      <Title order={2} id="desk-receipt-heading">
        {t('staff.desk.receipt.heading')}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm">{t('staff.desk.receipt.empty')}</Text>
      ) : (
        <List spacing="xs" aria-label={t('staff.desk.receipt.heading')}>
          {lines.map((line) => (
            <List.Item key={`${line.kind}-${line.loan.cod_emprestimo}`}>
              <Text span fw={700}>
                {line.kind === 'lent' ? t('staff.desk.receipt.lent') : t('staff.desk.receipt.returned')}
              </Text>
              {': '}
              {t('staff.desk.receipt.item', {
                title: line.loan.titulo,
                copy: line.loan.numero_exemplar,
                library: line.loan.biblioteca.desc_biblioteca,
                name: line.loan.leitor.nome,
              })}{' '}
              {line.kind === 'lent'
                ? t('staff.desk.receipt.due', { date: date(line.loan.data_devolucao) })
                : t('staff.desk.receipt.returnedOn', { date: date(line.loan.devolvido_em) })}
            </List.Item>
          ))}
        </List>
      )}
      <Group gap="sm" className={classes.noPrint}>
        <Button variant="outline" onClick={() => window.print()} disabled={lines.length === 0}>
          {t('staff.desk.receipt.print')}
        </Button>
        <Button variant="subtle" onClick={onClear} disabled={lines.length === 0}>
          {t('staff.desk.receipt.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
