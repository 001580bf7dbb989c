import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AuthorityComboOption,
  AuthoritySearchHit,
  AuthoritySearchResponse,
  IndexedTitlesResponse,
} from '@estante/contract';
import { buildHit } from '../../../testing/factories';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { AuthoritySearch } from './authority-search';

const TYPES: AuthorityComboOption[] = [
  { codigo: 'pessoa', descricao: 'Pessoas', total: 392 },
  { codigo: 'instituicao', descricao: 'Instituições', total: 12 },
  { codigo: 'evento', descricao: 'Eventos', total: 0 },
  { codigo: 'assunto', descricao: 'Assuntos', total: 535 },
];

const MACHADO: AuthoritySearchHit = {
  cod_autoridade: 4,
  tipo: 'pessoa',
  cabecalho: 'Assis, Machado de, 1839-1908',
  remissivas_ver: ['Machado de Assis, Joaquim Maria', 'Assis, Joaquim Maria Machado de'],
  total_titulos: 14,
};
const CRITICISM: AuthoritySearchHit = {
  cod_autoridade: 418,
  tipo: 'assunto',
  cabecalho: 'Assis, Machado de, 1839-1908 - Crítica e interpretação',
  remissivas_ver: [],
  total_titulos: 1,
};
const NO_TITLES: AuthoritySearchHit = {
  cod_autoridade: 2001,
  tipo: 'pessoa',
  cabecalho: 'Assis, Francisco de',
  remissivas_ver: [],
  total_titulos: 0,
};

function stubAuthorities(pageSize = 20) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        const q = url.searchParams;
        asked.push(`${url.pathname}?${q}`);
        if (url.pathname === '/api/autoridade/combo') return jsonResponse(TYPES);
        if (url.pathname === '/api/consulta/autoridades') {
          const all = [MACHADO, CRITICISM, NO_TITLES].filter(
            (h) => !q.get('tipo') || h.tipo === q.get('tipo'),
          );
          const page = Number(q.get('pagina') ?? 1);
          const body: AuthoritySearchResponse = {
            data: all.slice((page - 1) * pageSize, page * pageSize),
            total: all.length,
            pagina: page,
            quantPag: pageSize,
          };
          return jsonResponse(body);
        }
        if (url.pathname === '/api/consulta/acervos-indexados') {
          const body: IndexedTitlesResponse = {
            data: [buildHit({ cod_acervo: 3, titulo: 'Dom Casmurro', ano_publicacao: 1899 })],
            total: 1,
            paginaAtiva: 1,
            quantPag: 20,
          };
          return jsonResponse(body);
        }
        return jsonResponse({ message: 'not here' }, 404);
      }),
    ),
  );
  return asked;
}

describe('AuthoritySearch', () => {
  it('asks for the words before searching', async () => {
    const asked = stubAuthorities();
    renderWithProviders(<AuthoritySearch />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pesquisar autoridades' }));
    expect(screen.getByText('O campo acima é obrigatório')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Nome, assunto ou título/ }));
    expect(asked.filter((a) => a.startsWith('/api/consulta/autoridades'))).toEqual([]);
  });

  it('offers the types the catalogue has, with their counts, and searches by the chosen one', async () => {
    const asked = stubAuthorities();
    renderWithProviders(<AuthoritySearch />);
    const type = await screen.findByRole('combobox', { name: 'Tipo de autoridade' });
    await waitFor(() =>
      expect(
        within(type)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Todos os tipos', 'Pessoas (392)', 'Instituições (12)', 'Assuntos (535)']),
    );
    await userEvent.selectOptions(type, 'pessoa');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Nome, assunto ou título/ }),
      'assis mach{Enter}',
    );
    expect(await screen.findByText('2 autoridades encontradas')).toBeTruthy();
    expect(asked).toContain('/api/consulta/autoridades?termo=assis+mach&tipo=pessoa&pagina=1');
    const results = screen.getByRole('list', { name: 'Pesquisa de autoridades' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
  });

  it('links each authority to its record and opens its titles in place', async () => {
    const asked = stubAuthorities();
    renderWithProviders(<AuthoritySearch initialTerm="assis" />);
    const heading = await screen.findByRole('link', { name: 'Assis, Machado de, 1839-1908' });
    expect(heading.getAttribute('href')).toBe('/autoridade/4');
    const item = heading.closest('li')!;
    expect(within(item).getByText('Pessoa')).toBeTruthy();
    expect(
      within(item).getByText(
        'Formas não usadas: Machado de Assis, Joaquim Maria; Assis, Joaquim Maria Machado de',
      ),
    ).toBeTruthy();
    const titles = within(item).getByRole('button', { name: '14 títulos' });
    expect(titles.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(titles);
    const region = await screen.findByRole('region', { name: 'Títulos de “Assis, Machado de, 1839-1908”' });
    expect(titles.getAttribute('aria-controls')).toBe(region.id);
    expect((await within(region).findByRole('link', { name: 'Dom Casmurro' })).getAttribute('href')).toBe(
      '/acervo/3',
    );
    expect(asked).toContain('/api/consulta/acervos-indexados?cod_autoridade=4&paginaAtiva=1');
    // An authority without titles says so instead of offering an empty list.
    const lonely = screen.getByRole('link', { name: 'Assis, Francisco de' }).closest('li')!;
    expect(within(lonely).getByText('Nenhum título no acervo')).toBeTruthy();
    expect(within(lonely).queryByRole('button')).toBeNull();
  });

  it('links to a search of the titles when the page gives one', async () => {
    stubAuthorities();
    renderWithProviders(
      <AuthoritySearch
        initialTerm="assis"
        titlesHrefFor={(hit) => `/?termo=${encodeURIComponent(hit.cabecalho)}&tipoBusca=autor`}
      />,
    );
    const link = await screen.findByRole('link', { name: '14 títulos' });
    expect(link.getAttribute('href')).toBe('/?termo=Assis%2C%20Machado%20de%2C%201839-1908&tipoBusca=autor');
  });

  it('pages through the results', async () => {
    const asked = stubAuthorities(2);
    renderWithProviders(<AuthoritySearch initialTerm="assis" />);
    await screen.findByRole('link', { name: 'Assis, Machado de, 1839-1908' });
    expect(screen.getByRole('button', { name: 'Autoridades anteriores' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Próximas autoridades' }));
    expect(await screen.findByRole('link', { name: 'Assis, Francisco de' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Assis, Machado de, 1839-1908' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Próximas autoridades' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(asked).toContain('/api/consulta/autoridades?termo=assis&pagina=2');
  });
});
