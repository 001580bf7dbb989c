import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Grid, Loader, NativeSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  hasTeachingPlanCriteria,
  type ParsedTeachingPlanQuery,
  type SearchHit,
  type TeachingPlan,
} from '@estante/contract';
import { paths } from '../../../../config/paths';
import { formatCount } from '../../../../lib/i18n';
import { useCourses, useTeachingPlanChoices, useTeachingPlans } from '../../api/get-teaching-plans';
import classes from './tabs.module.css';

/** Periods of a course offered in the form (1st to 12th). */
const PERIODS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The tab's fields (meus is the personal area's, not the public tab's). */
type Draft = Record<Exclude<keyof ParsedTeachingPlanQuery, 'meus'>, string>;
const EMPTY: Draft = { departamento: '', ano: '', semestre: '', periodo: '', disciplina: '', biblioteca: '' };

/** The query of a draft: the fields chosen, as numbers. */
function toQuery(draft: Draft): ParsedTeachingPlanQuery {
  return Object.fromEntries(
    Object.entries(draft)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, Number(v)]),
  ) as ParsedTeachingPlanQuery;
}

/**
 * The teaching-plan search tab (SPEC §2, §7): course, discipline, year, semester and period choose
 * the plans (at least one, SPEC §5), the library says where availability is counted; the plans
 * found show their basic and complementary bibliography linking to each title.
 */
export function TeachingPlanSearch({ initialQuery }: { initialQuery?: ParsedTeachingPlanQuery }) {
  const { t } = useTranslation();
  const headingId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    ...EMPTY,
    ...Object.fromEntries(Object.entries(initialQuery ?? {}).map(([k, v]) => [k, String(v)])),
  }));
  const [submitted, setSubmitted] = useState<ParsedTeachingPlanQuery | null>(() =>
    initialQuery && hasTeachingPlanCriteria(initialQuery) ? initialQuery : null,
  );
  const [isMissingCriteria, setIsMissingCriteria] = useState(false);
  const [courseSearch, setCourseSearch] = useState('');
  const [courseLabel, setCourseLabel] = useState<string | null>(null);
  const [debouncedSearch] = useDebouncedValue(courseSearch, 250);
  const courses = useCourses(courseLabel !== null && courseSearch === courseLabel ? '' : debouncedSearch);
  const choices = useTeachingPlanChoices();
  const plans = useTeachingPlans(submitted);

  const set = (key: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key !== 'biblioteca' && value !== '') setIsMissingCriteria(false);
  };
  const any = { value: '', label: t('search.tabForm.any') };
  const courseData = (courses.data?.data ?? []).map((c) => ({
    value: String(c.codigo),
    label: `${c.descricao} (${c.sigla})`,
  }));
  // The chosen course stays in the list, whatever was typed since.
  if (draft.departamento && courseLabel && !courseData.some((c) => c.value === draft.departamento))
    courseData.unshift({ value: draft.departamento, label: courseLabel });
  const disciplines = (choices.data?.disciplinas ?? []).filter(
    (d) => !draft.departamento || d.cursos.includes(Number(draft.departamento)),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = toQuery(draft);
    // SPEC §5: at least one field for teaching-plan search (the library alone chooses no plan).
    if (!hasTeachingPlanCriteria(query)) {
      setIsMissingCriteria(true);
      return;
    }
    setIsMissingCriteria(false);
    setSubmitted(query);
  };

  return (
    <Stack gap="md">
      <form aria-labelledby={headingId} noValidate onSubmit={submit}>
        <Title order={2} id={headingId} fz="h3">
          {t('search.teachingPlan.heading')}
        </Title>
        <Text size="sm" mb="sm">
          {t('search.teachingPlan.intro')}
        </Text>
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label={t('search.teachingPlan.course')}
              placeholder={t('search.teachingPlan.coursePlaceholder')}
              nothingFoundMessage={t('search.teachingPlan.courseNone')}
              searchable
              clearable
              // The list stays shown while open even when the field is partly scrolled out of view
              // (and in DOMs without layout, where every element measures as hidden).
              comboboxProps={{ hideDetached: false }}
              // The server already filtered by what was typed.
              filter={({ options }) => options}
              data={courseData}
              value={draft.departamento || null}
              searchValue={courseSearch}
              onSearchChange={setCourseSearch}
              onChange={(value, option) => {
                setCourseLabel(option ? option.label : null);
                // A discipline of another course is no longer a choice.
                setDraft((current) => ({ ...current, departamento: value ?? '', disciplina: '' }));
                if (value) setIsMissingCriteria(false);
              }}
              aria-describedby={isMissingCriteria ? errorId : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <NativeSelect
              label={t('search.teachingPlan.discipline')}
              value={draft.disciplina}
              data={[
                any,
                ...disciplines.map((d) => ({
                  value: String(d.codigo),
                  label: `${d.descricao} (${d.sigla})`,
                })),
              ]}
              onChange={(event) => set('disciplina', event.currentTarget.value)}
              aria-describedby={isMissingCriteria ? errorId : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect
              label={t('search.teachingPlan.year')}
              value={draft.ano}
              data={[
                any,
                ...(choices.data?.anos ?? []).map((year) => ({ value: String(year), label: String(year) })),
              ]}
              onChange={(event) => set('ano', event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect
              label={t('search.teachingPlan.semester')}
              value={draft.semestre}
              data={[
                any,
                ...[1, 2].map((s) => ({
                  value: String(s),
                  label: t('search.teachingPlan.semesterValue', { semester: s }),
                })),
              ]}
              onChange={(event) => set('semestre', event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect
              label={t('search.teachingPlan.period')}
              value={draft.periodo}
              data={[
                any,
                ...PERIODS.map((p) => ({
                  value: String(p),
                  label: t('search.teachingPlan.periodValue', { period: p }),
                })),
              ]}
              onChange={(event) => set('periodo', event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect
              label={t('search.teachingPlan.library')}
              value={draft.biblioteca}
              data={[
                { value: '', label: t('search.teachingPlan.allLibraries') },
                ...(choices.data?.bibliotecas ?? []).map((b) => ({
                  value: String(b.cod_biblioteca),
                  label: b.desc_biblioteca,
                })),
              ]}
              onChange={(event) => set('biblioteca', event.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        {isMissingCriteria && (
          <Text id={errorId} role="alert" c="red.8" fw={600} mt="sm">
            {t('search.teachingPlan.criteriaRequired')}
          </Text>
        )}
        <Button type="submit" mt="sm">
          {t('search.teachingPlan.submit')}
        </Button>
      </form>
      {submitted && <TeachingPlanResults query={plans} />}
    </Stack>
  );
}

function TeachingPlanResults({ query }: { query: ReturnType<typeof useTeachingPlans> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isError, isFetching } = query;
  return (
    <section aria-labelledby={headingId} aria-busy={isFetching}>
      <Title order={2} id={headingId} fz="h3">
        {t('search.teachingPlan.resultsHeading')}
      </Title>
      {isFetching && !data && (
        <Text role="status">
          <Loader size="xs" mr="xs" />
          {t('search.teachingPlan.loading')}
        </Text>
      )}
      {isError && (
        <Alert color="red" mt="sm">
          {t('search.teachingPlan.error')}
        </Alert>
      )}
      {data && (
        <>
          <Text role="status" mt="xs">
            {data.total === 0
              ? t('search.teachingPlan.empty')
              : t('search.teachingPlan.results', { count: data.total })}
          </Text>
          {data.total > data.data.length && (
            <Text size="sm">
              {t('search.teachingPlan.more', {
                shown: formatCount(data.data.length),
                total: formatCount(data.total),
              })}
            </Text>
          )}
          {data.data.map((plan) => (
            <PlanItem key={plan.codigo} plan={plan} />
          ))}
        </>
      )}
    </section>
  );
}

function PlanItem({ plan }: { plan: TeachingPlan }) {
  const { t } = useTranslation();
  const details = [
    {
      label: t('search.teachingPlan.term'),
      value: t('search.teachingPlan.termValue', { year: plan.ano, semester: plan.semestre }),
    },
    ...(plan.periodo !== null
      ? [
          {
            label: t('search.teachingPlan.period'),
            value: t('search.teachingPlan.periodValue', { period: plan.periodo }),
          },
        ]
      : []),
    ...(plan.professor ? [{ label: t('search.teachingPlan.professor'), value: plan.professor }] : []),
    ...(plan.vagas !== null
      ? [{ label: t('search.teachingPlan.vacancies'), value: formatCount(plan.vagas) }]
      : []),
  ];
  return (
    <article className={classes.plan}>
      <Title order={3} fz="h4">
        {t('search.teachingPlan.planTitle', {
          discipline: `${plan.disciplina.descricao} (${plan.disciplina.sigla})`,
          course: plan.curso.descricao,
        })}
      </Title>
      <dl className={classes.planDetails}>
        {details.map((detail) => (
          <div key={detail.label}>
            <dt>{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      <Bibliography heading={t('search.teachingPlan.basic')} hits={plan.basica} />
      <Bibliography heading={t('search.teachingPlan.complementary')} hits={plan.complementar} />
    </article>
  );
}

function Bibliography({ heading, hits }: { heading: string; hits: SearchHit[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={4} fz="md" mt="xs">
        {heading}
      </Title>
      {hits.length === 0 ? (
        <Text size="sm">{t('search.teachingPlan.noTitles')}</Text>
      ) : (
        <ul className={classes.bibliography}>
          {hits.map((hit) => (
            <li key={hit.cod_acervo}>
              <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.titleLink}>
                {hit.titulo}
              </Link>
              {hit.autor ? ` — ${hit.autor}` : ''}
              {hit.ano_publicacao !== null ? `, ${hit.ano_publicacao}` : ''}.{' '}
              <Text span size="sm" className={hit.exemplares_disponiveis > 0 ? classes.available : undefined}>
                {hit.exemplares_total === 0
                  ? t('search.results.noCopies')
                  : t('search.results.availability', {
                      count: hit.exemplares_total,
                      available: hit.exemplares_disponiveis,
                    })}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
