import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import {
  DEFAULT_SEARCH_STATE,
  parseSearchState,
  searchHref,
  toSearchParams,
  useSearchState,
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
    });
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
});
