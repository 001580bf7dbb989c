import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CATALOGUE_SHEET_ILLUSTRATIONS,
  CATALOGUE_SHEET_LIMITS,
  CATALOGUE_SHEET_WORK_KINDS,
  type CatalogueSheet,
  type CatalogueSheetBody,
  type CatalogueSheetIllustrations,
  type CatalogueSheetWorkKind,
  type RequestStatus,
} from '@estante/contract';
import {
  EmailField,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextField,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { handleApiError } from '../../../lib/error-handler';
import { formatDate } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';
import {
  downloadCatalogueSheet,
  getCatalogueSheetsQueryOptions,
  sendCatalogueSheet,
  useCatalogueSheets,
} from '../api/catalogue-sheets';

/** The form's values: what the inputs hold (numbers as typed, keywords separated by semicolons). */
interface SheetValues {
  autor_sobrenome: string;
  autor_prenomes: string;
  titulo: string;
  subtitulo: string;
  orientador_sobrenome: string;
  orientador_prenomes: string;
  coorientador_sobrenome: string;
  coorientador_prenomes: string;
  tipo_trabalho: string;
  programa: string;
  instituicao: string;
  cidade: string;
  ano: string;
  total_folhas: string;
  pagina_bibliografia_inicial: string;
  pagina_bibliografia_final: string;
  ilustracoes: string;
  palavras_chave: string;
  email: string;
}
type Field = keyof SheetValues;

const EMPTY: SheetValues = {
  autor_sobrenome: '',
  autor_prenomes: '',
  titulo: '',
  subtitulo: '',
  orientador_sobrenome: '',
  orientador_prenomes: '',
  coorientador_sobrenome: '',
  coorientador_prenomes: '',
  tipo_trabalho: '',
  programa: '',
  instituicao: '',
  cidade: '',
  ano: '',
  total_folhas: '',
  pagina_bibliografia_inicial: '',
  pagina_bibliografia_final: '',
  ilustracoes: 'nao',
  palavras_chave: '',
  email: '',
};

const REQUIRED: readonly Field[] = [
  'autor_sobrenome',
  'autor_prenomes',
  'titulo',
  'orientador_sobrenome',
  'orientador_prenomes',
  'tipo_trabalho',
  'programa',
  'instituicao',
  'cidade',
  'ano',
  'total_folhas',
  'palavras_chave',
  'email',
];
const NUMBERS: readonly Field[] = [
  'ano',
  'total_folhas',
  'pagina_bibliografia_inicial',
  'pagina_bibliografia_final',
];

/** The labels of the fields, which also name them in the messages (SPEC §5). */
function useLabels(): Record<Field, string> {
  const { t } = useTranslation();
  return {
    autor_sobrenome: t('catalogueSheet.fields.autor_sobrenome'),
    autor_prenomes: t('catalogueSheet.fields.autor_prenomes'),
    titulo: t('catalogueSheet.fields.titulo'),
    subtitulo: t('catalogueSheet.fields.subtitulo'),
    orientador_sobrenome: t('catalogueSheet.fields.orientador_sobrenome'),
    orientador_prenomes: t('catalogueSheet.fields.orientador_prenomes'),
    coorientador_sobrenome: t('catalogueSheet.fields.coorientador_sobrenome'),
    coorientador_prenomes: t('catalogueSheet.fields.coorientador_prenomes'),
    tipo_trabalho: t('catalogueSheet.fields.tipo_trabalho'),
    programa: t('catalogueSheet.fields.programa'),
    instituicao: t('catalogueSheet.fields.instituicao'),
    cidade: t('catalogueSheet.fields.cidade'),
    ano: t('catalogueSheet.fields.ano'),
    total_folhas: t('catalogueSheet.fields.total_folhas'),
    pagina_bibliografia_inicial: t('catalogueSheet.fields.pagina_bibliografia_inicial'),
    pagina_bibliografia_final: t('catalogueSheet.fields.pagina_bibliografia_final'),
    ilustracoes: t('catalogueSheet.fields.ilustracoes'),
    palavras_chave: t('catalogueSheet.fields.palavras_chave'),
    email: t('catalogueSheet.fields.email'),
  };
}

function workKindLabels(t: TFunction): Record<CatalogueSheetWorkKind, string> {
  return {
    graduacao: t('catalogueSheet.workKind.graduacao'),
    especializacao: t('catalogueSheet.workKind.especializacao'),
    mestrado: t('catalogueSheet.workKind.mestrado'),
    doutorado: t('catalogueSheet.workKind.doutorado'),
  };
}

function illustrationLabels(t: TFunction): Record<CatalogueSheetIllustrations, string> {
  return {
    nao: t('catalogueSheet.illustrations.nao'),
    sim: t('catalogueSheet.illustrations.sim'),
    coloridas: t('catalogueSheet.illustrations.coloridas'),
  };
}

function statusLabels(t: TFunction): Record<RequestStatus, string> {
  return {
    aguardando: t('catalogueSheet.status.aguardando'),
    em_atendimento: t('catalogueSheet.status.em_atendimento'),
    atendida: t('catalogueSheet.status.atendida'),
    nao_atendida: t('catalogueSheet.status.nao_atendida'),
    cancelada: t('catalogueSheet.status.cancelada'),
  };
}

/** The body the server takes: texts trimmed, empty optional ones left out, numbers as numbers. */
function bodyOf(values: SheetValues): CatalogueSheetBody {
  const text = (value: string) => value.trim() || undefined;
  const number = (value: string) => (value.trim() ? Number(value.trim()) : undefined);
  return {
    autor_sobrenome: text(values.autor_sobrenome),
    autor_prenomes: text(values.autor_prenomes),
    titulo: text(values.titulo),
    subtitulo: text(values.subtitulo),
    orientador_sobrenome: text(values.orientador_sobrenome),
    orientador_prenomes: text(values.orientador_prenomes),
    coorientador_sobrenome: text(values.coorientador_sobrenome),
    coorientador_prenomes: text(values.coorientador_prenomes),
    tipo_trabalho: (text(values.tipo_trabalho) as CatalogueSheetWorkKind | undefined) ?? undefined,
    programa: text(values.programa),
    instituicao: text(values.instituicao),
    cidade: text(values.cidade),
    ano: number(values.ano),
    total_folhas: number(values.total_folhas),
    pagina_bibliografia_inicial: number(values.pagina_bibliografia_inicial),
    pagina_bibliografia_final: number(values.pagina_bibliografia_final),
    ilustracoes: values.ilustracoes as CatalogueSheetIllustrations,
    palavras_chave: values.palavras_chave
      .split(';')
      .map((word) => word.trim())
      .filter(Boolean),
    email: text(values.email),
  };
}

/** Downloads a sheet's PDF (the final one once issued, else the draft) with the patron's token. */
async function download(id: number, fallbackName: string) {
  try {
    const file = await downloadCatalogueSheet(id);
    saveFile(file.blob, file.filename ?? fallbackName);
  } catch (error) {
    handleApiError(error);
  }
}

/**
 * The personal area's catalogue sheet (SPEC §7 POST /solicitacoes/ficha-catalografica; decision
 * 0049): the form of the thesis's data, the draft to download as soon as it is sent, and the
 * patron's sheets with their status and the final sheet once the library issued it.
 */
export function CatalogueSheetScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Text maw={720}>{t('catalogueSheet.intro')}</Text>
      <CatalogueSheetForm />
      <CatalogueSheetList />
    </Stack>
  );
}

function CatalogueSheetForm() {
  const { t } = useTranslation();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<CatalogueSheet | null>(null);
  const form = useForm<SheetValues>({
    initial: EMPTY,
    validate: (values) =>
      firstErrors<Field>(
        Object.fromEntries(
          (Object.keys(values) as Field[]).map((field) => [
            field,
            [
              REQUIRED.includes(field) ? rules.required(values[field], labels[field], t) : undefined,
              NUMBERS.includes(field) && values[field].trim() && !/^\d{1,4}$/.test(values[field].trim())
                ? t('catalogueSheet.numberInvalid', { field: labels[field] })
                : undefined,
              field === 'email' ? rules.email(values.email, labels.email, t) : undefined,
            ],
          ]),
        ),
      ),
    onSubmit: async (values) => {
      setSent(null);
      const sheet = await sendCatalogueSheet(bodyOf(values));
      setSent(sheet);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: getCatalogueSheetsQueryOptions().queryKey });
    },
  });
  const text = (field: Field, options: { max?: number; hint?: string } = {}) => (
    <TextField
      label={labels[field]}
      required={REQUIRED.includes(field)}
      maxLength={options.max}
      description={options.hint}
      {...form.field(field)}
    />
  );
  const kinds = workKindLabels(t);
  const illustrations = illustrationLabels(t);
  const L = CATALOGUE_SHEET_LIMITS;

  return (
    <section aria-labelledby="catalogue-sheet-form-heading">
      <Title order={2} fz="h3" mb="sm" id="catalogue-sheet-form-heading">
        {t('catalogueSheet.form')}
      </Title>
      <div aria-live="polite">
        {sent && (
          <Notice tone="success">
            <Stack gap="xs" align="flex-start">
              <Text>{t('catalogueSheet.sent', { title: sent.titulo })}</Text>
              <Button
                variant="light"
                onClick={() => void download(sent.codigo, `ficha-catalografica-${sent.codigo}.pdf`)}
              >
                {t('catalogueSheet.downloadDraft')}
              </Button>
            </Stack>
          </Notice>
        )}
      </div>
      <form {...form.formProps} aria-labelledby="catalogue-sheet-form-heading">
        <Stack gap="md" maw={820}>
          <RequiredLegend />
          <Fieldset legend={t('catalogueSheet.sections.author')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('autor_sobrenome', { max: L.name })}
              {text('autor_prenomes', { max: L.name })}
              {text('titulo', { max: L.title })}
              {text('subtitulo', { max: L.title })}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('catalogueSheet.sections.advisors')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('orientador_sobrenome', { max: L.name })}
              {text('orientador_prenomes', { max: L.name })}
              {text('coorientador_sobrenome', { max: L.name })}
              {text('coorientador_prenomes', { max: L.name })}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('catalogueSheet.sections.work')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                label={labels.tipo_trabalho}
                required
                choose
                options={CATALOGUE_SHEET_WORK_KINDS.map((kind) => ({ value: kind, label: kinds[kind] }))}
                {...form.field('tipo_trabalho')}
              />
              {text('programa', { max: L.institution })}
              {text('instituicao', { max: L.institution })}
              {text('cidade', { max: L.city })}
              {text('ano', { max: 4 })}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('catalogueSheet.sections.description')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('total_folhas', { max: 4 })}
              <SelectField
                label={labels.ilustracoes}
                options={CATALOGUE_SHEET_ILLUSTRATIONS.map((kind) => ({
                  value: kind,
                  label: illustrations[kind],
                }))}
                {...form.field('ilustracoes')}
              />
              {text('pagina_bibliografia_inicial', { max: 4 })}
              {text('pagina_bibliografia_final', { max: 4 })}
            </SimpleGrid>
            <Stack gap="sm" mt="sm">
              {text('palavras_chave', { hint: t('catalogueSheet.keywordsHint') })}
              <EmailField label={labels.email} required maxLength={L.email} {...form.field('email')} />
            </Stack>
          </Fieldset>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('catalogueSheet.submit')}</SubmitButton>
        </Stack>
      </form>
    </section>
  );
}

function CatalogueSheetList() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useCatalogueSheets();
  const statuses = statusLabels(t);
  const kinds = workKindLabels(t);
  return (
    <section aria-labelledby="catalogue-sheet-list-heading">
      <Title order={2} fz="h3" mb="sm" id="catalogue-sheet-list-heading">
        {t('catalogueSheet.list')}
      </Title>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorBlock message={t('catalogueSheet.error')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text>{t('catalogueSheet.empty')}</Text>
      ) : (
        <Stack component="ul" gap="md" p={0} style={{ listStyle: 'none' }}>
          {query.data.map((sheet) => (
            <Paper component="li" key={sheet.codigo} withBorder p="md" radius="sm">
              <Stack gap="xs">
                <Title order={3} fz="h4">
                  {sheet.titulo}
                </Title>
                <Text size="sm">
                  {kinds[sheet.tipo_trabalho]}, {sheet.ano} ·{' '}
                  {t('catalogueSheet.sentOn', { date: formatDate(sheet.data_solicitacao, language) })}
                </Text>
                <Text size="sm" fw={700}>
                  {statuses[sheet.situacao]} ·{' '}
                  {sheet.final ? t('catalogueSheet.final') : t('catalogueSheet.draft')}
                </Text>
                {sheet.resposta && (
                  <Text size="sm">{t('catalogueSheet.answer', { text: sheet.resposta })}</Text>
                )}
                <details>
                  <summary>{t('catalogueSheet.preview')}</summary>
                  <Stack gap={4} mt="xs">
                    {sheet.ficha.map((line, index) => (
                      <Text key={index} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                </details>
                <Group>
                  <Button
                    variant={sheet.final ? 'filled' : 'light'}
                    onClick={() => void download(sheet.codigo, `ficha-catalografica-${sheet.codigo}.pdf`)}
                  >
                    {sheet.final ? t('catalogueSheet.downloadFinal') : t('catalogueSheet.downloadDraft')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
