// What the engine knows of the catalogue besides a request, read now and then rather than per
// search: how many titles there are, how many hold each common filter key (which chooses whether a
// filter is checked on the matched titles or through its index), and the frequent words whose
// counts and title lists are kept (migrations 0016, 0018). They choose how a search is answered,
// never what it answers.
import type { Db } from '../../../lib/db/index.ts';
import { COMMON_KEY_SHARE, TOTAL_KEY, type CatalogueHints } from '../query.ts';

export interface Hints {
  at: number;
  value: CatalogueHints;
  /** The frequent words (search_term); empty when kept counts are not read. */
  words: ReadonlySet<string>;
}

/** A reader of the hints that reads them again once they are `ttlMs` old. */
export function catalogueHints(
  db: Db,
  { ttlMs, termCounts }: { ttlMs: number; termCounts: boolean },
): () => Promise<Hints> {
  let hints: Hints | null = null;
  return async () => {
    if (hints && Date.now() - hints.at < ttlMs) return hints;
    // The number of titles ('#'), and of titles holding each filter key held by a hundredth of
    // them or more, from the whole-catalogue counts (lexeme '').
    const { rows } = await db.query<{ key: string; n: number }>(
      `SELECT k.key, k.n FROM search_term_count k
        WHERE k.lexeme = '' AND k.scope = '*'
          AND (k.key = '#' OR k.n >= $1::float8 * (SELECT n FROM search_term_count
                                                     WHERE lexeme = '' AND scope = '*' AND key = '#'))`,
      [COMMON_KEY_SHARE / 5],
    );
    const keyTitles = new Map(rows.map((r) => [r.key, r.n]));
    const words = termCounts
      ? (await db.query<{ lexeme: string }>('SELECT lexeme FROM search_term')).rows.map((r) => r.lexeme)
      : [];
    hints = {
      at: Date.now(),
      value: { titles: keyTitles.get(TOTAL_KEY) ?? 0, keyTitles },
      words: new Set(words),
    };
    return hints;
  };
}

/**
 * Whether the text may be one of the frequent words (the database decides: this only spares the
 * other searches a look at the kept counts). Accents and case as unaccent and the text search
 * parser set them aside; a word they read differently is counted, which gives the same answer.
 */
export function mayBeFrequent(text: string, words: ReadonlySet<string>): boolean {
  return words.has(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim());
}
