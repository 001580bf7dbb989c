import { describe, expect, it, vi, beforeAll } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDERINGS } from '@estante/contract';
import { routes } from '../router';
import { createConfiguredQueryClient, renderRoutes, loadLazyRoutes } from '../../testing/render';
import { buildHit, buildSearchResponse } from '../../testing/factories';
import { getSearchTabsQueryOptions } from '../../features/chrome/api/get-search-tabs';
import { getDefaultImageQueryOptions } from '../../features/record/api/get-default-image';
import { getOrderingsQueryOptions } from '../../features/search/api/get-orderings';
import { searchTitlesQueryOptions } from '../../features/search/api/search-titles';
import { parseSearchState } from '../../features/search/hooks/use-search-state';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

const HITS = [
  buildHit({ cod_acervo: 1, titulo: 'Dom Casmurro' }),
  buildHit({
    cod_acervo: 2,
    titulo: 'Memórias póstumas de Brás Cubas',
    link_capa: 'https://covers.example/b.jpg',
  }),
];

/** The general search and new acquisitions, each with its answer in the cache. */
function client() {
  const queryClient = createConfiguredQueryClient();
  queryClient.setQueryData(getSearchTabsQueryOptions().queryKey, [
    { key: 'geral', label: 'search.tab.geral', enabled: true, order: 1 },
    { key: 'novas-aquisicoes', label: 'search.tab.novas-aquisicoes', enabled: true, order: 2 },
  ]);
  queryClient.setQueryData(
    getOrderingsQueryOptions().queryKey,
    ORDERINGS.map((codigo) => ({ codigo, descricao: `search.sort.${codigo}` })),
  );
  queryClient.setQueryData(getDefaultImageQueryOptions().queryKey, {
    url: '/api/consulta/imagem-padrao/capa.svg',
  });
  queryClient.setQueryData(
    searchTitlesQueryOptions(parseSearchState(new URLSearchParams('termo=Dom')), 'geral').queryKey,
    buildSearchResponse(HITS),
  );
  queryClient.setQueryData(
    searchTitlesQueryOptions(parseSearchState(new URLSearchParams()), 'novas-aquisicoes').queryKey,
    buildSearchResponse(HITS, { tab: 'novas-aquisicoes' }),
  );
  return queryClient;
}

/** Every call goes unanswered; the searches it was asked for are returned. */
function stubFetch() {
  const fetchStub = vi.fn((_input: RequestInfo | URL) => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchStub);
  return () =>
    fetchStub.mock.calls
      .map(
        ([input]) =>
          new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url),
      )
      .filter((url) => url.pathname === '/api/consulta');
}

const displaySelect = () => screen.getByRole('combobox', { name: 'Exibir como' }) as HTMLSelectElement;
const results = () => screen.getByRole('region', { name: 'Resultados' });

describe('result display (SPEC §3 exibicao)', () => {
  it('shows the general search as detailed lines and switches to covers through the URL, asking nothing', async () => {
    const searches = stubFetch();
    const { router } = renderRoutes(routes, { route: '/?termo=Dom', queryClient: client() });
    await screen.findByText('2 resultados para “Dom”');
    expect(displaySelect().value).toBe('D');
    expect(within(results()).getAllByRole('article')).toHaveLength(2);

    await userEvent.selectOptions(displaySelect(), 'C');
    expect(router.state.location.search).toBe('?termo=Dom&exibicao=C');
    expect(displaySelect().value).toBe('C');
    expect(within(results()).queryAllByRole('article')).toHaveLength(0);
    const link = within(results()).getByRole('link', { name: 'Memórias póstumas de Brás Cubas' });
    expect(link.getAttribute('href')).toBe('/acervo/2');
    // The same page, drawn anew: the cached answer serves both displays.
    expect(searches()).toEqual([]);

    // Back to the tab's own display: the URL no longer names it.
    await userEvent.selectOptions(displaySelect(), 'D');
    expect(router.state.location.search).toBe('?termo=Dom');
    expect(within(results()).getAllByRole('article')).toHaveLength(2);
  });

  it('opens new acquisitions in covers, and lets the patron choose the detailed lines', async () => {
    stubFetch();
    const { router } = renderRoutes(routes, { route: '/novas-aquisicoes', queryClient: client() });
    const covers = await screen.findByRole('list', { name: 'Títulos adquiridos' });
    expect(within(covers).getAllByRole('listitem')).toHaveLength(2);
    expect(displaySelect().value).toBe('C');
    expect(within(results()).queryAllByRole('article')).toHaveLength(0);

    await userEvent.selectOptions(displaySelect(), 'D');
    expect(router.state.location.search).toBe('?exibicao=D');
    expect(within(results()).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Títulos adquiridos' })).toBeNull();
  });

  it('reads the display from a bookmarked URL, and each tab keeps its own', async () => {
    stubFetch();
    const { router } = renderRoutes(routes, { route: '/?termo=Dom&exibicao=C', queryClient: client() });
    await screen.findByText('2 resultados para “Dom”');
    expect(displaySelect().value).toBe('C');

    const tabs = screen.getByRole('navigation', { name: 'Guias de pesquisa' });
    await userEvent.click(within(tabs).getByRole('link', { name: 'Novas aquisições' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/novas-aquisicoes'));
    expect(await screen.findByRole('list', { name: 'Títulos adquiridos' })).toBeTruthy();
    expect(displaySelect().value).toBe('C');

    // The general search's link carries its search, covers included.
    const general = within(tabs).getByRole('link', { name: 'Pesquisa geral' });
    expect(general.getAttribute('href')).toBe('/geral?termo=Dom&exibicao=C');
  });

  it('puts the display choice next to sort and page size, the next stop of the Tab key', async () => {
    stubFetch();
    renderRoutes(routes, { route: '/?termo=Dom', queryClient: client() });
    await screen.findByText('2 resultados para “Dom”');
    screen.getByRole('combobox', { name: 'Resultados por página' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(displaySelect());
    expect([...displaySelect().options].map((option) => [option.value, option.text])).toEqual([
      ['D', 'Lista detalhada'],
      ['C', 'Capas (compacta)'],
    ]);
  });

  it('offers no covers on the network tab, whose hits are not records of this catalogue', async () => {
    stubFetch();
    const queryClient = client();
    queryClient.setQueryData(getSearchTabsQueryOptions().queryKey, [
      { key: 'rede-oai', label: 'search.tab.rede-oai', enabled: true, order: 1 },
    ]);
    queryClient.setQueryData(
      searchTitlesQueryOptions(parseSearchState(new URLSearchParams('termo=Dom&exibicao=C')), 'rede-oai')
        .queryKey,
      buildSearchResponse(HITS, { tab: 'rede-oai' }),
    );
    renderRoutes(routes, { route: '/rede-oai?termo=Dom&exibicao=C', queryClient });
    await screen.findByText('2 resultados para “Dom”');
    expect(screen.queryByRole('combobox', { name: 'Exibir como' })).toBeNull();
    // The network tab's hit items are its own chunk, drawn once it arrives.
    await waitFor(() => expect(within(results()).getAllByRole('article')).toHaveLength(2));
  });
});

describe('search from anywhere (decision 0068)', () => {
  // Two whole pages drawn: more than the default five seconds on a loaded machine.
  it(
    'opens the simple tab at / even after the advanced search was visited',
    { timeout: 15_000 },
    async () => {
      stubFetch();
      const queryClient = client();
      queryClient.setQueryData(getSearchTabsQueryOptions().queryKey, [
        { key: 'geral', label: 'search.tab.geral', enabled: true, order: 1 },
        { key: 'avancada', label: 'search.tab.avancada', enabled: true, order: 2 },
      ]);
      const { router } = renderRoutes(routes, { route: '/avancada', queryClient });
      // The advanced form is its own chunk, fetched with the tab: a loaded machine may take more than a second.
      await screen.findByRole('search', { name: 'Pesquisa avançada' }, { timeout: 5000 });
      await router.navigate('/?termo=Dom');
      // A whole page is drawn anew: give a loaded machine more than the default second.
      await screen.findByText('2 resultados para “Dom”', undefined, { timeout: 5000 });
      const tabs = screen.getByRole('navigation', { name: 'Guias de pesquisa' });
      expect(within(tabs).getByRole('link', { name: 'Pesquisa geral' }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect(screen.queryByRole('search', { name: 'Pesquisa avançada' })).toBeNull();
      // The search page's own form is the search box: the header offers none there.
      expect(screen.queryByRole('search', { name: 'Busca no catálogo' })).toBeNull();
    },
  );

  it('offers the header search box on the other pages', async () => {
    stubFetch();
    renderRoutes(routes, { route: '/cesta', queryClient: client() });
    const box = await screen.findByRole('search', { name: 'Busca no catálogo' });
    expect(within(box).getByRole('searchbox', { name: 'Buscar no catálogo' })).toBeTruthy();
  });
});
