import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createConfiguredQueryClient, renderWithProviders } from '../../../testing/render';
import { getAdvancedSearchOptionsQueryOptions } from '../api/get-tab-options';
import { DEFAULT_SEARCH_STATE } from '../hooks/use-search-state';
import { AdvancedSearchForm } from './advanced-search-form';

describe('AdvancedSearchForm', () => {
  it(
    'searches with several rows, each with its operator and field; empty rows are left out',
    { timeout: 15_000 },
    async () => {
      const onSearch = vi.fn();
      renderWithProviders(<AdvancedSearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
      const first = await screen.findByRole('group', { name: 'Linha 1' });
      await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Campo' }), 'autor');
      await userEvent.type(within(first).getByRole('searchbox', { name: /Termo de pesquisa/ }), 'machado');
      const second = screen.getByRole('group', { name: 'Linha 2' });
      await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Operador' }), 'NAO');
      await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Campo' }), 'assunto');
      await userEvent.type(within(second).getByRole('searchbox'), ' poesia ');
      await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
      expect(onSearch).toHaveBeenCalledWith({
        term: 'machado',
        searchType: 'autor',
        termType: 'qualquer',
        similar: false,
        rows: [{ operador: 'NAO', campo: 'assunto', termo: 'poesia' }],
        filters: [],
        options: {},
      });
    },
  );

  it('limits the search to a work type, language, library and years, and refuses years out of order', async () => {
    const onSearch = vi.fn();
    const queryClient = createConfiguredQueryClient();
    queryClient.setQueryData(getAdvancedSearchOptionsQueryOptions().queryKey, {
      tiposObra: [{ valor: 'LIVRO', descricao: 'Livro', quantidade: 10 }],
      idiomas: [{ valor: 'por', descricao: 'Português', quantidade: 9 }],
      bibliotecas: [{ valor: '2', descricao: 'Biblioteca Central', quantidade: 8 }],
      anoInicial: 1850,
      anoFinal: 2024,
    });
    renderWithProviders(
      <AdvancedSearchForm value={{ ...DEFAULT_SEARCH_STATE, term: 'machado' }} onSearch={onSearch} />,
      { queryClient },
    );
    const limits = await screen.findByRole('group', { name: 'Limitar a' });
    await userEvent.selectOptions(within(limits).getByRole('combobox', { name: 'Tipo de obra' }), 'LIVRO');
    await userEvent.selectOptions(within(limits).getByRole('combobox', { name: 'Idioma' }), 'por');
    await userEvent.selectOptions(within(limits).getByRole('combobox', { name: 'Biblioteca' }), '2');
    const from = within(limits).getByRole('textbox', { name: 'Publicado de (ano)' });
    const to = within(limits).getByRole('textbox', { name: 'Publicado até (ano)' });
    await userEvent.type(from, '1950');
    await userEvent.type(to, '1900');
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('A data inicial não pode ser posterior à data final.')).toBeTruthy();

    await userEvent.clear(to);
    await userEvent.type(to, '1999');
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({
        term: 'machado',
        filters: [
          { tipo: 'T', valor: 'LIVRO' },
          { tipo: 'I', valor: 'por' },
          { tipo: 'B', valor: '2' },
        ],
        options: { dataIni: ['1950'], dataFim: ['1999'] },
      }),
    );
  });

  it('requires the first term, keeps what was typed in the other rows, and focuses the field', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<AdvancedSearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
    const second = await screen.findByRole('group', { name: 'Linha 2' });
    await userEvent.type(within(second).getByRole('searchbox'), 'casmurro');
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('O campo acima é obrigatório')).toBeTruthy();
    const first = within(screen.getByRole('group', { name: 'Linha 1' })).getByRole('searchbox');
    expect(document.activeElement).toBe(first);
    expect((within(second).getByRole('searchbox') as HTMLInputElement).value).toBe('casmurro');
  });

  it('adds and removes rows, and offers the six operators', async () => {
    renderWithProviders(<AdvancedSearchForm value={DEFAULT_SEARCH_STATE} onSearch={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar linha' }));
    const fourth = screen.getByRole('group', { name: 'Linha 4' });
    const operators = within(fourth).getByRole('combobox', { name: 'Operador' });
    expect(
      within(operators)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['E', 'OU', 'E NÃO', 'Seguido de (próximo)', 'Antes de (perto)', 'Depois de (perto)']);
    await userEvent.click(screen.getByRole('button', { name: 'Remover linha 2' }));
    expect(screen.queryByRole('group', { name: 'Linha 4' })).toBeNull();
  });

  it('starts from the rows of the URL', async () => {
    renderWithProviders(
      <AdvancedSearchForm
        value={{
          ...DEFAULT_SEARCH_STATE,
          term: 'sertão',
          rows: [{ operador: 'PROX', campo: 'titulo', termo: 'veredas' }],
        }}
        onSearch={vi.fn()}
      />,
    );
    const second = await screen.findByRole('group', { name: 'Linha 2' });
    expect((within(second).getByRole('searchbox') as HTMLInputElement).value).toBe('veredas');
    expect((within(second).getByRole('combobox', { name: 'Operador' }) as HTMLSelectElement).value).toBe(
      'PROX',
    );
  });
});
