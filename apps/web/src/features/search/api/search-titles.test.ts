import { describe, expect, it, vi } from 'vitest';
import { buildHit, buildSearchResponse } from '../../../testing/factories';
import { fetchWith, jsonResponse } from '../../../testing/render';
import { DEFAULT_SEARCH_STATE, parseSearchState } from '../hooks/use-search-state';
import { isEmptyWithoutCall, searchTitles, searchTitlesQueryOptions } from './search-titles';

/** A fetch stand-in that answers /consulta with one hit and records every search it is asked. */
function stubSearchApi() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        asked.push(url);
        return jsonResponse(buildSearchResponse([buildHit()]));
      }),
    ),
  );
  return asked;
}

describe('searchTitles (GET /consulta)', () => {
  it('answers a Target GEDWeb search without a first column with no titles, asking nothing (SPEC §4)', async () => {
    const asked = stubSearchApi();
    const state = parseSearchState(new URLSearchParams('termo=ISO%209001&base=target_gedweb'));
    expect(isEmptyWithoutCall(state)).toBe(true);
    const result = await searchTitles(state, 'geral');
    expect(result).toMatchObject({ data: [], total: 0, base: 'target_gedweb', tab: 'geral', filtros: [] });
    expect(asked).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API for a Target GEDWeb search that names the column of its first row', async () => {
    const asked = stubSearchApi();
    const state = parseSearchState(
      new URLSearchParams('termo=ISO%209001&tipoBusca=titulo&base=target_gedweb'),
    );
    expect(isEmptyWithoutCall(state)).toBe(false);
    const result = await searchTitles(state, 'geral');
    expect(result.total).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/consulta');
    expect(asked[0]!.searchParams.get('base')).toBe('target_gedweb');
    expect(asked[0]!.searchParams.get('tipoBusca')).toBe('titulo');
  });

  it('asks the API for a free search of the catalogue, without naming the base', async () => {
    const asked = stubSearchApi();
    await searchTitles({ ...DEFAULT_SEARCH_STATE, term: 'ISO 9001' }, 'geral');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('termo')).toBe('ISO 9001');
    expect(asked[0]!.searchParams.has('base')).toBe(false);
    expect(asked[0]!.searchParams.has('exibicao')).toBe(false);
  });

  it('keeps one cached answer for both displays: switching the display asks for nothing', () => {
    const state = { ...DEFAULT_SEARCH_STATE, term: 'sertão' };
    expect(searchTitlesQueryOptions({ ...state, display: 'C' }, 'geral').queryKey).toEqual(
      searchTitlesQueryOptions(state, 'geral').queryKey,
    );
  });
});
