import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, Input, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MARC_UPLOAD_MAX_BYTES, type MarcImport, type MarcImportStatus } from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';
import {
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  useForm,
  type FieldBinding,
} from '../../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatCount, formatDate } from '../../../../lib/i18n';
import { isImportRunning, useMarcImport, useMarcImports, useUploadMarc } from '../api/marc-imports';

const STATUS_LABEL: Record<MarcImportStatus, TranslationKey> = {
  'na-fila': 'staff.catalogue.status.queued',
  importando: 'staff.catalogue.status.running',
  concluida: 'staff.catalogue.status.done',
  falhou: 'staff.catalogue.status.failed',
  interrompida: 'staff.catalogue.status.interrupted',
};

const MAX_MEGABYTES = MARC_UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * The catalogue's MARC upload (decision 0063): the cataloguer sends one ISO 2709 or MARCXML file,
 * the server imports it after answering, and the screen follows the import — records read so far,
 * then the report of inserted, updated and skipped records with why. The latest imports are listed
 * below, each with its report.
 */
export function MarcImportScreen() {
  const { t } = useTranslation();
  const upload = useUploadMarc();
  const [current, setCurrent] = useState<number | null>(null);
  // A file input cannot be emptied by a value: a new key gives a fresh one after each upload.
  const [inputKey, setInputKey] = useState(0);
  const form = useForm<{ file: File | null }>({
    initial: { file: null },
    validate: ({ file }) => {
      if (!file || file.size === 0) return { file: t('staff.catalogue.errors.fileRequired') };
      if (file.size > MARC_UPLOAD_MAX_BYTES) return { file: t('staff.catalogue.errors.tooLarge') };
      return {};
    },
    onSubmit: async ({ file }) => {
      const job = await upload.mutateAsync(file!);
      setCurrent(job.codigo);
      form.reset({ file: null });
      setInputKey((key) => key + 1);
    },
  });

  return (
    <Stack gap="lg">
      <Text>{t('staff.catalogue.intro')}</Text>
      <form {...form.formProps} aria-labelledby="marc-upload-heading">
        <Stack gap="sm" maw={560}>
          <Title order={2} id="marc-upload-heading">
            {t('staff.catalogue.uploadHeading')}
          </Title>
          <RequiredLegend />
          <MarcFileField
            key={inputKey}
            label={t('staff.catalogue.file')}
            description={t('staff.catalogue.fileHelp', { max: MAX_MEGABYTES })}
            {...form.field('file')}
          />
          <FormRefusal message={form.refusal} />
          <Group>
            <SubmitButton sending={form.sending}>{t('staff.catalogue.upload')}</SubmitButton>
          </Group>
        </Stack>
      </form>
      {current !== null && <ImportReport id={current} />}
      <RecentImports current={current} onShow={setCurrent} />
    </Stack>
  );
}

/** A file chooser with the form kit's label, asterisk, help and message (a native input: keyboard and screen readers know it). */
function MarcFileField({
  label,
  description,
  error,
  onChange,
}: FieldBinding<File | null> & { label: string; description: string }) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk
      errorProps={{ role: 'alert' }}
    >
      <input
        id={id}
        type="file"
        accept=".mrc,.marc,.iso,.dat,.xml"
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        style={{ display: 'block', marginTop: 'var(--mantine-spacing-xs)' }}
      />
    </Input.Wrapper>
  );
}

/** One import: its progress while it runs (read every second), its report when it ends. */
function ImportReport({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const job = useMarcImport(id);
  if (job.isPending) return <LoadingBlock />;
  if (job.isError)
    return <ErrorBlock message={t('staff.catalogue.loadError')} onRetry={() => void job.refetch()} />;
  const data = job.data;
  const running = isImportRunning(data);
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Card withBorder component="section" aria-labelledby="marc-report-heading">
      <Stack gap="sm">
        <Title order={2} id="marc-report-heading">
          {t('staff.catalogue.reportHeading', { file: data.arquivo })}
        </Title>
        {/* Announced when the state changes, not at every count. */}
        <Text role="status" fw={700}>
          {running
            ? t(STATUS_LABEL[data.situacao])
            : t('staff.catalogue.finished', {
                status: t(STATUS_LABEL[data.situacao]),
                inserted: count(data.inseridos),
                updated: count(data.atualizados),
                skipped: count(data.ignorados),
              })}
        </Text>
        <Text>{t('staff.catalogue.read', { count: data.lidos, formatted: count(data.lidos) })}</Text>
        {data.erro && <Text c="red.8">{t('staff.catalogue.error', { error: data.erro })}</Text>}
        {data.situacao === 'interrompida' && <Text>{t('staff.catalogue.interruptedHelp')}</Text>}
        {data.ignorados > 0 && (
          <Table striped>
            <Table.Caption>
              {data.ignorados > data.registros_ignorados.length
                ? t('staff.catalogue.skippedCaptionSome', {
                    shown: count(data.registros_ignorados.length),
                    total: count(data.ignorados),
                  })
                : t('staff.catalogue.skippedCaption')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.catalogue.position')}</Table.Th>
                <Table.Th scope="col">{t('staff.catalogue.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.registros_ignorados.map((skip) => (
                <Table.Tr key={skip.posicao}>
                  <Table.Td>{count(skip.posicao)}</Table.Td>
                  {/* The importer's own words (English), as `estante import` prints them. */}
                  <Table.Td lang="en">{skip.motivo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The latest imports, newest first, each with a button that shows its report above. */
function RecentImports({ current, onShow }: { current: number | null; onShow: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const imports = useMarcImports();
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Stack gap="sm">
      <Title order={2}>{t('staff.catalogue.recentHeading')}</Title>
      {imports.isPending ? (
        <LoadingBlock />
      ) : imports.isError ? (
        <ErrorBlock message={t('staff.catalogue.loadError')} onRetry={() => void imports.refetch()} />
      ) : imports.data.data.length === 0 ? (
        <Text>{t('staff.catalogue.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Caption>{t('staff.catalogue.recentCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.catalogue.fileColumn')}</Table.Th>
                <Table.Th scope="col">{t('staff.catalogue.sentBy')}</Table.Th>
                <Table.Th scope="col">{t('staff.catalogue.statusColumn')}</Table.Th>
                <Table.Th scope="col">{t('staff.catalogue.totals')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('staff.catalogue.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imports.data.data.map((job: MarcImport) => (
                <Table.Tr key={job.codigo}>
                  <Table.Td>{job.arquivo}</Table.Td>
                  <Table.Td>
                    {t('staff.catalogue.sentByLine', {
                      login: job.enviado_por,
                      date: formatDate(job.data_envio, i18n.language),
                    })}
                  </Table.Td>
                  <Table.Td>{t(STATUS_LABEL[job.situacao])}</Table.Td>
                  <Table.Td>
                    {t('staff.catalogue.totalsLine', {
                      read: count(job.lidos),
                      inserted: count(job.inseridos),
                      updated: count(job.atualizados),
                      skipped: count(job.ignorados),
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={job.codigo === current}
                      aria-label={t('staff.catalogue.showOf', { file: job.arquivo, id: job.codigo })}
                      onClick={() => onShow(job.codigo)}
                    >
                      {t('staff.catalogue.show')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
