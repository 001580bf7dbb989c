import type { SearchType } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { searchRequest, type SearchEngine } from './engine.ts';
import { closestWord, wordCounts } from './suggest.ts';
import { resultTotal } from './work-groups.ts';

/** A typed word held by at most this many records may be a misspelling of a frequent word. */
export const RARE_WORD_MAX = 2;
/** A rare (not absent) word is replaced only by a word held by this many times as many records. */
export const FREQUENCY_RATIO = 10;
/** Trigram similarity a replacement needs ("asis" ~ "assis" 0.57, "machadoo" ~ "machado" 0.7). */
export const MIN_SIMILARITY = 0.5;
/** Shorter words are left as typed: three letters make too few trigrams to compare. */
const MIN_WORD_LENGTH = 3;
/** Words looked at per query, so a pasted paragraph costs no more than a long title. */
const MAX_CORRECTED_WORDS = 10;

/** One whitespace-separated piece of the typed text: the word in it and what surrounds it. */
export interface Token {
  before: string;
  core: string;
  after: string;
}

/** The typed text in pieces, punctuation around each word kept apart ("(Machadoo," → "(", "Machadoo", ","). */
export function tokenize(text: string): Token[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((piece) => {
      const match = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(piece);
      return { before: match?.[1] ?? '', core: match?.[2] ?? piece, after: match?.[3] ?? '' };
    });
}

/** Only plain words may be misspelt: numbers, codes and compounds ("d'água") are left alone. */
function isCorrectable(core: string): boolean {
  return core.length >= MIN_WORD_LENGTH && /^\p{L}+$/u.test(core);
}

/** The replacement written as the typed word was: all capitals, capitalised, or lower case. */
export function matchCase(typed: string, form: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return form.toUpperCase();
  const first = typed.charAt(0);
  if (first !== first.toLowerCase()) return form.charAt(0).toUpperCase() + form.slice(1);
  return form;
}

/**
 * A better spelling of a search: each word absent from the catalogue's vocabulary, or rare in it,
 * is replaced by the most similar frequent word; the corrected search is offered only when it finds
 * more records than the typed one (counted with the same search type). Null when nothing is better.
 */
export async function suggestCorrection(
  db: Queryable,
  engine: SearchEngine,
  query: { text: string; type: SearchType },
): Promise<{ text: string; total: number } | null> {
  const tokens = tokenize(query.text);
  const words = [...new Set(tokens.map((t) => t.core).filter(isCorrectable))].slice(0, MAX_CORRECTED_WORDS);
  const counts = await wordCounts(db, words);
  const replacements = new Map<string, string>();
  for (const word of words) {
    const count = counts.get(word) ?? 0;
    if (count > RARE_WORD_MAX) continue;
    const better = await closestWord(db, word, {
      minCount: count === 0 ? 1 : count * FREQUENCY_RATIO,
      minSimilarity: MIN_SIMILARITY,
    });
    if (better) replacements.set(word, matchCase(word, better.form));
  }
  if (replacements.size === 0) return null;
  const text = tokens.map((t) => `${t.before}${replacements.get(t.core) ?? t.core}${t.after}`).join(' ');
  // As many as the search shows: works where they are grouped (decision 0071).
  const count = (text: string) =>
    resultTotal(db, engine, searchRequest({ text, type: query.type, pageSize: 1 }));
  const typedTotal = await count(query.text);
  const total = await count(text);
  return total > typedTotal ? { text, total } : null;
}
