import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INDEX_TYPE_LABELS,
  INDEX_TYPES,
  type IndexBrowseResponse,
  type IndexedTitlesResponse,
  type IndexEntry,
  type IndexType,
} from '@estante/contract';
import { buildHit } from '../../../testing/factories';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { IndexBrowser } from './index-browser';

const entry = (descricao: string, quantidade: number, cod_autoridade: number | null = null): IndexEntry => ({
  chave: descricao
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim(),
  descricao,
  quantidade,
  cod_autoridade,
});

/** Pages of the author index around "mach", as the API would answer them. */
const AUTHOR_PAGES: Record<string, IndexEntry[]> = {
  '0': [entry('Macedo, Joaquim Manuel de, 1820-1882', 1, 278)],
  '1': [entry('Machado, Ana Maria, 1941-', 1, 374), entry('Machiavelli, Niccolò, 1469-1527', 2, 1819)],
  '2': [entry('Mãe, Valter Hugo, 1971-', 1, 512)],
};

function stubIndex() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        const q = url.searchParams;
        asked.push(`${url.pathname}?${q}`);
        if (url.pathname === '/api/consulta/opcoes-indice')
          return jsonResponse(
            INDEX_TYPES.map((codigo) => ({ codigo, descricao: INDEX_TYPE_LABELS[codigo] })),
          );
        if (url.pathname === '/api/consulta/indice') {
          const page = q.get('pagina') ?? '1';
          const body: IndexBrowseResponse = {
            tipo: (q.get('tipo') ?? 'titulo') as IndexType,
            termo: q.get('termo') ?? '',
            pagina: Number(page),
            quantPag: 20,
            itens: q.get('tipo') === 'autor' ? (AUTHOR_PAGES[page] ?? []) : [],
            anterior: page !== '0',
            proxima: page !== '2',
          };
          return jsonResponse(body);
        }
        if (url.pathname === '/api/consulta/acervos-indexados') {
          const body: IndexedTitlesResponse = {
            data: [
              buildHit({
                cod_acervo: 7,
                titulo: 'Il principe',
                autor: 'Machiavelli, Niccolò',
                ano_publicacao: 1532,
              }),
              buildHit({
                cod_acervo: 8,
                titulo: 'O príncipe',
                autor: 'Machiavelli, Niccolò',
                ano_publicacao: null,
              }),
            ],
            total: 2,
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

describe('IndexBrowser', () => {
  it('browses the chosen index from the typed term, with each entry and its record count', async () => {
    const asked = stubIndex();
    renderWithProviders(<IndexBrowser />);
    const type = await screen.findByRole('combobox', { name: 'Índice' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Título', 'Série', 'Autor', 'Assunto', 'Número de chamada', 'ISBN', 'ISSN']);
    await userEvent.selectOptions(type, 'autor');
    await userEvent.type(screen.getByRole('textbox', { name: /Começar em/ }), 'mach{Enter}');
    const list = await screen.findByRole('list', { name: 'Entradas do índice de Autor' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Machado, Ana Maria, 1941-1 registro', 'Machiavelli, Niccolò, 1469-15272 registros']);
    expect(screen.getByText('A partir de “mach”')).toBeTruthy();
    expect(asked).toContain('/api/consulta/indice?tipo=autor&termo=mach&pagina=1');
  });

  it('pages forward and back from the term by keyboard, and moves the focus to the new entries', async () => {
    const asked = stubIndex();
    renderWithProviders(<IndexBrowser initialType="autor" initialTerm="mach" />);
    await screen.findByRole('button', { name: /Machado, Ana Maria/ });
    screen.getByRole('button', { name: 'Próximas entradas' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: /Mãe, Valter Hugo/ });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Entradas do índice de Autor' })),
    );
    // The last page says there is nothing after it, but its control keeps its place and focus.
    const next = screen.getByRole('button', { name: 'Próximas entradas' });
    expect(next.getAttribute('aria-disabled')).toBe('true');

    const previous = screen.getByRole('button', { name: 'Entradas anteriores' });
    await userEvent.click(previous);
    await screen.findByRole('button', { name: /Machado, Ana Maria/ });
    await userEvent.click(screen.getByRole('button', { name: 'Entradas anteriores' }));
    await screen.findByRole('button', { name: /Macedo, Joaquim Manuel/ });
    expect(screen.getByRole('button', { name: 'Entradas anteriores' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(asked.filter((a) => a.startsWith('/api/consulta/indice'))).toEqual([
      '/api/consulta/indice?tipo=autor&termo=mach&pagina=1',
      '/api/consulta/indice?tipo=autor&termo=mach&pagina=2',
      '/api/consulta/indice?tipo=autor&termo=mach&pagina=0',
    ]);
  });

  it('opens an entry to show its titles, each a link to its record', async () => {
    const asked = stubIndex();
    renderWithProviders(<IndexBrowser initialType="autor" initialTerm="mach" />);
    const machiavelli = await screen.findByRole('button', { name: /Machiavelli/ });
    expect(machiavelli.getAttribute('aria-expanded')).toBe('false');
    machiavelli.focus();
    await userEvent.keyboard(' ');
    expect(machiavelli.getAttribute('aria-expanded')).toBe('true');
    const titles = await screen.findByRole('region', {
      name: 'Títulos de “Machiavelli, Niccolò, 1469-1527”',
    });
    expect(machiavelli.getAttribute('aria-controls')).toBe(titles.id);
    const links = await within(titles).findAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Il principe', '/acervo/7'],
      ['O príncipe', '/acervo/8'],
    ]);
    expect(titles.textContent).toContain('Machiavelli, Niccolò · 1532');
    expect(asked).toContain(
      '/api/consulta/acervos-indexados?tipo=autor&chave=machiavelli+niccol+1469+1527&cod_autoridade=1819&paginaAtiva=1',
    );
    await userEvent.click(machiavelli);
    expect(screen.queryByRole('region', { name: /Títulos de/ })).toBeNull();
  });

  it('says when nothing follows the term, and offers the entries before it', async () => {
    stubIndex();
    renderWithProviders(<IndexBrowser initialType="titulo" initialTerm="zzz" />);
    expect(
      await screen.findByText(
        'Nenhuma entrada daqui em diante. Volte às entradas anteriores ou comece em outro termo.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entradas anteriores' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });
});
