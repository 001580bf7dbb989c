import { useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  LibrariesSchema,
  SearchResponseSchema,
  TitleSchema,
  TitleTotalsSchema,
  type Library,
  type TitleTotals,
} from '@estante/contract';
import { apiGet, isApiErrorStatus } from '../../../lib/api-client';

/** Titles a search for the totals offers to choose from. */
const CHOICES = 10;

/** A title the patron may mean: its number, title and author. */
export interface TitleChoice {
  id: number;
  title: string;
  author: string | null;
}

/**
 * The titles a patron may mean: the title of that number when a number is typed (GET /acervo/{id};
 * none when there is no such title), else the first titles of the catalogue's title search
 * (GET /consulta with tipoBusca=titulo).
 */
export async function findTitles(text: string, signal?: AbortSignal): Promise<TitleChoice[]> {
  const typed = text.trim();
  if (/^\d{1,9}$/.test(typed)) {
    try {
      const title = await apiGet(API_PATHS.title(typed), TitleSchema, { signal });
      return [{ id: title.cod_acervo, title: title.titulo, author: title.autor }];
    } catch (error) {
      if (isApiErrorStatus(error, 404)) return [];
      throw error;
    }
  }
  const search = await apiGet(API_PATHS.search, SearchResponseSchema, {
    signal,
    query: { termo: typed, tipoBusca: 'titulo', quantPag: CHOICES },
  });
  return search.data.map((hit) => ({ id: hit.cod_acervo, title: hit.titulo, author: hit.autor }));
}

/** The libraries (GET /unidade-informacao), for the totals' library choice. */
export function useLibraries() {
  return useQuery({
    queryKey: ['libraries'],
    queryFn: ({ signal }) => apiGet(API_PATHS.libraries, LibrariesSchema, { signal }),
    staleTime: 10 * 60_000,
  });
}
export type { Library };

/** The totals query: the period (empty: the server's last twelve months) and the library. */
export interface TotalsQuery {
  titleId: number;
  from: string | null;
  to: string | null;
  library: string;
}

/** GET /acervo/{id}/totais. */
export function getTitleTotals(query: TotalsQuery, signal?: AbortSignal): Promise<TitleTotals> {
  return apiGet(API_PATHS.titleTotals(query.titleId), TitleTotalsSchema, {
    signal,
    query: { dataIni: query.from, dataFim: query.to, biblioteca: query.library || null },
  });
}

export function useTitleTotals(query: TotalsQuery | null) {
  return useQuery({
    queryKey: ['title-totals', query],
    queryFn: ({ signal }) => getTitleTotals(query!, signal),
    enabled: query !== null,
  });
}
