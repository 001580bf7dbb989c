import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { StaffPatronImport } from '@estante/contract';
import { FormRefusal, SubmitButton, useForm } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ScrollRegion } from '../../../../components/ui/scroll-region';
import { useImportPatrons } from '../api/import-patrons';

/**
 * Import patrons from CSV (decision 0062; administrator): the file the command `estante user
 * import` reads, sent as text; the report says how many were added and shows each refused line.
 */
export function PatronImport() {
  const { t } = useTranslation();
  const send = useImportPatrons();
  const [report, setReport] = useState<StaffPatronImport | null>(null);
  const form = useForm<{ file: File | null }>({
    initial: { file: null },
    validate: ({ file }) =>
      file ? {} : { file: t('form.required', { field: t('staff.patrons.importFile') }) },
    onSubmit: async ({ file }) => {
      setReport(null);
      setReport(await send.mutateAsync(await file!.text()));
    },
  });
  const error = form.errors.file;
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-patrons-import-heading">
      <Title order={2} id="staff-patrons-import-heading">
        {t('staff.patrons.importHeading')}
      </Title>
      <Text size="sm">{t('staff.patrons.importHelp')}</Text>
      <form {...form.formProps} aria-labelledby="staff-patrons-import-heading">
        <Stack gap="sm" maw={560}>
          <div>
            <label htmlFor="staff-patrons-import-file">
              <Text component="span" size="sm" fw={500}>
                {t('staff.patrons.importFile')}
              </Text>
            </label>
            <input
              id="staff-patrons-import-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'staff-patrons-import-file-error' : undefined}
              style={{ display: 'block', marginTop: 4 }}
              onChange={(event) => form.setValue('file', event.currentTarget.files?.[0] ?? null)}
            />
            {error && (
              <Text id="staff-patrons-import-file-error" role="alert" size="sm" c="red.8">
                {error}
              </Text>
            )}
          </div>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('staff.patrons.import')}</SubmitButton>
        </Stack>
      </form>
      {report && (
        <Notice tone={report.recusadas.length > 0 ? 'info' : 'success'}>
          {t('staff.patrons.importReport', {
            read: report.lidas,
            added: report.incluidas,
            withoutPassword: report.sem_senha,
            refused: report.recusadas.length,
          })}
        </Notice>
      )}
      {report && report.recusadas.length > 0 && (
        <ScrollRegion label={t('staff.patrons.refusedLines')}>
          <Table striped>
            <Table.Caption>{t('staff.patrons.refusedLines')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.patrons.line')}</Table.Th>
                <Table.Th scope="col">{t('staff.patrons.lineReason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.recusadas.map((line) => (
                <Table.Tr key={line.linha}>
                  <Table.Td>{line.linha}</Table.Td>
                  <Table.Td>{line.motivo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}
