// The search benchmark's fixed query list (bench/search.ts).
import { SearchQuerySchema, formatAdvancedRow, type AdvancedRow } from '@estante/contract';
import { searchRequestFromQuery, type SearchRequest } from '../apps/api/src/modules/search/index.ts';
import { seededRandom, syntheticTitle } from '../apps/api/src/modules/seed/index.ts';

// ---------------------------------------------------------------------------------------------
// The fixed query list. Every word comes from the synthetic catalogue's first 100,000 titles, so
// the list is the same whatever the catalogue size (a 1,000,000-title catalogue holds them too).

export type Wire = Record<string, string | string[]>;
export interface BenchQuery {
  category: string;
  wire: Wire;
  request: SearchRequest;
}

const SAMPLE = 100_000;
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) => text.split(/[\s;,:]+/).filter(Boolean);

/**
 * The list, given the ids of the synthetic libraries and knowledge areas (filter values B and R are
 * ids, docs/decisions/0020-result-filters.md).
 */
export function buildQueries(libraries: number[], areas: number[]): BenchQuery[] {
  const titles = Array.from({ length: SAMPLE }, (_, i) => syntheticTitle(i + 1));
  // Document frequency of title words (accent- and case-folded) over the sample.
  const df = new Map<string, number>();
  const spelled = new Map<string, string>();
  for (const t of titles) {
    for (const w of new Set(words(t.title.toLowerCase()))) {
      const key = plain(w);
      df.set(key, (df.get(key) ?? 0) + 1);
      spelled.set(key, w);
    }
  }
  const byFrequency = [...df.entries()]
    .filter(([w]) => w.length > 3)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const rare = byFrequency.filter(([w, n]) => n <= 2 && w.length > 5);
  // Same title number, same words: a stride through the sample picks "random" titles reproducibly.
  const title = (i: number, salt: number) => titles[(i * 7919 + salt * 104_729) % SAMPLE]!;
  const contentWords = (text: string) => words(text).filter((w) => w.length > 3);
  const typed = (word: string, i: number) => (i % 2 === 0 ? plain(word) : word);

  const list: { category: string; wire: Wire }[] = [];
  const add = (category: string, wire: Wire) => list.push({ category, wire });

  // Very common: hundreds of thousands of matches at 1M (publication places, a stop word, the commonest surname).
  for (const termo of ['de', 'paulo', 'rio janeiro', 'silva', 'the', 'press'])
    add('very common word', { termo });
  for (let i = 0; i < 30; i++) add('common word', { termo: typed(spelled.get(byFrequency[i]![0])!, i) });
  for (let i = 0; i < 20; i++)
    add('medium word', { termo: typed(spelled.get(byFrequency[200 + i * 15]![0])!, i) });
  for (let i = 0; i < 30; i++) {
    const [w] = rare[Math.floor((i * rare.length) / 30)]!;
    add('rare word', { termo: typed(spelled.get(w)!, i) });
  }
  for (let i = 0, n = 0; n < 30; i++) {
    const w = contentWords(title(i, 1).title);
    if (w.length < 2) continue;
    add('two title words', { termo: typed(w.slice(0, 2).join(' '), n) });
    n++;
  }
  for (let i = 0, n = 0; n < 15; i++) {
    const w = contentWords(title(i, 2).title);
    if (w.length < 1) continue;
    add('title search', { termo: typed(w.slice(0, 1 + (n % 2)).join(' '), n), tipoBusca: 'titulo' });
    n++;
  }
  for (let i = 0; i < 25; i++) {
    const [surname, given] = title(i, 3).author.split(', ') as [string, string];
    if (i < 10) add('author', { termo: typed(surname, i), tipoBusca: 'autor' });
    else if (i < 20) add('author', { termo: typed(`${given} ${surname}`, i), tipoBusca: 'autor' });
    else add('author', { termo: typed(`${surname} ${given}`, i) });
  }
  for (let i = 0; i < 10; i++) {
    const subject = title(i, 4).subjects.split(' ; ')[0]!;
    add('subject', { termo: typed(subject, i), tipoBusca: 'assunto' });
  }
  // Phrases: two or three consecutive title words, short words included ("historia de la").
  for (let i = 0, n = 0; n < 20; i++) {
    const w = words(title(i, 5).title);
    if (w.length < 3) continue;
    add('phrase', { termo: typed(w.slice(0, 2 + (n % 2)).join(' '), n), tipoTermo: 'exata' });
    n++;
  }
  // Advanced rows (operators): next-to, near before/after, and, or, not.
  const rowQuery = (i: number, op: AdvancedRow['operador'], campo: AdvancedRow['campo'], salt: number) => {
    for (let j = i; ; j++) {
      const t = title(j, salt);
      const w = contentWords(t.title);
      if (w.length < 2) continue;
      const [first, second] = op === 'DEPOIS' ? [w[1]!, w[0]!] : [w[0]!, w[1]!];
      const other =
        op === 'E' ? t.author.split(', ')[0]! : op === 'NAO' ? (byFrequency[i % 10]![0] ?? second) : second;
      const rowField = op === 'E' ? 'autor' : campo;
      return {
        termo: typed(first, i),
        tipoBusca: campo,
        linha: [formatAdvancedRow({ operador: op, campo: rowField, termo: typed(other, i + 1) })],
      };
    }
  };
  const ops: [AdvancedRow['operador'], AdvancedRow['campo'], number][] = [
    ['PROX', 'titulo', 6],
    ['ANTES', 'titulo', 3],
    ['DEPOIS', 'titulo', 3],
    ['E', 'titulo', 4],
    ['OU', 'titulo', 2],
    ['NAO', 'livre', 2],
  ];
  let k = 0;
  for (const [op, campo, count] of ops)
    for (let i = 0; i < count; i++) add(`advanced ${op}`, rowQuery(k++, op, campo, 6));
  // Result filters (SPEC §4): different types AND, same type OR.
  const filterSets: string[][] = [
    ['T:LIVRO'],
    ['T:TESE'],
    ['T:LIVRO', 'T:EBOOK'],
    ['Y:2020'],
    ['Y:sem-data'],
    ['I:por'],
    ['I:eng'],
    ['X:C'],
    ['X:O'],
    ['X:A'],
    [`B:${libraries[0] ?? 1}`],
    [`B:${libraries[3] ?? 4}`],
    [`R:${areas[0] ?? 1}`],
    ['T:LIVRO', 'I:spa', 'Y:2015'],
    ['T:LIVRO', 'X:C', `B:${libraries[0] ?? 1}`],
    ['Y:2019', 'Y:2020', 'Y:2021'],
    [`R:${areas[2] ?? 3}`, 'T:LIVRO'],
    ['X:O', 'I:por'],
    ['T:PERIODICO', `B:${libraries[1] ?? 2}`],
    ['I:por', 'I:spa', 'X:C'],
    ['D:S'],
    ['D:S', `B:${libraries[2] ?? 3}`],
  ];
  for (let i = 0; i < 44; i++) {
    const word = i % 4 === 3 ? byFrequency[200 + i * 7]![0] : byFrequency[i % 30]![0];
    add('with filters', { termo: typed(spelled.get(word)!, i), filtro: filterSets[i % filterSets.length]! });
  }
  for (let i = 0; i < 5; i++) {
    const w = contentWords(title(i, 7).title);
    add('similar words', { termo: plain(w.slice(0, 2).join(' ') || 'memoria'), similares: 'true' });
  }
  for (let i = 0, n = 0; n < 5; i++) {
    const w = words(title(i, 8).title);
    if (w.length < 2) continue;
    add('title starts with', {
      termo: `${w[0]} ${w[1]!.slice(0, 3)}`,
      tipoBusca: 'titulo',
      tipoTermo: 'inicio',
    });
    n++;
  }

  return list.map(({ category, wire }) => {
    const q = SearchQuerySchema.parse(wire);
    return {
      category,
      wire,
      request: searchRequestFromQuery(q),
    };
  });
}

/**
 * Warm-up queries: two title words, one author, one subject from other titles of the sample, none
 * equal to a query of the list, so a result cache in the API cannot answer the measured pass.
 */
export function buildWarmup(list: BenchQuery[], count: number): BenchQuery[] {
  const seen = new Set(list.map((q) => JSON.stringify(q.wire)));
  const warm: BenchQuery[] = [];
  const types = ['livre', 'titulo', 'autor', 'assunto'] as const;
  for (let i = 0; warm.length < count; i++) {
    const t = syntheticTitle(1 + ((i * 15_485_863 + 7) % SAMPLE));
    const type = types[i % types.length]!;
    const text =
      type === 'autor'
        ? t.author
        : type === 'assunto'
          ? t.subjects.split(' ; ')[0]!
          : words(t.title).slice(0, 2).join(' ');
    const wire: Wire = { termo: text, tipoBusca: type };
    if (seen.has(JSON.stringify(wire))) continue;
    seen.add(JSON.stringify(wire));
    const q = SearchQuerySchema.parse(wire);
    warm.push({
      category: 'warm-up',
      wire,
      request: searchRequestFromQuery(q),
    });
  }
  return warm;
}

// ---------------------------------------------------------------------------------------------
// Never-seen queries (bench/search.ts "never seen" passes): generated from the synthetic
// catalogue's own vocabulary with a seeded generator, each one different from every query sent
// before in the run, so no kept count or page can answer it; the same seed gives the same queries (the synthetic catalogue's own seeded generator).

/**
 * Queries no cache has seen: one or two title words (drawn from random titles of the sample, so
 * common words come up as often as the catalogue has them), an author, a title or subject search,
 * a third of them with one to three result filters. `exclude` holds the wire forms already sent
 * (the fixed list and the warm-up); each query is returned once.
 */
export function neverSeenQueries(
  libraries: number[],
  areas: number[],
  exclude: Iterable<BenchQuery>,
  seed = 20,
): () => Wire {
  const rand = seededRandom(seed);
  const pickInt = (n: number) => Math.floor(rand() * n);
  const seen = new Set([...exclude].map((q) => JSON.stringify(q.wire)));
  const titleAt = () => syntheticTitle(1 + pickInt(SAMPLE));
  const contentWord = () => {
    for (;;) {
      const w = words(titleAt().title).filter((x) => x.length > 3);
      if (w.length > 0) return w[pickInt(w.length)]!;
    }
  };
  const filterValues = [
    ...['LIVRO', 'TESE', 'EBOOK', 'PERIODICO', 'ARTIGO'].map((v) => `T:${v}`),
    ...['por', 'spa', 'eng'].map((v) => `I:${v}`),
    ...['C', 'O', 'A'].map((v) => `X:${v}`),
    ...libraries.slice(0, 8).map((v) => `B:${v}`),
    ...areas.slice(0, 8).map((v) => `R:${v}`),
    'D:S',
  ];
  const year = () => `Y:${1950 + pickInt(76)}`;
  const one = (): Wire => {
    const roll = rand();
    let wire: Wire;
    if (roll < 0.35) wire = { termo: contentWord() };
    else if (roll < 0.65) wire = { termo: `${contentWord()} ${contentWord()}` };
    else if (roll < 0.75) {
      const t = titleAt();
      const w = words(t.title).filter((x) => x.length > 3);
      wire = { termo: w.slice(0, 1 + pickInt(2)).join(' ') || contentWord(), tipoBusca: 'titulo' };
    } else if (roll < 0.9) {
      const [surname, given] = titleAt().author.split(', ') as [string, string];
      wire = { termo: rand() < 0.5 ? surname : `${given} ${surname}`, tipoBusca: 'autor' };
    } else wire = { termo: titleAt().subjects.split(' ; ')[0]!, tipoBusca: 'assunto' };
    if (rand() < 1 / 3) {
      const filters = new Set<string>();
      for (let n = 1 + pickInt(3); filters.size < n;)
        filters.add(rand() < 0.2 ? year() : filterValues[pickInt(filterValues.length)]!);
      wire.filtro = [...filters];
    }
    return wire;
  };
  return () => {
    for (;;) {
      const wire = one();
      const key = JSON.stringify(wire);
      if (seen.has(key)) continue;
      seen.add(key);
      return wire;
    }
  };
}
