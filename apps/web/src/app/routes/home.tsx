import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NETWORK_TAB, TAB } from '@estante/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useSearchTabs } from '../../features/chrome/api/get-search-tabs';
import { useOrderings } from '../../features/search/api/get-orderings';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';
import { SearchTabsNav } from '../../features/search/components/search-tabs-nav';
import {
  DEFAULT_SEARCH_STATE,
  searchHref,
  useSearchState,
  type SearchState,
} from '../../features/search/hooks/use-search-state';
import { isRunnableSearch } from '../../features/search/api/search-titles';
import { DidYouMean } from '../../features/search/components/did-you-mean';
import type { TabOptionsProps } from '../../features/search/components/tabs/archive-options';
import {
  AdvancedSearchForm,
  ArchiveOptions,
  AuthoritySearch,
  IndexBrowser,
  JurisprudenceOptions,
  NetworkInstitutions,
  NetworkResultItem,
  NewAcquisitionsOptions,
  NormativeActsOptions,
  TeachingPlanSearch,
} from '../../features/search/components/lazy-search-parts';
import { AtomFeedLink } from '../../features/search/components/tabs/atom-feed-link';
import { useDefaultImage } from '../../features/record/api/get-default-image';
import { readTabSearches, saveTabSearch } from '../../features/search/hooks/tab-searches';
import { SearchHistory } from '../../features/search/components/search-history';
import { DocumentTitle } from '../../components/ui/document-title';
import { HomeSections } from '../../features/institution/components/home-sections';
import { SearchTour } from '../../features/institution/components/search-tour';
import { BasketToggle } from '../../features/basket/components/basket-toggle';
import {
  AddSelectedToBasket,
  BasketSelectionProvider,
  SelectForBasket,
} from '../../features/basket/components/basket-selection';
import { NotAvailableRoute, NotFoundRoute } from './not-found';

/** The tabs with option fields of their own, shown under the search field. */
const TAB_OPTIONS: Partial<Record<string, ComponentType<TabOptionsProps>>> = {
  [TAB.archive]: ArchiveOptions,
  [TAB.normativeActs]: NormativeActsOptions,
  [TAB.caseLaw]: JurisprudenceOptions,
  [TAB.newAcquisitions]: NewAcquisitionsOptions,
};

/** SPEC §2 / and /:guia: the search page, on a search tab (guide). */
export function HomeRoute() {
  const { t } = useTranslation();
  const { guia } = useParams();
  const tabs = useSearchTabs();
  const [state, setState] = useSearchState();
  const orderings = useOrderings(state.term.length > 0);
  const location = useLocation();
  const defaultImage = useDefaultImage();

  const enabledTabs = tabs.filter((tab) => tab.enabled).sort((a, b) => a.order - b.order);
  // `/` is always the first (simple) tab: the header's box searches there, and a guide visited
  // earlier (the advanced search) must not take over the start page (decision 0068).
  const current = enabledTabs.find((tab) => tab.key === guia) ?? enabledTabs[0];

  // Remember the search of this tab, so coming back to the tab finds it again.
  useEffect(() => {
    if (current && location.search) saveTabSearch(current.key, location.search);
  }, [current, location.search]);

  if (guia !== undefined) {
    const known = tabs.find((tab) => tab.key === guia);
    if (!known) return <NotFoundRoute />;
    if (!known.enabled) return <NotAvailableRoute />;
  }
  if (!current) return <NotAvailableRoute />;

  const tab = current.key;
  const runnable = isRunnableSearch(state, tab);
  const TabOptions = TAB_OPTIONS[tab];
  const newSearch = (value: Partial<SearchState>) => setState({ ...state, ...value, page: 1, filters: [] });

  let searchArea: ReactNode;
  if (tab === TAB.teachingPlan) {
    // The teaching plan has its own form and lists (course, discipline, term → bibliography).
    searchArea = <TeachingPlanSearch />;
  } else if (tab === 'autoridades') {
    searchArea = <AuthoritySearch />;
  } else {
    const results = !runnable ? null : tab === NETWORK_TAB ? (
      // Network records are not local titles: no basket, and each opens in a dialog.
      <SearchResults
        state={state}
        tab={tab}
        orderings={orderings.data}
        onChange={setState}
        renderHit={(hit) => <NetworkResultItem hit={hit} />}
        renderBeforeList={() => <NetworkInstitutions />}
      />
    ) : (
      <BasketSelectionProvider>
        {tab === TAB.newAcquisitions && <AtomFeedLink state={state} />}
        <SearchResults
          state={state}
          tab={tab}
          orderings={orderings.data}
          onChange={setState}
          renderHitSelect={(hit) => <SelectForBasket id={hit.cod_acervo} title={hit.titulo} />}
          renderHitActions={(hit) => <BasketToggle id={hit.cod_acervo} title={hit.titulo} size="xs" />}
          renderListTools={(hits) => <AddSelectedToBasket ids={hits.map((hit) => hit.cod_acervo)} />}
          compact={{
            defaultCoverUrl: defaultImage.data?.url,
            label: tab === TAB.newAcquisitions ? t('search.newAcquisitions.listLabel') : undefined,
          }}
          renderSuggestion={(total) =>
            state.term && state.rows.length === 0 ? (
              <DidYouMean
                term={state.term}
                resultCount={total}
                searchType={state.searchType}
                hrefFor={(term) =>
                  searchHref({
                    ...DEFAULT_SEARCH_STATE,
                    term,
                    searchType: state.searchType,
                    display: state.display,
                  })
                }
              />
            ) : null
          }
        />
      </BasketSelectionProvider>
    );
    searchArea = (
      <>
        {tab === 'avancada' ? (
          // The advanced form sets its limits as filters and options: they are part of the new search.
          <AdvancedSearchForm value={state} onSearch={(value) => setState({ ...state, page: 1, ...value })} />
        ) : (
          <SearchForm
            value={state}
            tab={tab}
            onSearch={(value) => newSearch({ ...value, rows: [] })}
            isCompact={results !== null}
            renderOptions={
              TabOptions
                ? (options, onChange) => <TabOptions value={options} onChange={onChange} />
                : undefined
            }
          />
        )}
        {/* Under the results once there are some, so the first result comes sooner (decision 0068). */}
        {results ? (
          <>
            {results}
            <SearchHistory />
          </>
        ) : (
          <>
            <SearchHistory />
            {tab === 'avancada' && (
              <section aria-labelledby="index-browse-heading">
                <Title order={2} fz="h3" id="index-browse-heading">
                  {t('search.index.label')}
                </Title>
                <IndexBrowser initialType="autor" />
              </section>
            )}
            <SearchTour />
            <HomeSections />
          </>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <DocumentTitle
        page={state.term ? t('search.documentTitle', { term: state.term }) : t('search.pageTitle')}
      />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {t('search.pageTitle')}
      </Title>
      {/* Once a search is shown its results matter more than the introduction. */}
      {!runnable && <Text>{t('search.intro')}</Text>}
      {enabledTabs.length > 1 && (
        <SearchTabsNav
          tabs={enabledTabs}
          current={current.key}
          queryOf={(tab) => readTabSearches()[tab] ?? ''}
        />
      )}
      {searchArea}
    </Stack>
  );
}
