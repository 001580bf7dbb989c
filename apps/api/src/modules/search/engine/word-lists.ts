// The title lists of the frequent words (search_term_titles, migration 0018) read so far, kept in
// this process by scope and word with the version of their newest chunk: a search asks the
// database only for the lists that changed since, and joins the lists of its words. The least
// recently used go first once too many ids are kept.
import type { Queryable } from '../../../lib/db/index.ts';
import { buildTitleListSql } from '../query.ts';
import { guessWords, intersect, parseIds } from './id-lists.ts';

/** Ids of word lists kept at most (128 MB). */
const LISTED_IDS = 32_000_000;

export class WordLists {
  /** Arrays of search_term_titles read before, by scope and word, with their `changed`. */
  private readonly lists = new Map<string, { changed: string; ids: Int32Array }>();
  /** Ids held in `lists`. */
  private listed = 0;

  /**
   * The titles holding every word of the text in the scope, sorted, from search_term_titles
   * (buildTitleListSql), and how many words the text has; null when a word of it is not listed.
   */
  async titlesOfWords(
    tx: Queryable,
    text: string,
    scope: string,
  ): Promise<{ ids: Int32Array; words: number } | null> {
    const known = guessWords(text).flatMap((lexeme) => {
      const kept = this.lists.get(`${scope}|${lexeme}`);
      return kept ? [{ lexeme, changed: kept.changed }] : [];
    });
    const { sql, params } = buildTitleListSql(text, scope, known);
    const { rows } = await tx.query<{ lexeme: string; listed: boolean; changed: string; ids: string | null }>(
      sql,
      params,
    );
    if (rows.length === 0 || rows.some((r) => !r.listed)) return null;
    const lists: Int32Array[] = [];
    for (const row of rows) {
      const key = `${scope}|${row.lexeme}`;
      let kept = this.lists.get(key);
      if (row.ids !== null) {
        if (kept) this.listed -= kept.ids.length;
        kept = { changed: row.changed, ids: parseIds(row.ids) };
        this.listed += kept.ids.length;
      }
      if (!kept) return null;
      // Most recently used last; the least recently used go first when too many ids are kept.
      this.lists.delete(key);
      this.lists.set(key, kept);
      lists.push(kept.ids);
    }
    while (this.listed > LISTED_IDS && this.lists.size > rows.length) {
      const [oldest, value] = this.lists.entries().next().value!;
      this.lists.delete(oldest);
      this.listed -= value.ids.length;
    }
    lists.sort((a, b) => a.length - b.length);
    return { ids: lists.reduce((both, list) => intersect(both, list)), words: rows.length };
  }

  /** Drops the lists read so far. */
  forget(): void {
    this.lists.clear();
    this.listed = 0;
  }
}
