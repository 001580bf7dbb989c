import type { SuggestionKind } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** A vocabulary word (search_word, migration 0011) and the records holding it. */
export interface VocabularyWord {
  word: string;
  /** The word as written in the catalogue (accents kept), lower-case. */
  form: string;
  titleCount: number;
}

/** How many records hold each word (accents and case ignored); 0 for a word not in the catalogue. */
export async function wordCounts(db: Queryable, words: string[]): Promise<Map<string, number>> {
  if (words.length === 0) return new Map();
  const { rows } = await db.query<{ typed: string; title_count: number }>(
    `SELECT u.typed, coalesce(w.title_count, 0)::int AS title_count
       FROM unnest($1::text[]) AS u (typed)
       LEFT JOIN search_word w ON w.word = public.f_unaccent(lower(u.typed))`,
    [words],
  );
  return new Map(rows.map((r) => [r.typed, r.title_count]));
}

/**
 * The catalogue word closest in spelling to a typed word (trigram similarity at least
 * `minSimilarity`) among those held by at least `minCount` records; the most similar wins, then
 * the most frequent.
 */
export async function closestWord(
  db: Queryable,
  typed: string,
  options: { minCount: number; minSimilarity: number },
): Promise<VocabularyWord | null> {
  const { rows } = await db.query<{ word: string; form: string; title_count: number }>(
    `WITH t AS (SELECT public.f_unaccent(lower($1)) AS word)
     SELECT w.word, w.form, w.title_count
       FROM search_word w, t
      WHERE w.word % t.word AND w.word <> t.word AND w.title_count >= $2
        AND similarity(w.word, t.word) >= $3
      ORDER BY similarity(w.word, t.word) DESC, w.title_count DESC, w.word
      LIMIT 1`,
    [typed, options.minCount, options.minSimilarity],
  );
  const row = rows[0];
  return row ? { word: row.word, form: row.form, titleCount: row.title_count } : null;
}

/** One autocomplete suggestion as stored in browse_entry. */
export interface SuggestionRow {
  kind: SuggestionKind;
  display: string;
  title_count: number;
  authority_id: number;
}

/** Shortest typed text (after filing) for which words inside entries are searched too. */
const WORD_PREFIX_MIN_LENGTH = 3;

/**
 * Entries of the given kinds whose filing form starts with the typed text, then entries with a
 * word starting with it ("casmu" → "Dom Casmurro", "machado" → "Assis, Machado de"); in each group
 * the entries of most titles first. Both lookups are index scans cut short by a limit (the b-tree
 * of browse_entry gives the first entries in filing order that start with the text, its trigram
 * index those with a word starting with it), so a one-letter text costs no more than a long one.
 */
export async function findSuggestions(
  db: Queryable,
  options: { text: string; kinds: readonly SuggestionKind[]; limit: number },
): Promise<SuggestionRow[]> {
  const { rows: keys } = await db.query<{ key: string | null }>('SELECT public.f_filing($1) AS key', [
    options.text,
  ]);
  const key = keys[0]?.key ?? '';
  if (key === '') return [];
  // A kind comes from the contract's fixed list, never from the caller's text, so it is written
  // into the statement: each branch then has a constant kind the index can use.
  const starting = options.kinds.map(
    (kind) => `(SELECT kind, norm, display, title_count, authority_id, 0 AS rank FROM browse_entry
        WHERE kind = '${kind}' AND norm LIKE $1 || '%' ORDER BY norm LIMIT $2 * 5)`,
  );
  const branches = [...starting];
  const params: unknown[] = [key, options.limit];
  if (key.length >= WORD_PREFIX_MIN_LENGTH) {
    params.push(options.kinds);
    branches.push(`(SELECT kind, norm, display, title_count, authority_id, 1 AS rank FROM browse_entry
        WHERE kind IN ('titulo', 'autor', 'assunto') AND kind = ANY($3::text[])
          AND norm LIKE '% ' || $1 || '%' LIMIT $2 * 4)`);
  }
  const { rows } = await db.query<SuggestionRow & { norm: string; rank: number }>(
    `SELECT kind, norm, display, title_count, authority_id, rank
       FROM (${branches.join(' UNION ALL ')}) s
      ORDER BY rank, title_count DESC, norm, kind, authority_id`,
    params,
  );
  const seen = new Set<string>();
  const suggestions: SuggestionRow[] = [];
  for (const row of rows) {
    // An entry starting with the text may also have a later word starting with it: list it once.
    const id = `${row.kind}\u0000${row.norm}\u0000${row.authority_id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    suggestions.push({
      kind: row.kind,
      display: row.display,
      title_count: row.title_count,
      authority_id: row.authority_id,
    });
    if (suggestions.length === options.limit) break;
  }
  return suggestions;
}
