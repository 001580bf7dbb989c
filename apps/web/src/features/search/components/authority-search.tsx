import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Grid, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { AUTHORITY_TYPES, type AuthoritySearchHit, type AuthorityType } from '@estante/contract';
import { paths } from '../../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useAuthorityTypes } from '../api/get-authority-types';
import { useAuthoritySearch, type AuthoritySearchRequest } from '../api/search-authorities';
import { IndexedTitles } from './indexed-titles';
import { PageButton } from './page-button';
import classes from './search-aids.module.css';

export interface AuthoritySearchProps {
  /** A term to search at once (otherwise the search starts when the form is sent). */
  initialTerm?: string;
  /** The authority type chosen at first; all types when left out. */
  initialType?: AuthorityType | null;
  /**
   * The link of a search for an authority's titles. When left out, the title count opens the list
   * of titles in place (GET /consulta/acervos-indexados with cod_autoridade).
   */
  titlesHrefFor?: (authority: AuthoritySearchHit) => string;
}

/** See-from forms shown with a result; the authority page lists them all. */
const SEE_FROM_SHOWN = 5;

function AuthorityResult({
  hit,
  titlesHrefFor,
}: {
  hit: AuthoritySearchHit;
  titlesHrefFor?: (authority: AuthoritySearchHit) => string;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const seeFrom = hit.remissivas_ver.slice(0, SEE_FROM_SHOWN).join('; ');
  const more = hit.remissivas_ver.length > SEE_FROM_SHOWN ? '; …' : '';
  const titles = t('search.authorities.titles', { count: hit.total_titulos });
  return (
    <div className={classes.authority}>
      <Text fw={700}>
        <Link id={`${id}-heading`} to={paths.authority.getHref(hit.cod_autoridade)} className={classes.link}>
          {hit.cabecalho}
        </Link>
      </Text>
      <Text size="sm" c="dimmed">
        {t(`authority.type.${hit.tipo}`)}
      </Text>
      {seeFrom && <Text size="sm">{t('search.authorities.seeFrom', { forms: `${seeFrom}${more}` })}</Text>}
      {hit.total_titulos === 0 ? (
        <Text size="sm">{t('search.authorities.noTitles')}</Text>
      ) : titlesHrefFor ? (
        <Text size="sm">
          <Link to={titlesHrefFor(hit)} className={classes.link} aria-describedby={`${id}-heading`}>
            {titles}
          </Link>
        </Text>
      ) : (
        <>
          <UnstyledButton
            className={classes.link}
            fz="sm"
            td="underline"
            aria-expanded={isOpen}
            aria-controls={isOpen ? `${id}-titles` : undefined}
            aria-describedby={`${id}-heading`}
            onClick={() => setIsOpen((open) => !open)}
          >
            {titles}
          </UnstyledButton>
          {isOpen && (
            <IndexedTitles
              id={`${id}-titles`}
              entry={hit.cabecalho}
              source={{ kind: 'authority', authorityId: hit.cod_autoridade }}
            />
          )}
        </>
      )}
    </div>
  );
}

/**
 * Authority search (SPEC §2 authorities tab): words of a heading or of its see-from forms, an
 * authority type; results link to the authority record and to its titles, a page at a time.
 */
export function AuthoritySearch({ initialTerm, initialType = null, titlesHrefFor }: AuthoritySearchProps) {
  const { t, i18n } = useTranslation();
  const types = useAuthorityTypes(i18n.language);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [term, setTerm] = useState(initialTerm ?? '');
  const [type, setType] = useState<AuthorityType | null>(initialType);
  const [isMissingTerm, setIsMissingTerm] = useState(false);
  const [request, setRequest] = useState<AuthoritySearchRequest | null>(
    initialTerm?.trim() ? { term: initialTerm.trim(), type: initialType, page: 1 } : null,
  );
  const query = useAuthoritySearch(request);
  const data = request && !query.isError ? query.data : undefined;

  // Only the types the catalogue has, with their counts, once known; every type until then.
  const typeOptions = [
    { value: '', label: t('search.authorities.type.all') },
    ...(types.data
      ? types.data
          .filter((option) => option.total > 0 || option.codigo === type)
          .map((option) => ({
            value: option.codigo,
            label: t('search.authorities.type.option', { type: option.descricao, count: option.total }),
          }))
      : AUTHORITY_TYPES.map((code) => ({ value: code, label: t(`authority.type.${code}`) }))),
  ];

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
    setRequest({ term: trimmed, type, page: 1 });
  };
  const turnPage = (step: number) => {
    if (!request) return;
    setRequest({ ...request, page: request.page + step });
    listRef.current?.focus();
  };
  const shown = data ? (data.pagina - 1) * data.quantPag + data.data.length : 0;

  return (
    <Stack gap="md">
      <form role="search" aria-label={t('search.authorities.label')} noValidate onSubmit={submit}>
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              ref={inputRef}
              name="authorityTerm"
              label={t('search.authorities.term.label')}
              description={t('search.authorities.term.description')}
              required
              autoComplete="off"
              value={term}
              error={isMissingTerm ? t('search.field.required') : undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTerm(value);
                if (value.trim()) setIsMissingTerm(false);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <NativeSelect
              name="authorityType"
              label={t('search.authorities.type.label')}
              value={type ?? ''}
              data={typeOptions}
              onChange={(event) => setType((event.currentTarget.value || null) as AuthorityType | null)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Button type="submit" fullWidth>
              {t('search.authorities.submit')}
            </Button>
          </Grid.Col>
        </Grid>
      </form>

      {request && query.isPending && <LoadingBlock label={t('search.authorities.loading')} />}
      {request && query.isError && (
        <ErrorBlock message={t('search.authorities.error')} onRetry={() => void query.refetch()} />
      )}
      {request && data && (
        <section aria-label={t('search.authorities.label')} aria-busy={query.isFetching}>
          <Text role="status" fw={700}>
            {data.total === 0
              ? t('search.authorities.empty', { term: request.term })
              : t('search.authorities.count', { count: data.total })}
          </Text>
          {data.data.length > 0 && (
            <ol
              ref={listRef}
              tabIndex={-1}
              className={classes.entries}
              aria-label={t('search.authorities.label')}
            >
              {data.data.map((hit) => (
                <li key={hit.cod_autoridade}>
                  <AuthorityResult hit={hit} titlesHrefFor={titlesHrefFor} />
                </li>
              ))}
            </ol>
          )}
          {data.total > data.quantPag && (
            <Group gap="xs" mt="sm">
              <PageButton isAvailable={data.pagina > 1} onClick={() => turnPage(-1)}>
                {t('search.authorities.previous')}
              </PageButton>
              <PageButton isAvailable={shown < data.total} onClick={() => turnPage(1)}>
                {t('search.authorities.next')}
              </PageButton>
            </Group>
          )}
        </section>
      )}
    </Stack>
  );
}
