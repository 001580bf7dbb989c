import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TeachingPlan, TeachingPlanBibliography, TeachingPlanTitle } from '@estante/contract';
import { FormRefusal, SelectField, SubmitButton, useForm } from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/i18n';
import { getOwnPlans, useOwnPlanChoices, type OwnPlansQuery } from '../api/get-own-plans';

interface Fields {
  disciplina: string;
  ano: string;
  semestre: string;
  biblioteca: string;
}

/** The search of the chosen fields, as numbers (an empty field is no criterion). */
function toQuery(values: Fields): OwnPlansQuery {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [key, Number(value)]),
  ) as OwnPlansQuery;
}

/**
 * Personal area "teaching plan" (SPEC §2 menu, activity 831, a professor's; decision 0053): the
 * professor's own disciplines and their bibliography, with the copies in the chosen library and the
 * circulating copies per vacancy course assessments count. SPEC §5: a discipline, a year or a
 * semester is needed (the library alone chooses no plan).
 */
export function TeachingPlanScreen() {
  const { t } = useTranslation();
  const choices = useOwnPlanChoices();
  const [result, setResult] = useState<TeachingPlanBibliography | null>(null);
  const labels = {
    disciplina: t('teachingPlan.discipline'),
    ano: t('teachingPlan.year'),
    semestre: t('teachingPlan.semester'),
    biblioteca: t('teachingPlan.library'),
  };
  const form = useForm<Fields>({
    initial: { disciplina: '', ano: '', semestre: '', biblioteca: '' },
    validate: (values) =>
      values.disciplina || values.ano || values.semestre
        ? {}
        : { disciplina: t('teachingPlan.errors.criteriaRequired', labels) },
    // The server checks the fields too: its refusal (422) shows in the form, the plans shown stay.
    onSubmit: async (values) => setResult(await getOwnPlans(toQuery(values))),
  });

  if (choices.isPending) return <LoadingBlock />;
  if (choices.isError)
    return <ErrorBlock message={t('teachingPlan.loadError')} onRetry={() => void choices.refetch()} />;
  if (choices.data.disciplinas.length === 0) return <Text>{t('teachingPlan.noPlans')}</Text>;
  return (
    <Stack gap="lg">
      <Text>{t('teachingPlan.intro')}</Text>
      <form aria-label={t('teachingPlan.form')} {...form.formProps}>
        <Stack gap="sm">
          <Text size="sm">{t('teachingPlan.atLeastOne')}</Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <SelectField
              label={labels.disciplina}
              choose
              options={choices.data.disciplinas.map((d) => ({
                value: String(d.codigo),
                label: `${d.descricao} (${d.sigla})`,
              }))}
              {...form.field('disciplina')}
            />
            <SelectField
              label={labels.ano}
              choose
              options={choices.data.anos.map((year) => ({ value: String(year), label: String(year) }))}
              {...form.field('ano')}
            />
            <SelectField
              label={labels.semestre}
              choose
              options={[1, 2].map((s) => ({
                value: String(s),
                label: t('teachingPlan.semesterValue', { semester: s }),
              }))}
              {...form.field('semestre')}
            />
            <SelectField
              label={labels.biblioteca}
              options={[
                { value: '', label: t('teachingPlan.allLibraries') },
                ...choices.data.bibliotecas.map((b) => ({
                  value: String(b.cod_biblioteca),
                  label: b.desc_biblioteca,
                })),
              ]}
              {...form.field('biblioteca')}
            />
          </Group>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('teachingPlan.submit')}</SubmitButton>
        </Stack>
      </form>
      {result && <Plans result={result} />}
    </Stack>
  );
}

function Plans({ result }: { result: TeachingPlanBibliography }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} fz="h3">
        {t('teachingPlan.resultsHeading')}
      </Title>
      <Text role="status" mt="xs">
        {result.total === 0 ? t('teachingPlan.empty') : t('teachingPlan.results', { count: result.total })}
      </Text>
      <Text size="sm" c="dimmed">
        {result.biblioteca
          ? t('teachingPlan.countedIn', { library: result.biblioteca.desc_biblioteca })
          : t('teachingPlan.countedEverywhere')}
      </Text>
      <Stack gap="xl" mt="md">
        {result.data.map((plan) => (
          <Plan key={plan.codigo} plan={plan} />
        ))}
      </Stack>
    </section>
  );
}

function Plan({ plan }: { plan: TeachingPlan }) {
  const { t } = useTranslation();
  return (
    <article>
      <Title order={3} fz="h4">
        {t('teachingPlan.planTitle', {
          discipline: `${plan.disciplina.descricao} (${plan.disciplina.sigla})`,
          course: plan.curso.descricao,
        })}
      </Title>
      <Text size="sm">
        {[
          t('teachingPlan.termValue', { year: plan.ano, semester: plan.semestre }),
          plan.periodo !== null ? t('teachingPlan.periodValue', { period: plan.periodo }) : null,
          plan.vagas !== null ? t('teachingPlan.vacancies', { count: plan.vagas }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Titles heading={t('teachingPlan.basic')} titles={plan.basica} />
      <Titles heading={t('teachingPlan.complementary')} titles={plan.complementar} />
    </article>
  );
}

function Titles({ heading, titles }: { heading: string; titles: TeachingPlanTitle[] }) {
  const { t, i18n } = useTranslation();
  const ratio = (value: number | null) =>
    value === null
      ? t('teachingPlan.noRatio')
      : new Intl.NumberFormat(i18n.resolvedLanguage ?? 'pt', { maximumFractionDigits: 2 }).format(value);
  return (
    <>
      <Title order={4} fz="md" mt="sm">
        {heading}
      </Title>
      {titles.length === 0 ? (
        <Text size="sm">{t('teachingPlan.noTitles')}</Text>
      ) : (
        <ScrollRegion label={heading}>
          <Table striped withTableBorder miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('teachingPlan.column.title')}</Table.Th>
                <Table.Th scope="col">{t('teachingPlan.column.copies')}</Table.Th>
                <Table.Th scope="col">{t('teachingPlan.column.circulating')}</Table.Th>
                <Table.Th scope="col">{t('teachingPlan.column.perVacancy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {titles.map((title) => (
                <Table.Tr key={title.cod_acervo}>
                  <Table.Th scope="row" fw="normal">
                    <Link to={paths.title.getHref(title.cod_acervo)}>{title.titulo}</Link>
                    {title.autor ? ` — ${title.autor}` : ''}
                  </Table.Th>
                  <Table.Td>
                    {t('teachingPlan.availability', {
                      available: formatCount(title.exemplares_disponiveis),
                      total: formatCount(title.exemplares_total),
                    })}
                  </Table.Td>
                  <Table.Td>{formatCount(title.exemplares_circulantes)}</Table.Td>
                  <Table.Td>{ratio(title.exemplares_por_vaga)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </>
  );
}
