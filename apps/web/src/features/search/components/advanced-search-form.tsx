import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  ADVANCED_OPTION,
  SEARCH_OPERATORS,
  SEARCH_TYPES,
  TERM_TYPES,
  type AdvancedRow,
  type AppliedFilter,
  type FilterType,
  type SearchOperator,
  type SearchType,
  type TermType,
} from '@estante/contract';
import type { SearchState } from '../hooks/use-search-state';
import { useAdvancedSearchOptions } from '../api/get-tab-options';
import { translateKey } from '../../../lib/i18n';
import { SEARCH_SHORTCUT_ATTRIBUTE } from '../hooks/use-search-shortcut';
import classes from './search.module.css';

/**
 * The part of the search state the advanced form edits: its rows, and its limits — work type,
 * language and library as the result filters T, I and B, the years as the tab's options.
 */
export type AdvancedSearchValue = Pick<
  SearchState,
  'term' | 'searchType' | 'termType' | 'similar' | 'rows' | 'filters' | 'options'
>;

/** The result filters the form sets as limits, in the order of its fields. */
const LIMIT_FILTERS = ['T', 'I', 'B'] as const satisfies readonly FilterType[];
type LimitFilter = (typeof LIMIT_FILTERS)[number];
type Limits = Record<LimitFilter, string> & { from: string; to: string };

function limitsOf(value: AdvancedSearchValue): Limits {
  const filter = (type: LimitFilter) => value.filters.find((f) => f.tipo === type)?.valor ?? '';
  return {
    T: filter('T'),
    I: filter('I'),
    B: filter('B'),
    from: value.options[ADVANCED_OPTION.from]?.[0] ?? '',
    to: value.options[ADVANCED_OPTION.to]?.[0] ?? '',
  };
}

/** What is wrong with the years typed, as a translation key per field; empty when they may be searched. */
export function yearLimitErrors(limits: Pick<Limits, 'from' | 'to'>): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  const isYear = (text: string) => /^\d{4}$/.test(text);
  if (limits.from && !isYear(limits.from)) errors.from = 'search.options.yearInvalid';
  if (limits.to && !isYear(limits.to)) errors.to = 'search.options.yearInvalid';
  // SPEC §5: a start may not come after its end.
  if (!errors.from && !errors.to && limits.from && limits.to && limits.from > limits.to)
    errors.to = 'search.options.dateOrder';
  return errors;
}

/** Rows after the first that the API accepts (contract SearchQuerySchema `linha`). */
const MAX_EXTRA_ROWS = 10;
/** Rows after the first offered when the form opens empty. */
const STARTING_EXTRA_ROWS = 2;

interface DraftRow {
  key: number;
  operador: SearchOperator;
  campo: SearchType;
  termo: string;
}

interface AdvancedSearchFormProps {
  value: AdvancedSearchValue;
  onSearch: (value: AdvancedSearchValue) => void;
}

let nextKey = 1;
const draftRow = (row?: AdvancedRow): DraftRow => ({
  key: nextKey++,
  operador: row?.operador ?? 'E',
  campo: row?.campo ?? 'livre',
  termo: row?.termo ?? '',
});

function draftRows(rows: AdvancedRow[]): DraftRow[] {
  const drafts = rows.map(draftRow);
  while (drafts.length < STARTING_EXTRA_ROWS) drafts.push(draftRow());
  return drafts;
}

function keyOf(value: AdvancedSearchValue): string {
  return JSON.stringify([
    value.term,
    value.searchType,
    value.termType,
    value.similar,
    value.rows,
    limitsOf(value),
  ]);
}

/**
 * Advanced search (SPEC §3): several rows, each a field and a term, joined to what comes before
 * by and, or, not, next, before or after (docs/search.md gives each its meaning). Rows left empty
 * are ignored; the first term is required (SPEC §5).
 */
export function AdvancedSearchForm({ value, onSearch }: AdvancedSearchFormProps) {
  const { t } = useTranslation();
  const firstRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState(value.term);
  const [searchType, setSearchType] = useState<SearchType>(value.searchType);
  const [termType, setTermType] = useState<TermType>(value.termType);
  const [similar, setSimilar] = useState(value.similar);
  const [rows, setRows] = useState<DraftRow[]>(() => draftRows(value.rows));
  const [isMissingTerm, setIsMissingTerm] = useState(false);
  const [limits, setLimits] = useState<Limits>(() => limitsOf(value));
  const [showYearErrors, setShowYearErrors] = useState(false);
  const choices = useAdvancedSearchOptions();
  const yearErrors = showYearErrors ? yearLimitErrors(limits) : {};

  // Back/forward or a link changes the URL's search: start again from it.
  const [syncedKey, setSyncedKey] = useState(keyOf(value));
  if (syncedKey !== keyOf(value)) {
    setSyncedKey(keyOf(value));
    setTerm(value.term);
    setSearchType(value.searchType);
    setTermType(value.termType);
    setSimilar(value.similar);
    setRows(draftRows(value.rows));
    setLimits(limitsOf(value));
  }

  const updateRow = (key: number, change: Partial<DraftRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!term.trim()) {
      setIsMissingTerm(true);
      firstRef.current?.focus();
      return;
    }
    setIsMissingTerm(false);
    if (Object.keys(yearLimitErrors(limits)).length > 0) {
      setShowYearErrors(true);
      return;
    }
    setShowYearErrors(false);
    // A new search starts without the previous one's filters (decision 0026): only the limits stay.
    const filters: AppliedFilter[] = LIMIT_FILTERS.flatMap((tipo) =>
      limits[tipo] ? [{ tipo, valor: limits[tipo] }] : [],
    );
    const options: Record<string, string[]> = {};
    if (limits.from) options[ADVANCED_OPTION.from] = [limits.from];
    if (limits.to) options[ADVANCED_OPTION.to] = [limits.to];
    onSearch({
      filters,
      options,
      term: term.trim(),
      searchType,
      termType,
      similar,
      rows: rows
        .filter((row) => row.termo.trim())
        .map(({ operador, campo, termo }) => ({ operador, campo, termo: termo.trim() })),
    });
  };

  const setLimit = (change: Partial<Limits>) => setLimits((current) => ({ ...current, ...change }));
  const limitChoices = (values: { valor: string; descricao: string }[] | undefined) => [
    { value: '', label: t('search.advanced.limits.any') },
    ...(values ?? []).map((v) => ({ value: v.valor, label: translateKey(t, v.descricao) })),
  ];
  const yearPlaceholder = (year: number | null | undefined) => (year ? String(year) : undefined);

  const fieldOptions = SEARCH_TYPES.map((type) => ({ value: type, label: t(`search.type.${type}`) }));

  return (
    <form role="search" aria-label={t('search.advanced.label')} noValidate onSubmit={submit}>
      <Stack gap="sm">
        <div
          role="group"
          aria-label={t('search.advanced.row', { number: 1 })}
          className={classes.advancedRow}
        >
          <NativeSelect
            name="campo-1"
            label={t('search.advanced.field')}
            value={searchType}
            onChange={(event) => setSearchType(event.currentTarget.value as SearchType)}
            data={fieldOptions}
          />
          <TextInput
            ref={firstRef}
            type="search"
            name="termo-1"
            {...{ [SEARCH_SHORTCUT_ATTRIBUTE]: '' }}
            label={t('search.field.label')}
            required
            autoComplete="off"
            value={term}
            error={isMissingTerm ? t('search.field.required') : undefined}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              if (event.currentTarget.value.trim()) setIsMissingTerm(false);
            }}
            className={classes.advancedTerm}
          />
          <NativeSelect
            name="tipoTermo"
            label={t('search.termType.label')}
            value={termType}
            onChange={(event) => setTermType(event.currentTarget.value as TermType)}
            data={TERM_TYPES.map((type) => ({ value: type, label: t(`search.termType.${type}`) }))}
          />
        </div>
        {rows.map((row, index) => {
          const number = index + 2;
          return (
            <div
              key={row.key}
              role="group"
              aria-label={t('search.advanced.row', { number })}
              className={classes.advancedRow}
            >
              <NativeSelect
                name={`operador-${number}`}
                label={t('search.advanced.operator')}
                value={row.operador}
                onChange={(event) =>
                  updateRow(row.key, { operador: event.currentTarget.value as SearchOperator })
                }
                data={SEARCH_OPERATORS.map((operator) => ({
                  value: operator,
                  label: t(`search.advanced.operators.${operator}`),
                }))}
              />
              <NativeSelect
                name={`campo-${number}`}
                label={t('search.advanced.field')}
                value={row.campo}
                onChange={(event) => updateRow(row.key, { campo: event.currentTarget.value as SearchType })}
                data={fieldOptions}
              />
              <TextInput
                type="search"
                name={`termo-${number}`}
                label={t('search.field.label')}
                autoComplete="off"
                value={row.termo}
                onChange={(event) => updateRow(row.key, { termo: event.currentTarget.value })}
                className={classes.advancedTerm}
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                {t('search.advanced.removeRow', { number })}
              </Button>
            </div>
          );
        })}
        <fieldset className={classes.advancedLimits}>
          <legend className={classes.filterLegend}>{t('search.advanced.limits.legend')}</legend>
          <div className={classes.advancedRow}>
            <NativeSelect
              name="tipoObra"
              label={t('search.advanced.limits.workType')}
              value={limits.T}
              onChange={(event) => setLimit({ T: event.currentTarget.value })}
              data={limitChoices(choices.data?.tiposObra)}
            />
            <NativeSelect
              name="idioma"
              label={t('search.advanced.limits.language')}
              value={limits.I}
              onChange={(event) => setLimit({ I: event.currentTarget.value })}
              data={limitChoices(choices.data?.idiomas)}
            />
            <NativeSelect
              name="biblioteca"
              label={t('search.advanced.limits.library')}
              value={limits.B}
              onChange={(event) => setLimit({ B: event.currentTarget.value })}
              data={limitChoices(choices.data?.bibliotecas)}
            />
            <TextInput
              name="anoInicial"
              label={t('search.advanced.limits.yearFrom')}
              inputMode="numeric"
              maxLength={4}
              w="7rem"
              placeholder={yearPlaceholder(choices.data?.anoInicial)}
              value={limits.from}
              error={yearErrors.from ? translateKey(t, yearErrors.from) : undefined}
              onChange={(event) => setLimit({ from: event.currentTarget.value.trim() })}
            />
            <TextInput
              name="anoFinal"
              label={t('search.advanced.limits.yearTo')}
              inputMode="numeric"
              maxLength={4}
              w="7rem"
              placeholder={yearPlaceholder(choices.data?.anoFinal)}
              value={limits.to}
              error={yearErrors.to ? translateKey(t, yearErrors.to) : undefined}
              onChange={(event) => setLimit({ to: event.currentTarget.value.trim() })}
            />
          </div>
        </fieldset>
        <Group gap="sm">
          <Button
            variant="outline"
            disabled={rows.length >= MAX_EXTRA_ROWS}
            onClick={() => setRows((current) => [...current, draftRow()])}
          >
            {t('search.advanced.addRow')}
          </Button>
          <Checkbox
            name="similar"
            label={t('search.similar.label')}
            checked={similar}
            onChange={(event) => setSimilar(event.currentTarget.checked)}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
