import type { TFunction } from 'i18next';
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
