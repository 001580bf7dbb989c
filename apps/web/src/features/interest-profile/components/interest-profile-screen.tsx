import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import type {
  InterestAuxiliary,
  InterestPeriodical,
  InterestPeriodicalHits,
  InterestTopicHits,
} from '@estante/contract';
import { paths } from '../../../config/paths';
import {
  CheckboxField,
  DateField,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextField,
  firstErrors,
  refusalOf,
  rules,
  useForm,
  type FieldBinding,
} from '../../../components/form';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import {
  searchPeriodicals,
  searchTopics,
  useAddPeriodicals,
  useAddTopics,
  useAddWorkTypes,
  useInterestAuxiliary,
  useInterestPeriodicals,
  useInterestTitles,
  useInterestTopics,
  useInterestWorkTypes,
  useRemovePeriodical,
  useRemoveTopic,
  useRemoveWorkType,
  useTopicsValidity,
  useUpdatePeriodical,
} from '../api/interest-profile';
import { validityErrors } from './validity';

const SEARCH_MIN = 2;

/** The name of each kind of item and of each reason a title matched. */
const KIND_KEYS = {
  area: 'interestProfile.kind.area',
  autor: 'interestProfile.kind.author',
  assunto: 'interestProfile.kind.subject',
  periodico: 'interestProfile.kind.periodical',
  tipo_obra: 'interestProfile.kind.workType',
} as const;

/** One section of the profile, with its h2. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An item of the profile: what it is, its validity (or expired) and what can be done with it. */
function ItemCard({
  label,
  detail,
  validity,
  expired,
  actions,
}: {
  label: string;
  detail?: ReactNode;
  validity: string;
  expired: boolean;
  actions: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{label}</Text>
          {detail}
          <Group gap="xs">
            <Text size="sm">
              {t('interestProfile.validUntil', { date: formatDate(validity, i18n.language) })}
            </Text>
            {expired && (
              <Badge color="gray" variant="outline">
                {t('interestProfile.expired')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}

const listStyle = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 'var(--mantine-spacing-xs)',
};

/** A removal asked for after a confirmation. */
function RemoveButton({ name, onRemove, busy }: { name: string; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const ask = async () => {
    const confirmed = await confirm({
      title: t('interestProfile.remove.title'),
      content: t('interestProfile.remove.question', { name }),
      confirmLabel: t('interestProfile.remove.confirm'),
    });
    if (confirmed) onRemove();
  };
  return (
    <Button size="xs" variant="outline" color="red" loading={busy} onClick={() => void ask()}>
      {t('interestProfile.remove.button')} <VisuallyHidden component="span">{name}</VisuallyHidden>
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------
// Areas, authors and subjects

function TopicsSection({
  auxiliary,
  areasHref,
}: {
  auxiliary: InterestAuxiliary;
  areasHref?: string | undefined;
}) {
  const { t } = useTranslation();
  const topics = useInterestTopics();
  const remove = useRemoveTopic();
  return (
    <Section title={t('interestProfile.topics.heading')}>
      {topics.isPending ? (
        <LoadingBlock />
      ) : topics.isError ? (
        <ErrorBlock message={t('interestProfile.loadError')} onRetry={() => void topics.refetch()} />
      ) : topics.data.itens.length === 0 ? (
        <Text>{t('interestProfile.topics.empty')}</Text>
      ) : (
        <ul style={listStyle} aria-label={t('interestProfile.topics.heading')}>
          {topics.data.itens.map((item) => (
            <ItemCard
              key={item.codigo}
              label={item.descricao}
              detail={<Text size="sm">{t(KIND_KEYS[item.tipoDSI])}</Text>}
              validity={item.validade}
              expired={item.vencido}
              actions={
                <RemoveButton
                  name={item.descricao}
                  busy={remove.isPending && remove.variables.codigo === item.codigo}
                  onRemove={() =>
                    remove.mutate({
                      codigo: item.codigo,
                      tipoDSI: item.tipoDSI,
                      codTipoArea: item.codTipoArea,
                    })
                  }
                />
              }
            />
          ))}
        </ul>
      )}
      {areasHref && (
        <Anchor component={Link} to={areasHref}>
          {t('interestProfile.topics.chooseAreas')}
        </Anchor>
      )}
      <TopicSearchForm auxiliary={auxiliary} />
      {topics.data && topics.data.itens.length > 0 && <TopicsValidityForm auxiliary={auxiliary} />}
    </Section>
  );
}

/** Finds an author or a subject among the authorities, then adds the ones chosen with the validity. */
function TopicSearchForm({ auxiliary }: { auxiliary: InterestAuxiliary }) {
  const { t } = useTranslation();
  const add = useAddTopics();
  const [hits, setHits] = useState<{
    kind: 'autor' | 'assunto';
    validity: string;
    found: InterestTopicHits;
  } | null>(null);
  const [addRefusal, setAddRefusal] = useState<string | null>(null);
  const termLabel = t('interestProfile.search.term');
  const validityLabel = t('interestProfile.validity');
  const form = useForm({
    initial: { kind: 'assunto' as 'autor' | 'assunto', term: '', validity: auxiliary.validade_padrao },
    validate: (values) =>
      firstErrors({
        term: [
          rules.required(values.term, termLabel, t),
          values.term.trim().length < SEARCH_MIN
            ? t('interestProfile.form.termShort', { field: termLabel, min: SEARCH_MIN })
            : undefined,
        ],
        validity: [validityErrors(values.validity, validityLabel, auxiliary.hoje, t)],
      }),
    onSubmit: async (values) => {
      setAddRefusal(null);
      setHits({
        kind: values.kind,
        validity: values.validity,
        found: await searchTopics(values.kind, values.term.trim()),
      });
    },
  });
  const addOne = async (codigo: number) => {
    if (!hits) return;
    setAddRefusal(null);
    try {
      await add.mutateAsync({ tipoDSI: hits.kind, validade: hits.validity, itens: [codigo] });
    } catch (error) {
      setAddRefusal(refusalOf(error, t));
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3}>{t('interestProfile.search.heading')}</Title>
      <form {...form.formProps} aria-label={t('interestProfile.search.heading')}>
        <Stack gap="sm">
          <RequiredLegend />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <SelectField
              label={t('interestProfile.search.kind')}
              required
              options={[
                { value: 'assunto', label: t('interestProfile.kind.subject') },
                { value: 'autor', label: t('interestProfile.kind.author') },
              ]}
              {...form.field('kind')}
              onChange={(value) => form.setValue('kind', value === 'autor' ? 'autor' : 'assunto')}
            />
            <TextField label={termLabel} required maxLength={200} {...form.field('term')} />
            <DateField label={validityLabel} required min={auxiliary.hoje} {...form.field('validity')} />
          </Group>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('interestProfile.search.submit')}</SubmitButton>
        </Stack>
      </form>
      {hits && (
        <Stack gap="xs">
          <Text size="sm" role="status" aria-live="polite">
            {t('interestProfile.search.found', { count: hits.found.resultados.length })}
          </Text>
          <FormRefusal message={addRefusal} />
          <ul style={listStyle} aria-label={t('interestProfile.search.results')}>
            {hits.found.resultados.map((hit) => (
              <Paper component="li" withBorder p="xs" key={hit.codigo}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text>
                    {hit.descricao}{' '}
                    <Text span size="sm">
                      ({t('interestProfile.search.titles', { count: hit.quantidade_titulos })})
                    </Text>
                  </Text>
                  <Button
                    size="xs"
                    loading={add.isPending && add.variables.itens[0] === hit.codigo}
                    onClick={() => void addOne(hit.codigo)}
                  >
                    {t('interestProfile.search.add')}{' '}
                    <VisuallyHidden component="span">{hit.descricao}</VisuallyHidden>
                  </Button>
                </Group>
              </Paper>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}

/** Renews the validity of every area, author and subject at once (PUT area-autor-assunto/validade). */
function TopicsValidityForm({ auxiliary }: { auxiliary: InterestAuxiliary }) {
  const { t } = useTranslation();
  const renew = useTopicsValidity();
  const label = t('interestProfile.renew.validity');
  const form = useForm({
    initial: { validity: auxiliary.validade_padrao },
    validate: (values) =>
      firstErrors({ validity: [validityErrors(values.validity, label, auxiliary.hoje, t)] }),
    onSubmit: async (values) => {
      await renew.mutateAsync({ validade: values.validity });
    },
  });
  return (
    <form {...form.formProps} aria-label={t('interestProfile.renew.heading')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField label={label} required min={auxiliary.hoje} {...form.field('validity')} />
        <SubmitButton sending={form.sending}>{t('interestProfile.renew.submit')}</SubmitButton>
      </Group>
      <FormRefusal message={form.refusal} />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Periodicals

interface JournalFlags {
  fasciculo: boolean;
  artigo: boolean;
  sumario: boolean;
}

/** SPEC §5 "at least one journal type to save": the message sits on the first flag. */
function journalTypeError(flags: JournalFlags, t: TFunction): string | undefined {
  return flags.fasciculo || flags.artigo || flags.sumario
    ? undefined
    : t('interestProfile.errors.journalType');
}

/** The periodical's three kinds of notice, bound to a form that holds them. */
function FlagFields({ field }: { field: (name: keyof JournalFlags) => FieldBinding<boolean> }) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text size="sm" fw={500}>
          {t('interestProfile.periodicals.flags')}
        </Text>
      </legend>
      <Group gap="md" mt={4}>
        <CheckboxField label={t('interestProfile.periodicals.issue')} {...field('fasciculo')} />
        <CheckboxField label={t('interestProfile.periodicals.article')} {...field('artigo')} />
        <CheckboxField label={t('interestProfile.periodicals.contents')} {...field('sumario')} />
      </Group>
    </fieldset>
  );
}

function PeriodicalsSection({ auxiliary }: { auxiliary: InterestAuxiliary }) {
  const { t } = useTranslation();
  const periodicals = useInterestPeriodicals();
  const remove = useRemovePeriodical();
  const [editing, setEditing] = useState<number | null>(null);
  const flagsText = (item: InterestPeriodical) =>
    [
      item.fasciculo && t('interestProfile.periodicals.issue'),
      item.artigo && t('interestProfile.periodicals.article'),
      item.sumario && t('interestProfile.periodicals.contents'),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <Section title={t('interestProfile.periodicals.heading')}>
      {periodicals.isPending ? (
        <LoadingBlock />
      ) : periodicals.isError ? (
        <ErrorBlock message={t('interestProfile.loadError')} onRetry={() => void periodicals.refetch()} />
      ) : periodicals.data.itens.length === 0 ? (
        <Text>{t('interestProfile.periodicals.empty')}</Text>
      ) : (
        <ul style={listStyle} aria-label={t('interestProfile.periodicals.heading')}>
          {periodicals.data.itens.map((item) => (
            <ItemCard
              key={item.codigo}
              label={item.titulo}
              detail={
                <>
                  <Text size="sm">{t('interestProfile.periodicals.tells', { what: flagsText(item) })}</Text>
                  <Text size="sm">
                    {item.bibliotecas.length === 0
                      ? t('interestProfile.anyLibrary')
                      : item.bibliotecas.map((l) => l.descricao).join(', ')}
                  </Text>
                  {editing === item.codigo && (
                    <PeriodicalEditForm auxiliary={auxiliary} item={item} onDone={() => setEditing(null)} />
                  )}
                </>
              }
              validity={item.validade}
              expired={item.vencido}
              actions={
                <>
                  {editing !== item.codigo && (
                    <Button size="xs" variant="outline" onClick={() => setEditing(item.codigo)}>
                      {t('interestProfile.edit')}{' '}
                      <VisuallyHidden component="span">{item.titulo}</VisuallyHidden>
                    </Button>
                  )}
                  <RemoveButton
                    name={item.titulo}
                    busy={remove.isPending && remove.variables === item.codigo}
                    onRemove={() => remove.mutate(item.codigo)}
                  />
                </>
              }
            />
          ))}
        </ul>
      )}
      <PeriodicalSearchForm auxiliary={auxiliary} />
    </Section>
  );
}

function PeriodicalEditForm({
  auxiliary,
  item,
  onDone,
}: {
  auxiliary: InterestAuxiliary;
  item: InterestPeriodical;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePeriodical();
  const label = t('interestProfile.validity');
  const form = useForm({
    initial: {
      fasciculo: item.fasciculo,
      artigo: item.artigo,
      sumario: item.sumario,
      validity: item.validade,
    },
    validate: (values) =>
      firstErrors({
        fasciculo: [journalTypeError(values, t)],
        validity: [validityErrors(values.validity, label, auxiliary.hoje, t)],
      }),
    onSubmit: async (values) => {
      await update.mutateAsync({
        codigo: item.codigo,
        validade: values.validity,
        fasciculo: values.fasciculo,
        artigo: values.artigo,
        sumario: values.sumario,
        bibliotecas: item.bibliotecas.map((l) => l.codigo),
      });
      onDone();
    },
  });
  return (
    <form
      {...form.formProps}
      aria-label={t('interestProfile.periodicals.editHeading', { title: item.titulo })}
    >
      <Stack gap="xs" mt="xs">
        <FlagFields field={form.field} />
        <DateField label={label} required min={auxiliary.hoje} {...form.field('validity')} />
        <FormRefusal message={form.refusal} />
        <Group gap="xs">
          <SubmitButton sending={form.sending}>{t('interestProfile.save')}</SubmitButton>
          <Button variant="subtle" onClick={onDone}>
            {t('interestProfile.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PeriodicalSearchForm({ auxiliary }: { auxiliary: InterestAuxiliary }) {
  const { t } = useTranslation();
  const add = useAddPeriodicals();
  const [hits, setHits] = useState<{
    values: JournalFlags & { validity: string };
    found: InterestPeriodicalHits;
  } | null>(null);
  const [addRefusal, setAddRefusal] = useState<string | null>(null);
  const termLabel = t('interestProfile.periodicals.term');
  const validityLabel = t('interestProfile.validity');
  const form = useForm({
    initial: {
      term: '',
      fasciculo: true,
      artigo: false,
      sumario: false,
      validity: auxiliary.validade_padrao,
    },
    validate: (values) =>
      firstErrors({
        term: [
          rules.required(values.term, termLabel, t),
          values.term.trim().length < SEARCH_MIN
            ? t('interestProfile.form.termShort', { field: termLabel, min: SEARCH_MIN })
            : undefined,
        ],
        fasciculo: [journalTypeError(values, t)],
        validity: [validityErrors(values.validity, validityLabel, auxiliary.hoje, t)],
      }),
    onSubmit: async (values) => {
      setAddRefusal(null);
      setHits({ values, found: await searchPeriodicals(values.term.trim()) });
    },
  });
  const addOne = async (titleId: number) => {
    if (!hits) return;
    setAddRefusal(null);
    const { fasciculo, artigo, sumario, validity } = hits.values;
    try {
      await add.mutateAsync({
        validade: validity,
        itens: [{ cod_acervo: titleId, fasciculo, artigo, sumario }],
      });
    } catch (error) {
      setAddRefusal(refusalOf(error, t));
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3}>{t('interestProfile.periodicals.searchHeading')}</Title>
      <form {...form.formProps} aria-label={t('interestProfile.periodicals.searchHeading')}>
        <Stack gap="sm">
          <RequiredLegend />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextField label={termLabel} required maxLength={200} {...form.field('term')} />
            <DateField label={validityLabel} required min={auxiliary.hoje} {...form.field('validity')} />
          </Group>
          <FlagFields field={form.field} />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('interestProfile.search.submit')}</SubmitButton>
        </Stack>
      </form>
      {hits && (
        <Stack gap="xs">
          <Text size="sm" role="status" aria-live="polite">
            {t('interestProfile.search.found', { count: hits.found.resultados.length })}
          </Text>
          <FormRefusal message={addRefusal} />
          <ul style={listStyle} aria-label={t('interestProfile.search.results')}>
            {hits.found.resultados.map((hit) => (
              <Paper component="li" withBorder p="xs" key={hit.cod_acervo}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text>
                    {hit.titulo}
                    {hit.issn ? ` — ISSN ${hit.issn}` : ''}
                  </Text>
                  <Button
                    size="xs"
                    loading={add.isPending && add.variables.itens[0]?.cod_acervo === hit.cod_acervo}
                    onClick={() => void addOne(hit.cod_acervo)}
                  >
                    {t('interestProfile.search.add')}{' '}
                    <VisuallyHidden component="span">{hit.titulo}</VisuallyHidden>
                  </Button>
                </Group>
              </Paper>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Work types

function WorkTypesSection({ auxiliary }: { auxiliary: InterestAuxiliary }) {
  const { t } = useTranslation();
  const workTypes = useInterestWorkTypes();
  const remove = useRemoveWorkType();
  const add = useAddWorkTypes();
  const typeLabel = t('interestProfile.workTypes.type');
  const validityLabel = t('interestProfile.validity');
  const form = useForm({
    initial: { type: '', library: '', language: '', validity: auxiliary.validade_padrao },
    validate: (values) =>
      firstErrors({
        type: [rules.required(values.type, typeLabel, t)],
        validity: [validityErrors(values.validity, validityLabel, auxiliary.hoje, t)],
      }),
    onSubmit: async (values) => {
      await add.mutateAsync({
        validade: values.validity,
        itens: [
          {
            cod_tipo_obra: values.type,
            bibliotecas: values.library ? [Number(values.library)] : [],
            idiomas: values.language ? [values.language] : [],
          },
        ],
      });
      form.reset({ ...form.values, type: '' });
    },
  });
  return (
    <Section title={t('interestProfile.workTypes.heading')}>
      {workTypes.isPending ? (
        <LoadingBlock />
      ) : workTypes.isError ? (
        <ErrorBlock message={t('interestProfile.loadError')} onRetry={() => void workTypes.refetch()} />
      ) : workTypes.data.itens.length === 0 ? (
        <Text>{t('interestProfile.workTypes.empty')}</Text>
      ) : (
        <ul style={listStyle} aria-label={t('interestProfile.workTypes.heading')}>
          {workTypes.data.itens.map((item) => (
            <ItemCard
              key={item.codigo}
              label={item.descricao}
              detail={
                <Text size="sm">
                  {[
                    item.bibliotecas.length === 0
                      ? t('interestProfile.anyLibrary')
                      : item.bibliotecas.map((l) => l.descricao).join(', '),
                    item.idiomas.length === 0
                      ? t('interestProfile.anyLanguage')
                      : item.idiomas.map((l) => l.descricao).join(', '),
                  ].join(' · ')}
                </Text>
              }
              validity={item.validade}
              expired={item.vencido}
              actions={
                <RemoveButton
                  name={item.descricao}
                  busy={remove.isPending && remove.variables === item.codigo}
                  onRemove={() => remove.mutate(item.codigo)}
                />
              }
            />
          ))}
        </ul>
      )}
      <form {...form.formProps} aria-label={t('interestProfile.workTypes.addHeading')}>
        <Stack gap="sm">
          <Title order={3}>{t('interestProfile.workTypes.addHeading')}</Title>
          <RequiredLegend />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <SelectField
              label={typeLabel}
              required
              choose
              options={auxiliary.tipos_obra.map((type) => ({ value: type.codigo, label: type.descricao }))}
              {...form.field('type')}
            />
            <SelectField
              label={t('interestProfile.workTypes.library')}
              options={[
                { value: '', label: t('interestProfile.anyLibrary') },
                ...auxiliary.bibliotecas.map((l) => ({ value: String(l.codigo), label: l.descricao })),
              ]}
              {...form.field('library')}
            />
            <SelectField
              label={t('interestProfile.workTypes.language')}
              options={[
                { value: '', label: t('interestProfile.anyLanguage') },
                ...auxiliary.idiomas.map((l) => ({ value: l.codigo, label: l.descricao })),
              ]}
              {...form.field('language')}
            />
            <DateField label={validityLabel} required min={auxiliary.hoje} {...form.field('validity')} />
          </Group>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('interestProfile.workTypes.submit')}</SubmitButton>
        </Stack>
      </form>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// Matching titles

function TitlesSection() {
  const { t } = useTranslation();
  const titles = useInterestTitles();
  return (
    <Section title={t('interestProfile.titles.heading')}>
      <Text size="sm">{t('interestProfile.titles.hint')}</Text>
      {titles.isPending ? (
        <LoadingBlock />
      ) : titles.isError ? (
        <ErrorBlock message={t('interestProfile.loadError')} onRetry={() => void titles.refetch()} />
      ) : titles.data.titulos.length === 0 ? (
        <Text>{t('interestProfile.titles.empty')}</Text>
      ) : (
        <ul style={listStyle} aria-label={t('interestProfile.titles.heading')}>
          {titles.data.titulos.map((title) => (
            <Paper component="li" withBorder p="xs" key={title.cod_acervo}>
              <Anchor component={Link} to={paths.title.getHref(title.cod_acervo)} fw={600}>
                {title.titulo}
              </Anchor>
              <Text size="sm">
                {[title.autor, title.ano_publicacao, title.desc_tipo_obra].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">
                {t('interestProfile.titles.because', {
                  reasons: title.motivos.map((m) => `${m.descricao} (${t(KIND_KEYS[m.tipo])})`).join('; '),
                })}
              </Text>
            </Paper>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * Personal area "interest profile" (SPEC §2, §7 api/perfil-interesse; decision 0052): the whole
 * profile by kind — knowledge areas, authors and subjects (found among the authorities),
 * periodicals with what to be told of, work types — each with its validity, and the titles of the
 * catalogue that match it. New ones are told as alerts and in one e-mail. The knowledge areas are
 * chosen on the "areas of interest" screen (`areasHref`, when the patron may open it).
 */
export function InterestProfileScreen({ areasHref }: { areasHref?: string | undefined }) {
  const { t } = useTranslation();
  const auxiliary = useInterestAuxiliary();
  if (auxiliary.isPending) return <LoadingBlock />;
  if (auxiliary.isError)
    return <ErrorBlock message={t('interestProfile.loadError')} onRetry={() => void auxiliary.refetch()} />;
  return (
    <Stack gap="xl">
      <Text>{t('interestProfile.intro')}</Text>
      <TopicsSection auxiliary={auxiliary.data} areasHref={areasHref} />
      <PeriodicalsSection auxiliary={auxiliary.data} />
      <WorkTypesSection auxiliary={auxiliary.data} />
      <TitlesSection />
    </Stack>
  );
}
