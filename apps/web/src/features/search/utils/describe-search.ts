import type { TFunction } from 'i18next';
import type { SearchType } from '@estante/contract';
import type { SearchState } from '../hooks/use-search-state';

/**
 * A search as the patron reads it, for the history: each row's field and term with its operator,
 * and how many filters narrowed it ("Autor: machado · E Título: casmurro · 2 filtros").
 */
export function describeSearch(t: TFunction, state: SearchState): string {
  const parts = [`${t(`search.type.${state.searchType}`)}: ${state.term}`];
  for (const row of state.rows) {
    parts.push(
      `${t(`search.advanced.operators.${row.operador}`)} ${t(`search.type.${row.campo}`)}: ${row.termo}`,
    );
  }
  if (state.filters.length > 0) parts.push(t('search.history.filters', { count: state.filters.length }));
  return parts.join(' · ');
}

/**
 * Every row of a search as the results heading names it, each field with its term and the
 * operator joining it to the row before ("Autor: “machado” OU Título: “iracema”"), so an advanced
 * search is not read as its first row alone.
 */
export function describeRows(t: TFunction, state: Pick<SearchState, 'term' | 'searchType' | 'rows'>): string {
  const row = (field: SearchType, term: string) =>
    t('search.results.row', { field: t(`search.type.${field}`), term });
  return [
    row(state.searchType, state.term),
    ...state.rows.map((r) => `${t(`search.advanced.operators.${r.operador}`)} ${row(r.campo, r.termo)}`),
  ].join(' ');
}
