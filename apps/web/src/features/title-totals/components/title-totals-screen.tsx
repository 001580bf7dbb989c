import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { TitleTotals, TitleTotalsRow } from '@estante/contract';
import {
  DateRangeFilter,
  FormRefusal,
  SubmitButton,
  TextField,
  lastTwelveMonths,
  rules,
  useForm,
  type DateRange,
} from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { formatCount, formatDate } from '../../../lib/i18n';
import {
  findTitles,
  useLibraries,
  useTitleTotals,
  type TitleChoice,
  type TotalsQuery,
} from '../api/title-totals';

/**
 * Personal area "title totals" (SPEC §2 menu, §7 GET /acervo/{id}/totais; decision 0053): find a
 * title by its number or by its title, then read its copies, loans, renewals, holds and loan
 * requests of a period (the last twelve months at first), per library and in all.
 */
export function TitleTotalsScreen() {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<TitleChoice[] | null>(null);
  const [chosen, setChosen] = useState<TitleChoice | null>(null);
  const label = t('titleTotals.find');
  const form = useForm({
    initial: { text: '' },
    validate: (values) => {
      const message = rules.required(values.text, label, t);
      return message ? { text: message } : {};
    },
    onSubmit: async (values) => {
      const found = await findTitles(values.text);
      setChoices(found);
      setChosen(found.length === 1 ? found[0]! : null);
    },
  });
  return (
    <Stack gap="lg">
      <Text>{t('titleTotals.intro')}</Text>
      <form aria-label={t('titleTotals.findForm')} {...form.formProps}>
        <Stack gap="sm" align="flex-start">
          <TextField label={label} description={t('titleTotals.findHint')} required {...form.field('text')} />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('titleTotals.search')}</SubmitButton>
        </Stack>
      </form>
      {choices && !chosen && <Choices choices={choices} onChoose={setChosen} />}
      {chosen && <Totals key={chosen.id} title={chosen} />}
    </Stack>
  );
}

function Choices({ choices, onChoose }: { choices: TitleChoice[]; onChoose: (choice: TitleChoice) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (choices.length === 0) return <Text role="status">{t('titleTotals.noTitle')}</Text>;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId}>
        {t('titleTotals.chooseHeading')}
      </Title>
      <Stack gap="xs" mt="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {choices.map((choice) => (
          <li key={choice.id}>
            <Button
              variant="subtle"
              onClick={() => onChoose(choice)}
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              {choice.author ? `${choice.title} — ${choice.author}` : choice.title}
            </Button>
          </li>
        ))}
      </Stack>
    </section>
  );
}

function Totals({ title }: { title: TitleChoice }) {
  const { t } = useTranslation();
  const headingId = useId();
  const libraries = useLibraries();
  const [library, setLibrary] = useState('');
  const [query, setQuery] = useState<TotalsQuery>(() => ({
    titleId: title.id,
    ...lastTwelveMonths(),
    library: '',
  }));
  const totals = useTitleTotals(query);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="h3" id={headingId}>
          <Link to={paths.title.getHref(title.id)}>{title.title}</Link>
        </Title>
        <DateRangeFilter
          label={t('titleTotals.filter')}
          initial={query}
          fromLabel={t('titleTotals.from')}
          toLabel={t('titleTotals.to')}
          submitLabel={t('titleTotals.apply')}
          onApply={(range: DateRange) => setQuery({ titleId: title.id, ...range, library })}
        >
          <NativeSelect
            label={t('titleTotals.library')}
            value={library}
            onChange={(event) => setLibrary(event.currentTarget.value)}
            data={[
              { value: '', label: t('titleTotals.allLibraries') },
              ...(libraries.data ?? []).map((l) => ({
                value: String(l.cod_biblioteca),
                label: l.desc_biblioteca,
              })),
            ]}
          />
        </DateRangeFilter>
        {totals.isPending && <LoadingBlock />}
        {totals.isError && (
          <ErrorBlock message={t('titleTotals.loadError')} onRetry={() => void totals.refetch()} />
        )}
        {totals.data && <TotalsTable totals={totals.data} busy={totals.isFetching} />}
      </Stack>
    </section>
  );
}

function TotalsTable({ totals, busy }: { totals: TitleTotals; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const caption = t('titleTotals.caption', {
    from: formatDate(totals.dataIni, language),
    to: formatDate(totals.dataFim, language),
  });
  const row = (figures: TitleTotalsRow, name: string, isTotal = false) => (
    <Table.Tr key={figures.cod_biblioteca ?? 'total'} fw={isTotal ? 700 : undefined}>
      <Table.Th scope="row" fw={isTotal ? 700 : 'normal'}>
        {name}
      </Table.Th>
      <Table.Td>
        {t('titleTotals.copiesValue', {
          total: formatCount(figures.exemplares),
          available: formatCount(figures.exemplares_disponiveis),
          count: figures.exemplares_disponiveis,
        })}
      </Table.Td>
      <Table.Td>{formatCount(figures.emprestimos)}</Table.Td>
      <Table.Td>{formatCount(figures.renovacoes)}</Table.Td>
      <Table.Td>{formatCount(figures.reservas)}</Table.Td>
      <Table.Td>{formatCount(figures.solicitacoes)}</Table.Td>
    </Table.Tr>
  );
  return (
    <ScrollRegion label={caption}>
      <Table striped withTableBorder miw={720} aria-busy={busy}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('titleTotals.column.library')}</Table.Th>
            <Table.Th scope="col">{t('titleTotals.column.copies')}</Table.Th>
            <Table.Th scope="col">{t('titleTotals.column.loans')}</Table.Th>
            <Table.Th scope="col">{t('titleTotals.column.renewals')}</Table.Th>
            <Table.Th scope="col">{t('titleTotals.column.holds')}</Table.Th>
            <Table.Th scope="col">{t('titleTotals.column.requests')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.bibliotecas.map((figures) => row(figures, figures.desc_biblioteca ?? ''))}
          {row(totals.total, t('titleTotals.allTogether'), true)}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
