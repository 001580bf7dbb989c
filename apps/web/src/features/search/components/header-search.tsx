import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, TextInput } from '@mantine/core';
import { paths } from '../../../config/paths';
import { DEFAULT_SEARCH_STATE, searchHref } from '../hooks/use-search-state';
import { SEARCH_SHORTCUT_ATTRIBUTE } from '../hooks/use-search-shortcut';
import classes from './search.module.css';

function MagnifierIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The compact search box of the page header (decision 0068): a free search of the whole catalogue,
 * answered on the first (simple) search tab. The `/` key reaches it on pages without a search form.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [isMissingTerm, setIsMissingTerm] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) {
      // SPEC §5: the search field is required.
      setIsMissingTerm(true);
      inputRef.current?.focus();
      return;
    }
    setIsMissingTerm(false);
    setTerm('');
    void navigate(`${paths.home.getHref()}${searchHref({ ...DEFAULT_SEARCH_STATE, term: trimmed })}`);
  };

  return (
    <form
      role="search"
      aria-label={t('search.header.label')}
      noValidate
      onSubmit={submit}
      className={classes.headerSearch}
    >
      <TextInput
        ref={inputRef}
        type="search"
        name="termo"
        size="sm"
        aria-label={t('search.header.field')}
        placeholder={t('search.header.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        error={isMissingTerm ? t('search.field.required') : undefined}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          if (event.currentTarget.value.trim()) setIsMissingTerm(false);
        }}
        className={classes.headerSearchField}
        {...{ [SEARCH_SHORTCUT_ATTRIBUTE]: '' }}
      />
      <ActionIcon type="submit" size="input-sm" variant="filled" aria-label={t('search.header.submit')}>
        <MagnifierIcon />
      </ActionIcon>
    </form>
  );
}
