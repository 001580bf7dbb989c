import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import { STORAGE_KEYS } from '../../config/env';
import { useSearchTabs } from '../../features/chrome/api/get-search-tabs';
import { useOrderings } from '../../features/search/api/get-orderings';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';
import { SearchTabsNav } from '../../features/search/components/search-tabs-nav';
import { useSearchState } from '../../features/search/hooks/use-search-state';
import { readTabSearches, saveTabSearch } from '../../features/search/hooks/tab-searches';
import { AdvancedSearchForm } from '../../features/search/components/advanced-search-form';
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

function storedGuide(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.searchGuide);
  } catch {
    return null;
  }
}

/** SPEC §2 / and /:guia: the search page, on a search tab (guide). */
export function HomeRoute() {
  const { t } = useTranslation();
  const { guia } = useParams();
  const tabs = useSearchTabs();
  const [state, setState] = useSearchState();
  const orderings = useOrderings(state.term.length > 0);
  const location = useLocation();

  const enabledTabs = tabs.filter((tab) => tab.enabled).sort((a, b) => a.order - b.order);
  const requested = guia ?? storedGuide();
  const current = enabledTabs.find((tab) => tab.key === requested) ?? enabledTabs[0];

  useEffect(() => {
    if (guia && current?.key === guia) {
      try {
        sessionStorage.setItem(STORAGE_KEYS.searchGuide, guia);
      } catch {
        // Without storage the start page simply opens the first guide.
      }
    }
  }, [guia, current?.key]);

  // Remember the search of this tab, so coming back to the tab finds it again.
  useEffect(() => {
    if (current && state.term) saveTabSearch(current.key, location.search);
  }, [current, state.term, location.search]);

  if (guia !== undefined) {
    const known = tabs.find((tab) => tab.key === guia);
    if (!known) return <NotFoundRoute />;
    if (!known.enabled) return <NotAvailableRoute />;
  }
  if (!current) return <NotAvailableRoute />;

  return (
    <Stack gap="md">
      <DocumentTitle
        page={state.term ? t('search.documentTitle', { term: state.term }) : t('search.pageTitle')}
      />
      <Title order={1}>{t('search.pageTitle')}</Title>
      <Text>{t('search.intro')}</Text>
      {enabledTabs.length > 1 && (
        <SearchTabsNav
          tabs={enabledTabs}
          current={current.key}
          queryOf={(tab) => readTabSearches()[tab] ?? ''}
        />
      )}
      {current.key === 'avancada' ? (
        <AdvancedSearchForm
          value={state}
          onSearch={(value) => setState({ ...state, ...value, page: 1, filters: [] })}
        />
      ) : (
        <SearchForm
          value={state}
          onSearch={(value) => setState({ ...state, ...value, rows: [], page: 1, filters: [] })}
        />
      )}
      <SearchHistory />
      {state.term ? (
        <BasketSelectionProvider>
          <SearchResults
            state={state}
            tab={current.key}
            orderings={orderings.data}
            onChange={setState}
            renderHitSelect={(hit) => <SelectForBasket id={hit.cod_acervo} title={hit.titulo} />}
            renderHitActions={(hit) => <BasketToggle id={hit.cod_acervo} title={hit.titulo} size="xs" />}
            renderListTools={(hits) => <AddSelectedToBasket ids={hits.map((hit) => hit.cod_acervo)} />}
          />
        </BasketSelectionProvider>
      ) : (
        <>
          <SearchTour />
          <HomeSections />
        </>
      )}
    </Stack>
  );
}
