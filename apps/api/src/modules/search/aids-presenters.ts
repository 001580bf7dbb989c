import type { AuthoritySearchHit, AutocompleteSuggestion, IndexEntry } from '@estante/contract';
import type { AuthorityHitRow } from './authority-search.ts';
import type { IndexEntryRow } from './browse.ts';
import type { SuggestionRow } from './suggest.ts';

/** An index entry row → the wire entry (authority 0 means the entry is not an authority). */
export function presentIndexEntry(row: IndexEntryRow): IndexEntry {
  return {
    chave: row.norm,
    descricao: row.display,
    quantidade: row.title_count,
    cod_autoridade: row.authority_id === 0 ? null : row.authority_id,
  };
}

export function presentAuthorityHit(row: AuthorityHitRow): AuthoritySearchHit {
  return {
    cod_autoridade: row.id,
    tipo: row.type,
    cabecalho: row.heading,
    remissivas_ver: row.see_from,
    total_titulos: row.title_count,
  };
}

export function presentSuggestion(row: SuggestionRow): AutocompleteSuggestion {
  return {
    tipo: row.kind,
    texto: row.display,
    quantidade: row.title_count,
    cod_autoridade: row.authority_id === 0 ? null : row.authority_id,
  };
}
