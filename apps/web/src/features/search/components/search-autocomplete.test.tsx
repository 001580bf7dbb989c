import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutocompleteSuggestion } from '@estante/contract';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { SearchAutocomplete } from './search-autocomplete';

const DOM_CASMURRO: AutocompleteSuggestion = {
  tipo: 'titulo',
  texto: 'Dom Casmurro',
  quantidade: 3,
  cod_autoridade: null,
};
const DOM_QUIXOTE: AutocompleteSuggestion = {
  tipo: 'titulo',
  texto: 'Dom Quixote',
  quantidade: 1,
  cod_autoridade: null,
};
const DOMINGOS: AutocompleteSuggestion = {
  tipo: 'autor',
  texto: 'Domingos, Ana, 1950-',
  quantidade: 2,
  cod_autoridade: 40,
};

/** Answers the autocomplete call with the suggestions starting with the text; records each call. */
function stubSuggestions() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        asked.push(url.searchParams);
        const text = (url.searchParams.get('termo') ?? '').toLowerCase();
        return jsonResponse(
          [DOM_CASMURRO, DOM_QUIXOTE, DOMINGOS].filter((s) => s.texto.toLowerCase().startsWith(text)),
        );
      }),
    ),
  );
  return asked;
}

/** A search form as the search page has it: the field's value in state, a submit button. */
function Form({
  onSearch,
  onSuggestionSelect,
}: {
  onSearch: (term: string) => void;
  onSuggestionSelect?: (suggestion: AutocompleteSuggestion) => void;
}) {
  const [term, setTerm] = useState('');
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(term);
      }}
    >
      <SearchAutocomplete
        type="search"
        name="term"
        label="Termo de pesquisa"
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        onSuggestionSelect={onSuggestionSelect}
      />
      <button type="submit">Pesquisar</button>
    </form>
  );
}

describe('SearchAutocomplete', () => {
  it('asks once the typing pauses, and shows the suggestions as a list the field controls', async () => {
    const asked = stubSuggestions();
    renderWithProviders(<Form onSearch={vi.fn()} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(field, 'dom');
    const list = await screen.findByRole('listbox', { name: 'Sugestões' });
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dom CasmurroTítulo', 'Dom QuixoteTítulo', 'Domingos, Ana, 1950-Autor']);
    expect(screen.getByRole('status').textContent).toBe(
      '3 sugestões. Use as setas para escolher e Enter para confirmar.',
    );
    // One call for "dom" (a single character asks nothing), with the free search type.
    expect(asked.map((q) => `${q.get('termo')}|${q.get('tipo')}`)).toEqual(['dom|livre']);
  });

  it('moves through the suggestions with the arrow keys and takes one with Enter, without sending', async () => {
    stubSuggestions();
    const onSearch = vi.fn();
    const onSuggestionSelect = vi.fn();
    renderWithProviders(<Form onSearch={onSearch} onSuggestionSelect={onSuggestionSelect} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    await userEvent.type(field, 'dom');
    await screen.findByRole('listbox');
    expect(field.getAttribute('aria-activedescendant')).toBeNull();

    await userEvent.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Dom Casmurro/ });
    expect(field.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Domingos/ }).id,
    );
    // Down from the last goes round to the first; Up from the first to the last.
    await userEvent.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(first.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Dom Quixote/ }).id,
    );
    expect(document.activeElement).toBe(field);

    await userEvent.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe('Dom Quixote');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSearch).not.toHaveBeenCalled();
    expect(onSuggestionSelect).toHaveBeenCalledWith(DOM_QUIXOTE);

    // With the list closed, Enter sends the form with the chosen text.
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('Dom Quixote');
  });

  it('closes the list with Escape and keeps what was typed; Down opens it again', async () => {
    stubSuggestions();
    renderWithProviders(<Form onSearch={vi.fn()} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    await userEvent.type(field, 'dom');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect((field as HTMLInputElement).value).toBe('dom');
    await userEvent.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Dom Casmurro/ }).id,
    );
  });

  it('sends the typed text with Enter when no suggestion is highlighted', async () => {
    stubSuggestions();
    const onSearch = vi.fn();
    renderWithProviders(<Form onSearch={onSearch} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    await userEvent.type(field, 'dom');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('dom');
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('takes a suggestion clicked with the mouse, keeping the focus in the field', async () => {
    stubSuggestions();
    const onSuggestionSelect = vi.fn();
    renderWithProviders(<Form onSearch={vi.fn()} onSuggestionSelect={onSuggestionSelect} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    await userEvent.type(field, 'domi');
    await userEvent.click(await screen.findByRole('option', { name: /Domingos/ }));
    expect((field as HTMLInputElement).value).toBe('Domingos, Ana, 1950-');
    expect(document.activeElement).toBe(field);
    expect(onSuggestionSelect).toHaveBeenCalledWith(DOMINGOS);
    // The chosen text does not ask for suggestions of itself.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('does not open a list when nothing matches, and closes it when the field loses the focus', async () => {
    stubSuggestions();
    renderWithProviders(<Form onSearch={vi.fn()} />);
    const field = await screen.findByRole('combobox', { name: 'Termo de pesquisa' });
    await userEvent.type(field, 'xyz');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await userEvent.clear(field);
    await userEvent.type(field, 'dom');
    await screen.findByRole('listbox');
    await userEvent.tab();
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('false'));
  });
});
