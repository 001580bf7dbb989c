import { describe, expect, it, vi, beforeAll } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDERINGS, TITLE_TAB_CODES, TITLE_TAB_SEGMENTS } from '@estante/contract';
import { routes } from './router';
import {
  createConfiguredQueryClient,
  fetchWith,
  jsonResponse,
  renderRoutes,
  loadLazyRoutes,
} from '../testing/render';
import { buildAuthority, buildCopy, buildHit, buildSearchResponse, buildTitle } from '../testing/factories';
import { getTitleQueryOptions } from '../features/record/api/get-title';
import { getTitleCopiesQueryOptions } from '../features/record/api/get-title-copies';
import { getDefaultImageQueryOptions } from '../features/record/api/get-default-image';
import { getTitleMarcQueryOptions } from '../features/record/api/get-title-marc';
import { getTitlePermissionsQueryOptions } from '../features/record/api/get-title-permissions';
import { getAuthorityQueryOptions } from '../features/authority/api/get-authority';
import { getOrderingsQueryOptions } from '../features/search/api/get-orderings';
import { searchTitlesQueryOptions } from '../features/search/api/search-titles';
import { parseSearchState } from '../features/search/hooks/use-search-state';
import { stubIdentityApi } from '../testing/identity';
import { clearSession } from '../features/identity/utils/session';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

function clientWithSearch(query: string, hits = [buildHit()]) {
  const client = createConfiguredQueryClient();
  client.setQueryData(
    getOrderingsQueryOptions().queryKey,
    ORDERINGS.map((codigo) => ({ codigo, descricao: `search.sort.${codigo}` })),
  );
  client.setQueryData(
    searchTitlesQueryOptions(parseSearchState(new URLSearchParams(query)), 'geral').queryKey,
    buildSearchResponse(hits),
  );
  return client;
}

function clientWithTitle() {
  const client = createConfiguredQueryClient();
  client.setQueryData(getTitleQueryOptions(1).queryKey, buildTitle());
  // The record shows once its copies are in (decision 0070): none, unless a test gives some.
  client.setQueryData(getTitleCopiesQueryOptions(1, null).queryKey, []);
  // The institution's default image: the record draws a cover instead of showing it (decision 0070).
  client.setQueryData(getDefaultImageQueryOptions().queryKey, {
    url: '/api/consulta/imagem-padrao/capa.svg',
  });
  return client;
}

/** The title of clientWithTitle, with copies: its hold (18) and loan request (75) tabs are offered. */
function clientWithLendableTitle() {
  const client = clientWithTitle();
  client.setQueryData(getTitlePermissionsQueryOptions(1).queryKey, {
    cod_acervo: 1,
    abas: TITLE_TAB_SEGMENTS.map((aba) => ({
      aba,
      codigo: TITLE_TAB_CODES[aba],
      permitida: aba === 'reserva' || aba === 'solicitacao-emprestimo',
    })),
  });
  return client;
}

describe('routes (SPEC §2)', () => {
  it('shows the not-found screen for an unknown path', async () => {
    renderRoutes(routes, { route: '/nada/aqui' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
  });

  it('shows the not-found screen for a single segment that is not a search guide', async () => {
    renderRoutes(routes, { route: '/acervo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
  });

  it('says where restricted publisher content starts when /pearson is opened without a form', async () => {
    renderRoutes(routes, { route: '/pearson' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conteúdo da editora' })).toBeTruthy();
  });

  it('shows the basket at /cesta', async () => {
    renderRoutes(routes, { route: '/cesta' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cesta' })).toBeTruthy();
  });

  it('sends a visitor from the personal area to the login with the path to return to', async () => {
    const { router } = renderRoutes(routes, { route: '/meupergamum/app' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmeupergamum%2Fapp');
  });

  it('has a skip link, the institution, a login link back to this page and the copyright year', async () => {
    renderRoutes(routes, { route: '/cesta' });
    const skip = await screen.findByRole('link', { name: 'Pular para o conteúdo principal' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('link', { name: /BPE/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcesta',
    );
    expect(
      screen.getByText(
        `© ${new Date().getFullYear()} Biblioteca Pública Estadual. Todos os direitos reservados.`,
      ),
    ).toBeTruthy();
  });

  it('offers the languages with every text, each named in itself', async () => {
    renderRoutes(routes, { route: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Idioma' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Português', 'English', 'Español']);
    expect(within(nav).getByRole('button', { name: 'Português' }).getAttribute('aria-current')).toBe('true');
  });
});

describe('search page', () => {
  it('announces the result count and lists titles with links to their records', async () => {
    renderRoutes(routes, { route: '/?termo=Dom', queryClient: clientWithSearch('termo=Dom') });
    expect(await screen.findByText('1 resultado para “Dom”')).toBeTruthy();
    expect(screen.getByText('1 resultado para “Dom”').getAttribute('role')).toBe('status');
    const link = screen.getByRole('link', { name: 'Dom Casmurro' });
    expect(link.getAttribute('href')).toBe('/acervo/1');
    expect(screen.getByText('2 de 3 exemplares disponíveis')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Resultados por página' }) as HTMLSelectElement).value).toBe(
      '20',
    );
  });

  it('says so when nothing was found', async () => {
    renderRoutes(routes, { route: '/?termo=zzz', queryClient: clientWithSearch('termo=zzz', []) });
    expect(await screen.findByText('Nenhum título encontrado para “zzz”.')).toBeTruthy();
  });

  it('changing the sort writes it to the URL and goes back to page 1', async () => {
    const { router } = renderRoutes(routes, {
      route: '/?termo=Dom&paginaAtiva=1',
      queryClient: clientWithSearch('termo=Dom'),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Ordenar por' }), 'T');
    expect(router.state.location.search).toBe('?termo=Dom&ordenacao=T');
  });

  it('shows an error on the page when the search fails and keeps what was typed', async () => {
    const onError = vi.fn();
    const client = createConfiguredQueryClient(onError);
    client.setQueryData(getOrderingsQueryOptions().queryKey, []);
    vi.stubGlobal(
      'fetch',
      vi.fn(fetchWith(() => jsonResponse({ message: 'Erro inesperado.', code: 'INTERNAL' }, 500))),
    );
    renderRoutes(routes, { route: '/', queryClient: client });
    await userEvent.type(
      await screen.findByRole('combobox', { name: /Termo de pesquisa/ }),
      'Grande sertão: veredas{Enter}',
    );
    expect(await screen.findByText(/Não foi possível concluir a pesquisa/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /Termo de pesquisa/ }) as HTMLInputElement).value).toBe(
      'Grande sertão: veredas',
    );
    expect(onError).toHaveBeenCalled();
  });
});

describe('title page', () => {
  it('shows the data tab with authors linking to their authority and a cover drawn from the title', async () => {
    renderRoutes(routes, { route: '/acervo/1', queryClient: clientWithTitle() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dom Casmurro' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Machado de Assis, 1839-1908' }).getAttribute('href')).toBe(
      '/autoridade/7',
    );
    expect(screen.getByRole('link', { name: 'Ficção brasileira' }).getAttribute('href')).toBe(
      '/autoridade/9',
    );
    // No cover of its own: one drawn from the title and author, not the grey default image.
    expect(document.querySelector('[data-cover="generated"]')?.textContent).toBe(
      'Dom CasmurroMachado de Assis, 1839-1908',
    );
    expect(document.querySelector('img[src*="imagem-padrao"]')).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Seções do título' });
    expect(within(tabs).getByRole('link', { name: 'Dados' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Exemplares' }).getAttribute('href')).toBe(
      '/acervo/1/exemplares',
    );
  });

  it('carries schema.org JSON-LD and COinS for reference managers, and a permanent link to copy', async () => {
    renderRoutes(routes, { route: '/acervo/1', queryClient: clientWithTitle() });
    await screen.findByRole('heading', { level: 1, name: 'Dom Casmurro' });
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'Book',
      name: 'Dom Casmurro',
      url: `${window.location.origin}/acervo/1`,
    });
    const coins = new URLSearchParams(document.querySelector('span.Z3988')?.getAttribute('title') ?? '');
    expect(coins.get('rft.btitle')).toBe('Dom Casmurro');
    expect(screen.getByRole('button', { name: 'Copiar link permanente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
  });

  it('shows copies grouped by library with translated status and the return date in the patron locale', async () => {
    const client = clientWithTitle();
    client.setQueryData(getTitleCopiesQueryOptions(1, null).queryKey, [
      buildCopy(),
      buildCopy({
        cod_exemplar: 2,
        numero: '1002',
        situacao: 'emprestado',
        data_prevista_devolucao: '2025-03-09',
      }),
    ]);
    renderRoutes(routes, { route: '/acervo/1/exemplares', queryClient: client });
    const table = await screen.findByRole('table', { name: 'Exemplares em Biblioteca Central' });
    expect(within(table).getByText('Disponível')).toBeTruthy();
    expect(within(table).getByText('Emprestado')).toBeTruthy();
    expect(within(table).getByText('09/03/2025')).toBeTruthy();
  });

  it('shows the MARC tab as tag, indicators and $-subfields', async () => {
    const client = clientWithTitle();
    client.setQueryData(getTitleMarcQueryOptions(1).queryKey, {
      leader: '00000nam a2200000 a 4500',
      fields: [
        { tag: '001', value: '0001' },
        {
          tag: '245',
          ind1: '1',
          ind2: '0',
          subfields: [
            { code: 'a', value: 'Dom Casmurro /' },
            { code: 'c', value: 'Machado de Assis.' },
          ],
        },
      ],
    });
    renderRoutes(routes, { route: '/acervo/1/marc', queryClient: client });
    const row = (await screen.findByRole('rowheader', { name: '245' })).closest('tr') as HTMLElement;
    expect(row.textContent).toBe('24510$a Dom Casmurro /$c Machado de Assis.');
  });

  it('asks a visitor on the loan request tab to sign in', async () => {
    renderRoutes(routes, {
      route: '/acervo/1/solicitacao-emprestimo',
      queryClient: clientWithLendableTitle(),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Solicitação de empréstimo' })).toBeTruthy();
    expect(screen.getByText('Entre com seu login para solicitar o empréstimo deste título.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar para solicitar' })).toBeTruthy();
  });

  it('asks a visitor on the hold tab to sign in, in the modal, and keeps them on the tab', async () => {
    stubIdentityApi();
    const { router } = renderRoutes(routes, {
      route: '/acervo/1/reserva',
      queryClient: clientWithLendableTitle(),
    });
    expect(await screen.findByText('Entre com seu login para reservar este título.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar para reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Usuário' }), 'ana');
    await userEvent.type(within(dialog).getByLabelText(/^Senha/, { selector: 'input' }), 'estante-ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/acervo/1/reserva');
    expect(screen.queryByText('Entre com seu login para reservar este título.')).toBeNull();
    await clearSession();
  }, 30_000);

  it('opens on where the title is: a copy on the shelf says where to pick it up, and no hold is offered', async () => {
    const client = clientWithLendableTitle();
    client.setQueryData(getTitleCopiesQueryOptions(1, null).queryKey, [
      buildCopy(),
      buildCopy({
        cod_exemplar: 2,
        numero: '1002',
        situacao: 'emprestado',
        data_prevista_devolucao: '2025-03-09',
      }),
    ]);
    renderRoutes(routes, { route: '/acervo/1', queryClient: client });
    const holdings = await screen.findByRole('region', { name: 'Onde encontrar' });
    // Before the details and the tabs.
    const details = screen.getByRole('heading', { level: 2, name: 'Dados do título' });
    const tabs = screen.getByRole('navigation', { name: 'Seções do título' });
    expect(holdings.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(holdings.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(holdings).getByRole('status').textContent).toBe(
      'Há exemplar na estanteNão é preciso reservar: retire-o emBiblioteca Central — Estante 3 — 869.3 M149d',
    );
    expect(within(holdings).getByText('1 de 2 exemplares na estante')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reservar' })).toBeNull();
  });

  it('"place hold" signs a visitor in through the modal and comes back to the hold dialog', async () => {
    const api = stubIdentityApi();
    const client = clientWithLendableTitle();
    client.setQueryData(getTitleCopiesQueryOptions(1, null).queryKey, [
      buildCopy({ situacao: 'emprestado', data_prevista_devolucao: '2025-03-09' }),
    ]);
    const { router } = renderRoutes(routes, { route: '/acervo/1', queryClient: client });
    const holdings = await screen.findByRole('region', { name: 'Onde encontrar' });
    expect(within(holdings).getByText('O exemplar não está na estante')).toBeTruthy();
    expect(within(holdings).getByText('Devolução prevista: 09/03/2025')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Usuário' }), 'ana');
    await userEvent.type(within(dialog).getByLabelText(/^Senha/, { selector: 'input' }), 'estante-ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('dialog', { name: 'Reservar «Dom Casmurro»' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acervo/1');
    expect(api.grants('password')).toHaveLength(1);
    await clearSession();
  }, 30_000);

  it('says the title does not exist for an id that cannot be one', async () => {
    renderRoutes(routes, { route: '/acervo/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Título não encontrado' })).toBeTruthy();
  });

  it('says the title does not exist when the API answers 404, without a toast', async () => {
    const onError = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(fetchWith(() => jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404))),
    );
    renderRoutes(routes, { route: '/acervo/999', queryClient: createConfiguredQueryClient(onError) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Título não encontrado' })).toBeTruthy();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('authority page', () => {
  it('shows the heading, the translated type, references and linked titles', async () => {
    const client = createConfiguredQueryClient();
    client.setQueryData(getAuthorityQueryOptions(7).queryKey, buildAuthority());
    renderRoutes(routes, { route: '/autoridade/7', queryClient: client });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Machado de Assis, 1839-1908' }),
    ).toBeTruthy();
    expect(screen.getByText('Tipo: Pessoa')).toBeTruthy();
    expect(screen.getByText('Assis, Joaquim Maria Machado de')).toBeTruthy();
    expect(screen.getByText('1 título no acervo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/1');
  });
});
