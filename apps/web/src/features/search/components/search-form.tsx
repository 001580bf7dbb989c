import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Grid, Group, NativeSelect } from '@mantine/core';
import { SEARCH_TYPES, searchNeedsTerm, TERM_TYPES, type SearchType, type TermType } from '@estante/contract';
import { tabOptionErrors } from '../utils/tab-options';
import type { SearchState } from '../hooks/use-search-state';
import { SearchAutocomplete } from './search-autocomplete';
import { SEARCH_SHORTCUT_ATTRIBUTE } from '../hooks/use-search-shortcut';
import classes from './search.module.css';

/** The part of the search state the form edits. */
export type SearchFormValue = Pick<SearchState, 'term' | 'searchType' | 'termType' | 'similar' | 'options'>;

interface SearchFormProps {
  /** The search the URL holds; the form starts from it and follows it on back/forward. */
  value: SearchFormValue;
  /** Called with a valid search (non-empty term, unless the tab searches by its options). */
  onSearch: (value: SearchFormValue) => void;
  /** The search tab: some tabs search by their own options without a term. */
  tab?: string;
  /** The tab's own option fields, editing the draft's options. */
  renderOptions?: (
    options: Record<string, string[]>,
    onChange: (next: Record<string, string[]>) => void,
  ) => ReactNode;
  /**
   * Results are shown under the form: on a phone only the term and the button stay in view, the
   * search type, term type and similar words behind a toggle, so the first result fits the first
   * screen (decision 0068).
   */
  isCompact?: boolean;
}

function pick({ term, searchType, termType, similar, options }: SearchFormValue): SearchFormValue {
  return { term, searchType, termType, similar, options };
}

function keyOf(value: SearchFormValue): string {
  return JSON.stringify([value.term, value.searchType, value.termType, value.similar, value.options]);
}

/** The search box with its search type and term type (SPEC §3 search types, §5 required field). */
export function SearchForm({
  value,
  onSearch,
  tab = 'geral',
  renderOptions,
  isCompact = false,
}: SearchFormProps) {
  const { t } = useTranslation();
  const [areOptionsShown, setAreOptionsShown] = useState(false);
  const optionsId = useId();
  // Hidden on a phone while compact, unless the patron asks for them.
  const optionClass = isCompact && !areOptionsShown ? classes.compactOption : undefined;
  // One line on a desktop when the tab has no option fields of its own.
  const wide = renderOptions ? { term: 6, select: 3 } : { term: 4, select: 2 };
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<SearchFormValue>(() => pick(value));
  const [isMissingTerm, setIsMissingTerm] = useState(false);

  // When the URL's search changes (back/forward, a link), start again from it; what is typed otherwise stays.
  const [syncedKey, setSyncedKey] = useState(keyOf(value));
  if (syncedKey !== keyOf(value)) {
    setSyncedKey(keyOf(value));
    setDraft(pick(value));
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = draft.term.trim();
    // The option fields show their own errors; nothing is searched while one is wrong.
    if (Object.keys(tabOptionErrors(tab, draft.options)).length > 0) return;
    if (!term && searchNeedsTerm(tab, draft.options)) {
      // SPEC §5: the search field is required.
      setIsMissingTerm(true);
      inputRef.current?.focus();
      return;
    }
    setIsMissingTerm(false);
    onSearch({ ...draft, term });
  };

  return (
    <form role="search" aria-label={t('search.form.label')} noValidate onSubmit={submit}>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: wide.term }}>
          <SearchAutocomplete
            ref={inputRef}
            type="search"
            name="term"
            label={t('search.field.label')}
            required
            enterKeyHint="search"
            {...{ [SEARCH_SHORTCUT_ATTRIBUTE]: '' }}
            searchType={draft.searchType}
            value={draft.term}
            error={isMissingTerm ? t('search.field.required') : undefined}
            onChange={(event) => {
              const term = event.currentTarget.value;
              setDraft((current) => ({ ...current, term }));
              if (term.trim()) setIsMissingTerm(false);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: wide.select }} className={optionClass} id={optionsId}>
          <NativeSelect
            name="searchType"
            label={t('search.type.label')}
            value={draft.searchType}
            onChange={(event) => {
              const searchType = event.currentTarget.value as SearchType;
              setDraft((current) => ({ ...current, searchType }));
            }}
            data={SEARCH_TYPES.map((type) => ({ value: type, label: t(`search.type.${type}`) }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: wide.select }} className={optionClass}>
          <NativeSelect
            name="termType"
            label={t('search.termType.label')}
            value={draft.termType}
            onChange={(event) => {
              const termType = event.currentTarget.value as TermType;
              setDraft((current) => ({ ...current, termType }));
            }}
            data={TERM_TYPES.map((type) => ({ value: type, label: t(`search.termType.${type}`) }))}
          />
        </Grid.Col>
        <Grid.Col span="auto" className={optionClass}>
          <Checkbox
            name="similar"
            label={t('search.similar.label')}
            checked={draft.similar}
            onChange={(event) => {
              const similar = event.currentTarget.checked;
              setDraft((current) => ({ ...current, similar }));
            }}
          />
        </Grid.Col>
        {renderOptions && (
          <Grid.Col span={12}>
            {renderOptions(draft.options, (options) => setDraft((current) => ({ ...current, options })))}
          </Grid.Col>
        )}
        {/* The toggle and the button share a line when they fit, and wrap at a large zoom. */}
        <Grid.Col span={isCompact ? { base: 12, sm: 'content' } : 'content'}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            {isCompact && (
              <Button
                variant="subtle"
                px="xs"
                className={classes.compactToggle}
                aria-expanded={areOptionsShown}
                aria-controls={optionsId}
                onClick={() => setAreOptionsShown((shown) => !shown)}
              >
                {t('search.form.options')}
              </Button>
            )}
            <Button type="submit">{t('search.submit')}</Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}
