import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import {
  DEFAULT_SEARCH_STATE,
  defaultDisplay,
  displayOf,
  hasFilter,
  parseSearchState,
  toggleFilter,
  searchHref,
  toSearchParams,
  useSearchState,
  withDisplay,
} from './use-search-state';

describe('search state in the URL', () => {
  it('starts from the SPEC §9 defaults when the URL says nothing', () => {
    expect(parseSearchState(new URLSearchParams())).toEqual({
      term: '',
      searchType: 'livre',
      termType: 'qualquer',
      similar: false,
      page: 1,
      pageSize: 20,
      ordering: 'C',
      filters: [],
      rows: [],
      options: {},
    });
  });

  it('reads every SPEC parameter into the typed value', () => {
    const params = new URLSearchParams(
      'termo=Dom%20Casmurro&tipoBusca=titulo&tipoTermo=exata&similares=true&paginaAtiva=3&quantPag=50&ordenacao=AD',
    );
    expect(parseSearchState(params)).toEqual({
      term: 'Dom Casmurro',
      searchType: 'titulo',
      termType: 'exata',
      similar: true,
      page: 3,
      pageSize: 50,
      ordering: 'AD',
      filters: [],
      rows: [],
      options: {},
    });
  });

  it('keeps filters, advanced rows and tab options through the URL, in order', () => {
    const state = {
      ...DEFAULT_SEARCH_STATE,
      term: 'machado',
      searchType: 'autor' as const,
      rows: [
        { operador: 'E' as const, campo: 'titulo' as const, termo: 'dom | casmurro' },
        { operador: 'NAO' as const, campo: 'assunto' as const, termo: 'poesia' },
      ],
      options: { dias: ['30'] },
      filters: [
        { tipo: 'T' as const, valor: 'LIVRO' },
        { tipo: 'I' as const, valor: 'por' },
        { tipo: 'T' as const, valor: 'EBOOK' },
      ],
    };
    const params = toSearchParams(state);
    expect(params.getAll('filtro')).toEqual(['T:LIVRO', 'I:por', 'T:EBOOK']);
    expect(params.getAll('linha')).toEqual(['E|titulo|dom | casmurro', 'NAO|assunto|poesia']);
    expect(params.getAll('opcao')).toEqual(['dias:30']);
    expect(parseSearchState(params)).toEqual(state);
  });

  it('drops filters and rows a person could not have chosen, and repeated filters', () => {
    const params = new URLSearchParams(
      'termo=x&filtro=Q:1&filtro=T:&filtro=T:LIVRO&filtro=T:LIVRO&linha=XOR|titulo|a&linha=E|isbn|b&linha=OU|autor|',
    );
    const state = parseSearchState(params);
    expect(state.filters).toEqual([{ tipo: 'T', valor: 'LIVRO' }]);
    expect(state.rows).toEqual([]);
  });

  it('toggles a filter on and off, going back to the first page', () => {
    const start = { ...DEFAULT_SEARCH_STATE, term: 'x', page: 3 };
    const on = toggleFilter(start, { tipo: 'Y', valor: '1899' });
    expect(on.filters).toEqual([{ tipo: 'Y', valor: '1899' }]);
    expect(on.page).toBe(1);
    expect(hasFilter(on, { tipo: 'Y', valor: '1899' })).toBe(true);
    expect(toggleFilter(on, { tipo: 'Y', valor: '1899' }).filters).toEqual([]);
  });

  it('unticks one value of a filter type and keeps the other values and types ticked', () => {
    const start = {
      ...DEFAULT_SEARCH_STATE,
      term: 'x',
      filters: [
        { tipo: 'T' as const, valor: 'LIVRO' },
        { tipo: 'I' as const, valor: 'por' },
        { tipo: 'T' as const, valor: 'EBOOK' },
      ],
    };
    const off = toggleFilter(start, { tipo: 'T', valor: 'LIVRO' });
    expect(off.filters).toEqual([
      { tipo: 'I', valor: 'por' },
      { tipo: 'T', valor: 'EBOOK' },
    ]);
    expect(hasFilter(off, { tipo: 'T', valor: 'EBOOK' })).toBe(true);
    expect(hasFilter(off, { tipo: 'T', valor: 'LIVRO' })).toBe(false);
    // The same value under another type is another filter.
    expect(hasFilter(off, { tipo: 'Y', valor: 'EBOOK' })).toBe(false);
    expect(toSearchParams(off).getAll('filtro')).toEqual(['I:por', 'T:EBOOK']);
    // The same value ticked under two filter types: unticking it under one keeps the other.
    const both = toggleFilter(toggleFilter(start, { tipo: 'A', valor: 'Assis, Machado de' }), {
      tipo: 'S',
      valor: 'Assis, Machado de',
    });
    expect(toggleFilter(both, { tipo: 'A', valor: 'Assis, Machado de' }).filters).toContainEqual({
      tipo: 'S',
      valor: 'Assis, Machado de',
    });
  });

  it('reads the term without the spaces around it, and page numbers of more than one digit', () => {
    const state = parseSearchState(new URLSearchParams('termo=%20casmurro%20&paginaAtiva=12'));
    expect(state.term).toBe('casmurro');
    expect(state.page).toBe(12);
    expect(parseSearchState(new URLSearchParams('paginaAtiva=10000')).page).toBe(10_000);
    expect(parseSearchState(new URLSearchParams('paginaAtiva=0')).page).toBe(1);
    expect(parseSearchState(new URLSearchParams('similares=1')).similar).toBe(true);
  });

  it('keeps tab options by key, and drops those without a key, with a key of digits or a line break', () => {
    const params = new URLSearchParams();
    for (const raw of ['dias:30', 'semvalor', '9dias:15', 'dias:7\n', 'base:acervo', 'dias:60'])
      params.append('opcao', raw);
    expect(parseSearchState(params).options).toEqual({ dias: ['30', '60'], base: ['acervo'] });
  });

  it('writes tab options sorted by key, leaving out empty values', () => {
    const state = { ...DEFAULT_SEARCH_STATE, term: 'x', options: { dias: ['', '30'], base: ['acervo'] } };
    expect(toSearchParams(state).getAll('opcao')).toEqual(['base:acervo', 'dias:30']);
  });

  it('writes the term type, similar words and a base other than the catalogue, and nothing for the defaults', () => {
    expect(toSearchParams(DEFAULT_SEARCH_STATE).toString()).toBe('');
    expect(searchHref(DEFAULT_SEARCH_STATE)).toBe('?');
    const state = { ...DEFAULT_SEARCH_STATE, term: 'x', termType: 'exata' as const, similar: true };
    expect(toSearchParams(state).toString()).toBe('termo=x&tipoTermo=exata&similares=true');
    expect(parseSearchState(toSearchParams(state))).toEqual(state);
    expect(toSearchParams({ ...state, similar: false, base: 'acervo' }).toString()).toBe(
      'termo=x&tipoTermo=exata',
    );
  });

  it('falls back to the defaults for values a person could not have chosen', () => {
    const params = new URLSearchParams(
      'tipoBusca=isbn&tipoTermo=x&paginaAtiva=-2&quantPag=33&ordenacao=Z&similares=maybe',
    );
    const state = parseSearchState(params);
    expect(state).toEqual({ ...DEFAULT_SEARCH_STATE });
  });

  it('refuses page numbers beyond what the API accepts', () => {
    expect(parseSearchState(new URLSearchParams('paginaAtiva=99999')).page).toBe(1);
    expect(parseSearchState(new URLSearchParams('paginaAtiva=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same value', () => {
    const state = {
      ...DEFAULT_SEARCH_STATE,
      term: 'Machado de Assis',
      searchType: 'autor' as const,
      page: 2,
    };
    const params = toSearchParams(state);
    expect(params.toString()).toBe('termo=Machado+de+Assis&tipoBusca=autor&paginaAtiva=2');
    expect(parseSearchState(params)).toEqual(state);
  });

  it('builds pagination links that keep the rest of the search', () => {
    expect(searchHref({ ...DEFAULT_SEARCH_STATE, term: 'sertão', ordering: 'T', page: 4 })).toBe(
      '?termo=sert%C3%A3o&paginaAtiva=4&ordenacao=T',
    );
  });

  it('updates the URL when the hook sets a new search', () => {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: ['/?termo=casmurro'] }, children);
    const { result } = renderHook(() => ({ search: useSearchState(), location: useLocation() }), { wrapper });
    expect(result.current.search[0].term).toBe('casmurro');
    act(() => result.current.search[1]({ ...result.current.search[0], pageSize: 50, page: 1 }));
    expect(result.current.location.search).toBe('?termo=casmurro&quantPag=50');
    expect(result.current.search[0].pageSize).toBe(50);
  });

  it('reads the display and the base from the URL, dropping what no one could have chosen', () => {
    const state = parseSearchState(new URLSearchParams('termo=x&exibicao=C&base=target_gedweb'));
    expect(state.display).toBe('C');
    expect(state.base).toBe('target_gedweb');
    const unknown = parseSearchState(new URLSearchParams('termo=x&exibicao=Z&base=outra'));
    expect(unknown.display).toBeUndefined();
    expect(unknown.base).toBeUndefined();
    // The catalogue is the base when none is named: it is never written.
    expect(parseSearchState(new URLSearchParams('termo=x&base=acervo')).base).toBeUndefined();
    expect(toSearchParams(state).toString()).toBe('termo=x&exibicao=C&base=target_gedweb');
  });

  it('opens new acquisitions in covers (C) and the other tabs in detailed lines (D)', () => {
    expect(defaultDisplay('novas-aquisicoes')).toBe('C');
    expect(defaultDisplay('geral')).toBe('D');
    expect(defaultDisplay('avancada')).toBe('D');
    expect(displayOf(DEFAULT_SEARCH_STATE, 'novas-aquisicoes')).toBe('C');
    expect(displayOf({ ...DEFAULT_SEARCH_STATE, display: 'D' }, 'novas-aquisicoes')).toBe('D');
  });

  it('keeps a tab’s own display out of the URL and writes the other one', () => {
    const start = { ...DEFAULT_SEARCH_STATE, term: 'x', page: 2 };
    expect(toSearchParams(withDisplay(start, 'geral', 'C')).get('exibicao')).toBe('C');
    expect(toSearchParams(withDisplay(start, 'geral', 'D')).has('exibicao')).toBe(false);
    expect(toSearchParams(withDisplay(start, 'novas-aquisicoes', 'D')).get('exibicao')).toBe('D');
    expect(toSearchParams(withDisplay(start, 'novas-aquisicoes', 'C')).has('exibicao')).toBe(false);
    // The same page of the same search, drawn differently.
    expect(withDisplay(start, 'geral', 'C').page).toBe(2);
  });
});
