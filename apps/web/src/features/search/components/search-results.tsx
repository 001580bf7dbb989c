import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { OrderingOption, SearchHit } from '@estante/contract';
import { useSearchTitles } from '../api/search-titles';
import { addToSearchHistory } from '../hooks/use-search-history';
import { useResultLineExtras } from '../hooks/use-result-line-extras';
import {
  displayOf,
  hasFilter,
  searchHref,
  toggleFilter,
  withDisplay,
  type SearchState,
} from '../hooks/use-search-state';
import { describeRows, describeSearch } from '../utils/describe-search';
import { CompactResultList } from './compact-result-list';
import { ResultItem } from './result-item';
import { ResultOptions } from './result-options';
import { ResultsPagination } from './results-pagination';
import { ActiveFilters, SearchFilters } from './search-filters';
import { WorkGroup } from './work-group';
import classes from './search.module.css';

interface SearchResultsProps {
  state: SearchState;
  /** The search tab (guide) the search runs in. */
  tab: string;
  orderings: OrderingOption[] | undefined;
  onChange: (next: SearchState) => void;
  /** A control before each hit's title (the basket's selection box). */
  renderHitSelect?: (hit: SearchHit) => ReactNode;
  /** Actions after each hit (the basket's toggle). */
  renderHitActions?: (hit: SearchHit) => ReactNode;
  /** Tools above the list acting on the hits shown (add the selected ones to the basket). */
  renderListTools?: (hits: SearchHit[]) => ReactNode;
  /**
   * Draws a hit instead of the catalogue's result line (the network tab's hits are not local
   * titles); without it the line shows the title with its additional titles, links and cover.
   */
  renderHit?: (hit: SearchHit) => ReactNode;
  /**
   * Offers display C, compact covers, beside the detailed lines (SPEC §3 `exibicao`), in the tab's
   * own display until one is chosen; left out where hits are not local records (the network tab).
   */
  compact?: {
    /** The institution's default image, for titles without a cover. */
    defaultCoverUrl?: string | undefined;
    /** Accessible name of the covers list. */
    label?: string | undefined;
  };
  /** Shown above the list (the network tab's institutions). */
  renderBeforeList?: () => ReactNode;
  /** Shown under the count when a search finds little (did you mean). */
  renderSuggestion?: (total: number) => ReactNode;
}

const HEADING_ID = 'search-results-heading';

/** The result list of a search with its count (announced), options, pages, empty and error states. */
export function SearchResults({
  state,
  tab,
  orderings,
  onChange,
  renderHitSelect,
  renderHitActions,
  renderListTools,
  renderSuggestion,
  renderHit,
  renderBeforeList,
  compact,
}: SearchResultsProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const search = useSearchTitles(state, tab);
  const data = search.isError ? undefined : search.data;
  const isLoading = search.isFetching && (!data || search.isPlaceholderData);
  const location = useLocation();
  // Additional titles, links and covers of the page's lines: two requests per page.
  const display = compact ? displayOf(state, tab) : 'D';
  const extras = useResultLineExtras(
    renderHit || display !== 'D' || !data ? [] : data.data.map((hit) => hit.cod_acervo),
  );

  // SPEC §4: each search adds a history entry with its fields, record count, URL and base.
  const settledId = data && !search.isPlaceholderData ? data.id : undefined;
  useEffect(() => {
    if (!settledId || !data) return;
    addToSearchHistory({
      fields: describeSearch(t, state),
      total: data.total,
      url: `${location.pathname}${location.search}`,
      base: data.base,
      tab,
    });
    // Only a new answer adds an entry; re-renders of the same one do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledId]);

  let status = '';
  if (isLoading) status = t('search.results.loading');
  else if (data)
    status =
      state.term && state.rows.length > 0
        ? t('search.results.countRows', { count: data.total, rows: describeRows(t, state) })
        : state.term
          ? t('search.results.count', { count: data.total, term: state.term })
          : t('search.results.countNoTerm', { count: data.total });

  const pages = data ? Math.max(1, Math.ceil(data.total / state.pageSize)) : 1;
  // Beside the list on a desktop; in the filters' drawer on a phone (decision 0068).
  const resultOptions = (
    <ResultOptions
      ordering={state.ordering}
      pageSize={state.pageSize}
      orderings={orderings}
      onOrderingChange={(ordering) => onChange({ ...state, ordering, page: 1 })}
      onPageSizeChange={(pageSize) => onChange({ ...state, pageSize, page: 1 })}
      display={display}
      onDisplayChange={compact ? (next) => onChange(withDisplay(state, tab, next)) : undefined}
    />
  );

  return (
    <section aria-labelledby={HEADING_ID} className={classes.results}>
      {/* The heading and the count share a line, so the first result comes sooner (decision 0068). */}
      <Group gap="xs" align="baseline" mih={28} mb="xs">
        {/* Focused after a page change, so the reader starts the new page at its top. */}
        <Title order={2} id={HEADING_ID} fz="h3" ref={headingRef} tabIndex={-1}>
          {t('search.results.heading')}
        </Title>
        {isLoading && <Loader size="xs" aria-hidden />}
        {/* Always rendered so screen readers announce each new count. */}
        <Text role="status" aria-live="polite" fw={500}>
          {status}
        </Text>
      </Group>

      {search.isError && (
        <Alert role="alert" color="red" variant="light" title={t('search.results.errorTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('search.results.error')}</Text>
            <Button size="xs" variant="outline" onClick={() => void search.refetch()}>
              {t('search.results.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {data && renderSuggestion?.(data.total)}

      {data && (data.total > 0 || state.filters.length > 0) && (
        <div className={classes.layout}>
          <SearchFilters
            groups={data.filtros}
            onToggle={(filter) => onChange(toggleFilter(state, filter))}
            isApplied={(filter) => hasFilter(state, filter)}
            total={isLoading ? undefined : data.total}
            drawerExtras={data.total > 0 ? resultOptions : undefined}
          />
          <Stack gap="md" miw={0}>
            <ActiveFilters
              filters={state.filters}
              groups={data.filtros}
              onRemove={(filter) => onChange(toggleFilter(state, filter))}
              onClear={() => onChange({ ...state, filters: [], page: 1 })}
            />
            {data.total === 0 ? (
              <Text fw={700}>{t('search.results.emptyFiltered')}</Text>
            ) : (
              <>
                <div className={classes.wideOnly}>{resultOptions}</div>
                <Text size="sm">{t('search.pagination.summary', { page: state.page, pages })}</Text>
                {renderBeforeList?.()}
                {renderListTools?.(data.data)}
                {display === 'C' ? (
                  <CompactResultList
                    hits={data.data}
                    defaultCoverUrl={compact?.defaultCoverUrl}
                    label={compact?.label}
                    start={(state.page - 1) * state.pageSize + 1}
                    busy={isLoading}
                    renderHitSelect={renderHitSelect}
                    renderHitActions={renderHitActions}
                  />
                ) : (
                  <ol
                    className={classes.list}
                    start={(state.page - 1) * state.pageSize + 1}
                    aria-busy={isLoading}
                  >
                    {data.data.map((hit) => (
                      <li key={hit.cod_acervo}>
                        {renderHit ? (
                          renderHit(hit)
                        ) : hit.edicoes ? (
                          <WorkGroup
                            hit={hit}
                            editions={hit.edicoes}
                            extras={extras.get(hit.cod_acervo)}
                            select={renderHitSelect?.(hit)}
                            actions={renderHitActions?.(hit)}
                          />
                        ) : (
                          <ResultItem
                            hit={hit}
                            extras={extras.get(hit.cod_acervo)}
                            select={renderHitSelect?.(hit)}
                            actions={renderHitActions?.(hit)}
                          />
                        )}
                      </li>
                    ))}
                  </ol>
                )}
                <ResultsPagination
                  page={state.page}
                  pages={pages}
                  hrefOf={(page) => searchHref({ ...state, page })}
                  onNavigate={() => headingRef.current?.focus()}
                />
              </>
            )}
          </Stack>
        </div>
      )}

      {data && data.total === 0 && state.filters.length === 0 && (
        <Stack gap={4}>
          <Text fw={700}>{t('search.results.empty', { term: state.term })}</Text>
          <Text size="sm">{t('search.results.emptyHint')}</Text>
        </Stack>
      )}
    </section>
  );
}
