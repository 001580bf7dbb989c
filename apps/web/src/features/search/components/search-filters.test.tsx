import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FilterGroup } from '@estante/contract';
import { renderWithProviders } from '../../../testing/render';
import { ActiveFilters, SearchFilters } from './search-filters';

const workTypes: FilterGroup = {
  tipo: 'T',
  descricao: 'search.filter.T',
  valores: [
    { valor: 'LIVRO', descricao: 'Livro', quantidade: 1234, selecionado: false },
    { valor: 'EBOOK', descricao: 'Livro eletrônico', quantidade: 3, selecionado: true },
  ],
};

const years: FilterGroup = {
  tipo: 'Y',
  descricao: 'search.filter.Y',
  valores: Array.from({ length: 12 }, (_, i) => ({
    valor: String(2020 - i),
    descricao: String(2020 - i),
    quantidade: 12 - i,
    // The last year is selected: it must stay visible although it is past the first eight.
    selecionado: i === 11,
  })),
};

const phoneMatchMedia = window.matchMedia;

/** A screen as wide as a desktop: the side column's media query matches (jsdom matches none). */
function desktopWidth(): void {
  window.matchMedia = (query: string) => ({
    ...phoneMatchMedia(query),
    matches: query === '(min-width: 62em)',
  });
}

describe('SearchFilters', () => {
  beforeEach(desktopWidth);
  afterEach(() => {
    window.matchMedia = phoneMatchMedia;
  });

  it('lists each group as a labelled set of checkboxes with the count of each value', async () => {
    renderWithProviders(<SearchFilters groups={[workTypes]} onToggle={vi.fn()} />);
    const group = await screen.findByRole('group', { name: 'Tipo de obra' });
    const book = within(group).getByRole('checkbox', { name: 'Livro (1.234)' });
    expect((book as HTMLInputElement).checked).toBe(false);
    expect(
      (within(group).getByRole('checkbox', { name: 'Livro eletrônico (3)' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('reports the value ticked or unticked, by keyboard too', async () => {
    const onToggle = vi.fn();
    renderWithProviders(<SearchFilters groups={[workTypes]} onToggle={onToggle} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Livro \(/ }));
    expect(onToggle).toHaveBeenLastCalledWith({ tipo: 'T', valor: 'LIVRO' });
    screen.getByRole('checkbox', { name: /^Livro eletrônico/ }).focus();
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith({ tipo: 'T', valor: 'EBOOK' });
  });

  it('shows eight values and the selected ones, the rest behind "more"', async () => {
    renderWithProviders(<SearchFilters groups={[years]} onToggle={vi.fn()} />);
    const group = await screen.findByRole('group', { name: 'Ano de publicação' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(9);
    expect(within(group).getByRole('checkbox', { name: '2009 (1)' })).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Mais 3 em Ano de publicação' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Menos valores em Ano de publicação' })).toBeTruthy();
  });

  it('on a phone opens the groups in a drawer with their counts, whose button shows the results', async () => {
    window.matchMedia = phoneMatchMedia;
    const onToggle = vi.fn();
    renderWithProviders(<SearchFilters groups={[workTypes, years]} onToggle={onToggle} total={3} />);
    // The side column is hidden on a phone: its groups are not drawn until the drawer opens.
    expect(await screen.findByRole('button', { name: 'Filtrar e ordenar' })).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('group')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar e ordenar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtrar resultados' });
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Livro (1.234)' }));
    expect(onToggle).toHaveBeenLastCalledWith({ tipo: 'T', valor: 'LIVRO' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ver 3 resultados' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing when the search has no groups', () => {
    const { container } = renderWithProviders(<SearchFilters groups={[]} onToggle={vi.fn()} />);
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('ActiveFilters', () => {
  it('names each applied filter with its group, removes one or clears all', async () => {
    const onRemove = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <ActiveFilters
        filters={[
          { tipo: 'T', valor: 'EBOOK' },
          { tipo: 'I', valor: 'lat' },
        ]}
        groups={[workTypes]}
        onRemove={onRemove}
        onClear={onClear}
      />,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remover filtro Tipo de obra: Livro eletrônico' }),
    );
    expect(onRemove).toHaveBeenCalledWith({ tipo: 'T', valor: 'EBOOK' });
    // A value the answer does not list (no longer in the results) still shows, as in the URL.
    expect(screen.getByRole('button', { name: 'Remover filtro Idioma: lat' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar todos os filtros' }));
    expect(onClear).toHaveBeenCalled();
  });
});
