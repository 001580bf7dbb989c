import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { writeSetting } from '../institution/index.ts';
import { GROUP_WORKS_SETTING } from './work-groups.ts';
import { importFile } from '../imports/service.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

/**
 * Relevance (ordering C, docs/search.md "Ranking") on the demo library plus two imported MARC files:
 * query → the first results, as "title (year)". Each expectation follows from the ranking rules
 * and the records: 1 exact title, 2 exact title proper (the title without its subtitle), 3 exact
 * main author, 4 the best field holding every word (title > author > subject > the rest), then how
 * often and how close the words are (ts_rank_cd), 5 the most recent first.
 */
const CASES: { why: string; termo: string; tipoBusca?: string; similares?: boolean; top: string[] }[] = [
  // Exact title first, even before a record the words fit better ("Dom Casmurro : a novel" also
  // has them in its subjects) — exact title, then exact title proper.
  {
    why: 'exact title before an exact title proper',
    termo: 'Dom Casmurro',
    top: [
      'Dom Casmurro (1899)',
      'Dom Casmurro (1899)',
      'Dom Casmurro (1899)',
      'Dom Casmurro : a novel (1997)',
    ],
  },
  {
    why: 'exact title ignores case',
    termo: 'DOM CASMURRO',
    top: ['Dom Casmurro (1899)', 'Dom Casmurro (1899)', 'Dom Casmurro (1899)'],
  },
  {
    why: 'exact title ignores punctuation and spacing (" : " typed as ": ")',
    termo: 'Grande sertão: veredas',
    tipoBusca: 'titulo',
    top: ['Grande sertão : veredas (1956)', 'Grande sertão : veredas (1956)'],
  },
  {
    why: 'exact title ignores accents; the old spelling only has the words in a note',
    termo: 'memorias postumas de bras cubas',
    top: [
      'Memórias póstumas de Brás Cubas (1881)',
      'Memórias póstumas de Brás Cubas (1881)',
      'Memorias posthumas de Braz Cubas (1881)',
    ],
  },
  {
    why: 'exact title proper (without the subtitle)',
    termo: 'Iracema',
    top: [
      'Iracema : lenda do Ceará (1865)',
      'Iracema : lenda do Ceará (1865)',
      'Iracema : lenda do Ceará (1865)',
    ],
  },
  {
    why: 'exact title proper before titles that merely contain the word',
    termo: 'Hegel',
    top: ['Hegel : a biography (2000)', 'The Hegel reader (1998)', 'A Hegel dictionary (1992)'],
  },
  {
    why: 'exact titles first, then an exact title proper; the newest edition first',
    termo: 'The art of computer programming',
    top: [
      'The art of computer programming (2005)',
      'The art of computer programming (1997)',
      'The art of computer programming : fundamental algorithms (1997)',
    ],
  },
  {
    why: 'editions of one title: the most recent first',
    termo: 'Pride and prejudice',
    top: ['Pride and prejudice (2003)', 'Pride and prejudice (1813)', 'Pride and prejudice (1813)'],
  },
  {
    why: 'recency among exact titles',
    termo: 'Ulysses',
    top: ['Ulysses (1992)', 'Ulysses (1922)', 'Ulysses (1922)'],
  },
  {
    why: 'recency among exact titles',
    termo: 'Things fall apart',
    top: ['Things fall apart (1994)', 'Things fall apart (1958)'],
  },
  {
    why: 'recency, accents typed',
    termo: 'Les misérables',
    top: ['Les misérables (1887)', 'Les misérables (1862)'],
  },
  {
    why: 'recency among imported editions, title search',
    termo: 'advanced programming in the unix environment',
    tipoBusca: 'titulo',
    top: [
      'Advanced programming in the UNIX environment (2013)',
      'Advanced programming in the Unix environment (2005)',
    ],
  },
  {
    why: 'recency, case ignored',
    termo: 'platonis opera',
    top: ['Platonis opera (1995)', 'Platonis Opera (1903)'],
  },
  {
    why: 'title proper exact for both; the newer first',
    termo: 'E Street shuffle',
    top: [
      'E Street shuffle : the glory days of Bruce Springsteen & the E Street Band (2013)',
      'E Street shuffle : the glory days of Bruce Springsteen & the E Street Band (2012)',
    ],
  },
  // Exact author.
  {
    why: 'exact author (as catalogued, without the dates); newest first',
    termo: 'Saramago, José',
    top: [
      'Ensaio sobre a cegueira (1995)',
      'O evangelho segundo Jesus Cristo (1991)',
      'História do Cerco de Lisboa : romance (1989)',
    ],
  },
  {
    why: 'exact author typed in direct order',
    termo: 'José Saramago',
    top: [
      'Ensaio sobre a cegueira (1995)',
      'O evangelho segundo Jesus Cristo (1991)',
      'História do Cerco de Lisboa : romance (1989)',
    ],
  },
  {
    why: 'exact author in an author search',
    termo: 'Eça de Queirós',
    tipoBusca: 'autor',
    top: [
      'A cidade e as serras (1901)',
      'Os Maias : episódios da vida romântica (1888)',
      'O primo Basílio : episódio doméstico (1878)',
    ],
  },
  {
    why: 'exact author; two editions of one year',
    termo: 'Freire, Paulo',
    top: [
      'Pedagogia da autonomia : saberes necessários à prática educativa (1996)',
      'Pedagogia do oprimido (1987)',
      'Pedagogia do oprimido (1987)',
    ],
  },
  {
    why: 'exact author before a title about him',
    termo: 'Darwin, Charles',
    top: [
      'On the origin of species by means of natural selection : or the preservation of favoured races in the struggle for life (1859)',
      'On the origin of species by means of natural selection (1859)',
      'Darwin in Galapagos : footsteps to a new world (2009)',
    ],
  },
  {
    why: 'exact author, imported records',
    termo: 'Date, C. J.',
    top: [
      'SQL and relational theory : how to write accurate SQL code (2009)',
      'Database in depth : relational theory for practitioners (2005)',
    ],
  },
  // The field: title > author > subject > the rest.
  {
    why: 'the surname alone: title before author',
    termo: 'darwin',
    top: [
      'Darwin in Galapagos : footsteps to a new world (2009)',
      'On the origin of species by means of natural selection : or the preservation of favoured races in the struggle for life (1859)',
      'On the origin of species by means of natural selection (1859)',
    ],
  },
  {
    why: 'title > author (recency among authors) > subject > note',
    termo: 'escola',
    top: [
      'Escola e democracia (1983)',
      'Ciência animal brasileira (2000)',
      'Cadernos de saúde pública (1985)',
      'RAE : revista de administração de empresas (1961)',
      'Educação não é privilégio (1957)',
      'Várias histórias (1896)',
    ],
  },
  {
    why: 'imported records: titles > author > subjects > note',
    termo: 'west',
    top: [
      'The new South and the Old West, 1866-1890 (2010)',
      'West Highland free press (1972)',
      'The Oban times and west highland times (1929)',
      'Greek lyric poetry : the poems and fragments of the Greek iambic, elegiac, and melic poets (excluding Pindar and Bacchylides) down to 450 B.C. (1999)',
      'Survival in the snow (2009)',
      'The life and times of the brothers Custer : galloping to glory (2009)',
      'Of exile and music : a twentieth century life (2010)',
    ],
  },
  {
    why: 'titles naming him first (the more mentions the higher), then his works',
    termo: 'Shakespeare',
    top: [
      "Shakespeare's sonnets (1997)",
      'The Arden edition of the works of William Shakespeare. Second series (1951)',
      'Playing Shakespeare (2009)',
    ],
  },
  // Same field, same weight: the most recent first.
  {
    why: 'author only: recency',
    termo: 'Cortázar',
    top: ['Rayuela (1963)', 'Historias de cronopios y de famas (1962)', 'Bestiario (1951)'],
  },
  {
    why: 'author only: recency, two editions of one year',
    termo: 'alencar',
    top: [
      'Senhora : perfil de mulher (1875)',
      'Senhora : perfil de mulher (1875)',
      'Ubirajara : lenda tupi (1874)',
    ],
  },
  {
    why: 'author only: recency, translations first',
    termo: 'Tolstoy',
    top: ['Guerra e paz (2011)', 'Anna Kariênina (2005)', 'Voĭna i mir (1868)'],
  },
  {
    why: 'author only: an imported translation, then the demo editions',
    termo: 'Lispector',
    top: ['The passion according to G.H. (1988)', 'A hora da estrela (1977)', 'A hora da estrela (1977)'],
  },
  {
    why: 'author only, imported and demo records',
    termo: 'cormen',
    top: ['Algoritmos : teoria e prática (2012)', 'Introduction to algorithms (2009)'],
  },
  // Other scripts, identifiers, call numbers, similar words.
  { why: 'Cyrillic original title', termo: 'Война и мир', top: ['Voĭna i mir (1868)'] },
  { why: 'Japanese original title', termo: 'ノルウェイの森', top: ['Noruwei no mori (1987)'] },
  { why: 'Chinese original title', termo: '紅樓夢', top: ['Hong lou meng (1791)'] },
  { why: 'Arabic original title', termo: 'بين القصرين', top: ['Bayn al-qaṣrayn (1956)'] },
  { why: 'romanised title', termo: 'Kokoro', top: ['Kokoro (1914)'] },
  { why: 'ISBN-13', termo: '9780141439518', top: ['Pride and prejudice (2003)'] },
  { why: 'ISBN-10 with hyphens', termo: '0-14-143951-3', top: ['Pride and prejudice (2003)'] },
  { why: 'ISSN', termo: '0028-0836', top: ['Nature (1869)'] },
  {
    why: 'call number prefix: no words to rank, so the most recent first',
    termo: '869.3 A848',
    top: ['Memorial de Aires (1908)', 'Esaú e Jacó (1904)', 'Dom Casmurro (1899)'],
  },
  {
    why: 'similar words',
    termo: 'memoria postuma',
    tipoBusca: 'titulo',
    similares: true,
    top: ['Memórias póstumas de Brás Cubas (1881)', 'Memórias póstumas de Brás Cubas (1881)'],
  },
];

describe('relevance on the demo library and imported records', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    // The order of titles, one a line: a grouped work takes its best-ranked title's place (decision 0071).
    await writeSetting(ctx.db, GROUP_WORKS_SETTING, false);
    for (const file of ['koha-sample-bibs.xml', 'lc-m2bf-loc-general.xml'])
      await importFile(ctx.db, `${DATA}${file}`);
  });
  afterAll(() => ctx.close());

  it('has at least thirty cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('$termo: $why', async ({ termo, tipoBusca, similares, top }) => {
    const qs = new URLSearchParams({ termo, tipoBusca: tipoBusca ?? 'livre', quantPag: '10' });
    if (similares) qs.set('similares', 'true');
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = SearchResponseSchema.parse(response.json());
    expect(data.slice(0, top.length).map((h) => `${h.titulo} (${h.ano_publicacao ?? 's.d.'})`)).toEqual(top);
  });

  it('the import leaves every title with its current filter keys', async () => {
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM title x WHERE facet_keys IS DISTINCT FROM public.title_facet_keys(x)',
    );
    expect(rows[0]!.n).toBe(0);
  });
});
