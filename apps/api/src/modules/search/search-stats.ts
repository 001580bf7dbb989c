import type { Queryable } from '../../lib/db/index.ts';

/** What a rebuild of the search statistics did. */
export interface SearchStatsSummary {
  /** Titles in the catalogue. */
  titles: number;
  /** Frequent words now listed (their filter counts are kept). */
  words: number;
  /** How many titles a word needed to be listed. */
  minTitles: number;
  seconds: number;
}

/**
 * Chooses the frequent words again and recounts every kept filter count from the catalogue
 * (migration 0016, `rebuild_search_term_counts`; docs/search.md "Kept counts"). A word is frequent
 * when at least `minTitles` titles hold it: by default 0.1 % of the titles and at least 500. The
 * counts of listed words are kept current by triggers on every write, so a rebuild only changes
 * which words are listed (which searches are answered from kept counts); run it after loading a
 * large batch of records. Writers of titles wait for it; searches go on.
 */
export async function rebuildSearchStats(
  db: Queryable,
  options: { minTitles?: number } = {},
): Promise<SearchStatsSummary> {
  const started = performance.now();
  const { rows } = await db.query<{ titles: number; min_titles: number }>(
    'SELECT count(*)::int AS titles, coalesce($1::int, public.search_term_min_titles()) AS min_titles FROM title',
    [options.minTitles ?? null],
  );
  const { titles, min_titles: minTitles } = rows[0]!;
  const rebuilt = await db.query<{ words: number }>('SELECT public.rebuild_search_term_counts($1) AS words', [
    minTitles,
  ]);
  await db.exec('ANALYZE search_term_count');
  return {
    titles,
    words: rebuilt.rows[0]!.words,
    minTitles,
    seconds: (performance.now() - started) / 1000,
  };
}
