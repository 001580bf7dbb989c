import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { DEFAULT_SEARCH_STATE } from '../hooks/use-search-state';
import { SearchForm } from './search-form';

describe('SearchForm', () => {
  it('says the field is required when searching with nothing typed, and does not search', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pesquisar' }));
    expect(screen.getByText('O campo acima é obrigatório')).toBeTruthy();
    const field = screen.getByRole('combobox', { name: /Termo de pesquisa/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('treats spaces alone as nothing typed', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
    await userEvent.type(await screen.findByRole('combobox', { name: /Termo de pesquisa/ }), '   {Enter}');
    expect(screen.getByText('O campo acima é obrigatório')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('shows the required message in Spanish when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<SearchForm value={DEFAULT_SEARCH_STATE} onSearch={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('El campo anterior es obligatorio')).toBeTruthy();
  });

  it('searches with the typed term, search type and term type, submitted with Enter', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Tipo de pesquisa' }),
      'titulo',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Buscar o termo' }), 'exata');
    await userEvent.type(
      screen.getByRole('combobox', { name: /Termo de pesquisa/ }),
      '  Dom Casmurro {Enter}',
    );
    expect(onSearch).toHaveBeenCalledWith({
      term: 'Dom Casmurro',
      searchType: 'titulo',
      termType: 'exata',
      similar: false,
      options: {},
    });
  });

  it('keeps what was typed after a search and clears the message once something is typed', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchForm value={DEFAULT_SEARCH_STATE} onSearch={onSearch} />);
    const field = await screen.findByRole('combobox', { name: /Termo de pesquisa/ });
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await userEvent.type(field, 'Grande sertão');
    expect(screen.queryByText('O campo acima é obrigatório')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect((field as HTMLInputElement).value).toBe('Grande sertão');
  });

  it('starts from the search in the URL', async () => {
    renderWithProviders(
      <SearchForm
        value={{ ...DEFAULT_SEARCH_STATE, term: 'Machado de Assis', searchType: 'autor' }}
        onSearch={vi.fn()}
      />,
    );
    expect(
      ((await screen.findByRole('combobox', { name: /Termo de pesquisa/ })) as HTMLInputElement).value,
    ).toBe('Machado de Assis');
    expect((screen.getByRole('combobox', { name: 'Tipo de pesquisa' }) as HTMLSelectElement).value).toBe(
      'autor',
    );
  });
});
