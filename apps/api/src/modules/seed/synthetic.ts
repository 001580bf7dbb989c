import type { Db } from '../../lib/db/index.ts';
import { rebuildSearchStats, stemConfigFor } from '../search/index.ts';

// Common catalogue words per language, most frequent first; the long tail is made of
// syllables so rare words (with accents) exist as in a real catalogue.
const WORDS: Record<'por' | 'spa' | 'eng', string[]> = {
  por: `história brasil educação política sociedade desenvolvimento análise estudo introdução teoria prática
    gestão saúde direito economia cultura literatura ciência pesquisa ensino língua portuguesa formação social
    público processo sistema nacional metodologia administração filosofia arte brasileira memória trabalho
    ambiental cidade estado política pública avaliação comunicação tecnologia informação crítica poesia romance
    contos crônicas geografia química física matemática biologia medicina enfermagem psicologia sociologia
    antropologia engenharia computação programação algoritmos dados redes estruturas cálculo álgebra estatística
    mercado empresa finanças contabilidade marketing planejamento projeto inovação sustentabilidade ecologia
    agricultura alimentação nutrição infância família mulheres gênero raça identidade violência justiça
    constituição reforma república império colonial escravidão abolição imigração indígenas amazônia nordeste
    sertão rio janeiro são paulo minas gerais bahia pernambuco século xix xx xxi manual guia fundamentos
    princípios elementos métodos técnicas aplicações ação coração razão emoção nação canção lição criação`.split(
    /\s+/,
  ),
  spa: `historia educación política sociedad desarrollo análisis estudio introducción teoría práctica gestión
    salud derecho economía cultura literatura ciencia investigación enseñanza lengua española formación social
    público proceso sistema nacional metodología administración filosofía arte memoria trabajo ambiental ciudad
    estado evaluación comunicación tecnología información crítica poesía novela cuentos geografía química física
    matemática biología medicina psicología sociología antropología ingeniería computación méxico argentina chile
    colombia perú américa latina siglo manual guía fundamentos principios métodos técnicas aplicaciones corazón
    razón nación canción lección creación años soledad amor tiempo`.split(/\s+/),
  eng: `history education politics society development analysis study introduction theory practice management
    health law economics culture literature science research teaching language english social public process
    system national methodology administration philosophy art memory work environmental city state evaluation
    communication technology information critical poetry novel stories geography chemistry physics mathematics
    biology medicine psychology sociology anthropology engineering computing programming algorithms data networks
    structures calculus algebra statistics market business finance accounting marketing planning design
    innovation sustainability handbook guide principles methods techniques applications century world war
    american british modern new`.split(/\s+/),
};
const SYLLABLES = [
  'ca',
  'lo',
  'ção',
  'mi',
  'ré',
  'tu',
  'ná',
  'bra',
  'ges',
  'tão',
  'lu',
  'ver',
  'sí',
  'quo',
  'dã',
  'pe',
  'xi',
  'fo',
  'rum',
  'ên',
];
const GIVEN = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Antônio',
  'Francisca',
  'Carlos',
  'Paulo',
  'Lúcia',
  'Pedro',
  'Inês',
  'Sebastião',
  'Juan',
  'Carmen',
  'Luis',
  'Sofía',
  'John',
  'Mary',
  'David',
  'Sarah',
  'Helena',
  'Raúl',
  'Márcia',
  'Jorge',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
  'Gonçalves',
  'Conceição',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Smith',
  'Johnson',
  'Brown',
  'Müller',
  'Gómez',
  'Peña',
  'Magalhães',
  'Assunção',
];
const PLACES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Porto Alegre',
  'Recife',
  'Salvador',
  'Lisboa',
  'Madrid',
  'Buenos Aires',
  'México',
  'New York',
  'London',
];
const PUBLISHERS = [
  'Companhia das Letras',
  'Editora UFMG',
  'Atlas',
  'Saraiva',
  'Vozes',
  'Cortez',
  'Edusp',
  'Fondo de Cultura Económica',
  'Cátedra',
  'Penguin',
  'Oxford University Press',
  'Springer',
  'Elsevier',
  'Record',
  'Zahar',
];
const WORK_TYPES = [
  'LIVRO',
  'LIVRO',
  'LIVRO',
  'LIVRO',
  'LIVRO',
  'LIVRO',
  'TESE',
  'PERIODICO',
  'EBOOK',
  'ARTIGO',
];

/** Deterministic pseudo-random numbers (mulberry32), so a benchmark catalogue is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words of each language that head every catalogue's frequency list. */
const STOP_WORDS: Record<'por' | 'spa' | 'eng', string[]> = {
  por: ['de', 'da', 'do', 'e', 'a', 'o', 'em', 'dos', 'das', 'para', 'no', 'na'],
  spa: ['de', 'la', 'el', 'y', 'en', 'los', 'del', 'las', 'para', 'una'],
  eng: ['the', 'of', 'and', 'in', 'a', 'to', 'for', 'on', 'an', 'with'],
};

/** Size of each language's vocabulary: stop words, the common words above, then a long tail. */
const VOCABULARY_SIZE = 20_000;

/** Picks a rank with Zipf frequency (P(r) ∝ 1/r): rank 1 is common, rank 20,000 rare. */
function zipfRank(rand: () => number): number {
  return Math.min(VOCABULARY_SIZE - 1, Math.floor(Math.exp(rand() * Math.log(VOCABULARY_SIZE + 1)) - 1));
}

/** The word of a rank: stop words, then common words, then a made-up word spelled from the rank's digits. */
function wordAt(language: 'por' | 'spa' | 'eng', rank: number): string {
  const stop = STOP_WORDS[language];
  if (rank < stop.length) return stop[rank]!;
  const common = WORDS[language];
  if (rank - stop.length < common.length) return common[rank - stop.length]!;
  let n = rank;
  let word = '';
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return word;
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/**
 * Libraries the synthetic copies are spread over (codes prefixed so they never clash with a real
 * or demo library), each on its campus; the first ones hold most of the collection.
 */
export const SYNTHETIC_LIBRARIES = [
  { code: 'SYN-BC', name: 'Biblioteca Central', campus: 'Campus Centro' },
  { code: 'SYN-BS', name: 'Biblioteca Setorial de Saúde', campus: 'Campus Centro' },
  { code: 'SYN-BT', name: 'Biblioteca de Tecnologia', campus: 'Campus Norte' },
  { code: 'SYN-BH', name: 'Biblioteca de Humanidades', campus: 'Campus Centro' },
  { code: 'SYN-BD', name: 'Biblioteca de Direito', campus: 'Campus Sul' },
  { code: 'SYN-BA', name: 'Biblioteca de Ciências Agrárias', campus: 'Campus Rural' },
  { code: 'SYN-BE', name: 'Biblioteca de Educação', campus: 'Campus Sul' },
  { code: 'SYN-BM', name: 'Biblioteca de Música e Artes', campus: 'Campus Norte' },
] as const;

/** Knowledge areas (the CNPq major areas) given to nine titles in ten. */
export const SYNTHETIC_KNOWLEDGE_AREAS = [
  'Ciências Exatas e da Terra',
  'Ciências Biológicas',
  'Engenharias',
  'Ciências da Saúde',
  'Ciências Agrárias',
  'Ciências Sociais Aplicadas',
  'Ciências Humanas',
  'Linguística, Letras e Artes',
  'Multidisciplinar',
] as const;

/** Copy statuses, weighted as on a working day: most on the shelf, some lent, a few held, late, lost. */
const COPY_STATUS_WEIGHTS: [string, number][] = [
  ['disponivel', 0.68],
  ['emprestado', 0.17],
  ['reservado', 0.03],
  ['atrasado', 0.04],
  ['consulta_local', 0.04],
  ['quarentena', 0.01],
  ['extraviado', 0.015],
  ['em_processamento', 0.015],
];

/** One synthetic copy: its library (index into SYNTHETIC_LIBRARIES), number and status. */
export interface SyntheticCopy {
  library: number;
  number: string;
  status: string;
}

/** One synthetic title's columns. */
export interface SyntheticTitle {
  controlNumber: string;
  title: string;
  author: string;
  subjects: string;
  /** Publication year; null for the few titles without a date. */
  year: number | null;
  language: 'por' | 'spa' | 'eng';
  workType: string;
  callNumber: string;
  /** Class part of the call number (e.g. "869.3"). */
  classification: string;
  publisher: string;
  place: string;
  /** Index into SYNTHETIC_KNOWLEDGE_AREAS, or null. */
  knowledgeArea: number | null;
  coverUrl: string | null;
  /** Online access URLs (856 $u): every e-book and article, a few others. */
  onlineLinks: string[];
  isAccessible: boolean;
  /** Acquisition date (YYYY-MM-DD). */
  acquiredOn: string;
  copies: SyntheticCopy[];
}

/**
 * Generates the synthetic title with the given number (same number, same title). The bibliographic
 * fields come from one random stream and the holdings (copies, links, cover, area) from a second one,
 * so adding holdings did not change any title, author, subject, year or call number.
 */
export function syntheticTitle(n: number, seed = 42): SyntheticTitle {
  const rand = seededRandom(seed * 1_000_003 + n);
  const roll = rand();
  const language = roll < 0.6 ? 'por' : roll < 0.8 ? 'spa' : 'eng';
  const word = () => wordAt(language, zipfRank(rand));
  const length = 2 + Math.floor(rand() * 6);
  const titleWords = Array.from({ length }, word);
  const title = titleWords.join(' ').replace(/^./, (c) => c.toUpperCase());
  const author = `${pick(rand, SURNAMES)}, ${pick(rand, GIVEN)}`;
  const subjectWord = () =>
    wordAt(language, STOP_WORDS[language].length + Math.floor(rand() * WORDS[language].length));
  const subjects = [subjectWord(), subjectWord()]
    .map((w) => w.replace(/^./, (c) => c.toUpperCase()))
    .join(' ; ');
  const year = 1850 + Math.floor(Math.pow(rand(), 0.35) * 176);
  const cls = `${100 + Math.floor(rand() * 899)}.${Math.floor(rand() * 99)}`;
  const workType = pick(rand, WORK_TYPES);
  const callNumber = `${cls} ${author.charAt(0)}${100 + Math.floor(rand() * 899)}${title.charAt(0).toLowerCase()}`;
  const publisher = pick(rand, PUBLISHERS);
  const place = pick(rand, PLACES);

  const holdings = seededRandom((seed * 1_000_003 + n) ^ 0x5bd1e995);
  const undated = holdings() < 0.04;
  const online = workType === 'EBOOK' || workType === 'ARTIGO' || holdings() < 0.03;
  const onlineLinks = online
    ? Array.from(
        { length: holdings() < 0.1 ? 2 : 1 },
        (_, i) => `https://repositorio.example.org/handle/${n}${i ? `/${i + 1}` : ''}`,
      )
    : [];
  const coverUrl =
    holdings() < (workType === 'LIVRO' || workType === 'EBOOK' ? 0.45 : 0.1)
      ? `https://capas.example.org/${n}.jpg`
      : null;
  const areaRoll = holdings();
  const knowledgeArea =
    areaRoll < 0.9 ? Math.floor((areaRoll / 0.9) * SYNTHETIC_KNOWLEDGE_AREAS.length) : null;
  const isAccessible = holdings() < 0.04;
  const acquiredDay = Math.floor(Math.pow(holdings(), 0.5) * 7670); // 2005-01-01 + up to 21 years, recent ones more
  const acquiredOn = new Date(Date.UTC(2005, 0, 1) + acquiredDay * 86_400_000).toISOString().slice(0, 10);
  // E-books and articles are online only; a book has one to six copies, mostly in its home library.
  const copyCount =
    workType === 'EBOOK' || workType === 'ARTIGO'
      ? 0
      : workType === 'TESE'
        ? 1 + Math.floor(holdings() * 2)
        : 1 + Math.floor(Math.pow(holdings(), 2) * 6);
  const home = Math.floor(Math.pow(holdings(), 1.6) * SYNTHETIC_LIBRARIES.length);
  const copies: SyntheticCopy[] = Array.from({ length: copyCount }, (_, i) => {
    const library = i === 0 || holdings() < 0.7 ? home : Math.floor(holdings() * SYNTHETIC_LIBRARIES.length);
    let statusRoll = holdings();
    let status = COPY_STATUS_WEIGHTS[0]![0];
    for (const [s, w] of COPY_STATUS_WEIGHTS) {
      if (statusRoll < w) {
        status = s;
        break;
      }
      statusRoll -= w;
    }
    if ((workType === 'PERIODICO' || workType === 'TESE') && status === 'disponivel')
      status = 'consulta_local';
    return { library, number: `S${n}-${i + 1}`, status };
  });
  return {
    controlNumber: `synth-${String(n).padStart(9, '0')}`,
    title,
    author,
    subjects,
    year: undated ? null : year,
    language,
    workType,
    callNumber,
    classification: cls,
    publisher,
    place,
    knowledgeArea,
    coverUrl,
    onlineLinks,
    isAccessible,
    acquiredOn,
    copies,
  };
}

/** A minimal MARC record for a synthetic title, so the MARC view works on it too. */
function marcOf(t: SyntheticTitle): string {
  return JSON.stringify({
    leader: '00000nam a2200000 i 4500',
    fields: [
      { tag: '001', value: t.controlNumber },
      { tag: '003', value: 'SYNTH' },
      { tag: '100', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: t.author }] },
      { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: t.title }] },
      {
        tag: '264',
        ind1: ' ',
        ind2: '1',
        subfields: [
          { code: 'a', value: t.place },
          { code: 'b', value: t.publisher },
          { code: 'c', value: t.year === null ? '[s.d.]' : String(t.year) },
        ],
      },
      ...t.onlineLinks.map((url) => ({
        tag: '856',
        ind1: '4',
        ind2: '0',
        subfields: [
          { code: 'u', value: url },
          { code: 'y', value: 'Acesso online' },
        ],
      })),
    ],
  });
}

/** Campuses, libraries and knowledge areas the synthetic titles refer to; answers their ids in list order. */
async function ensureReferences(db: Db): Promise<{ libraries: number[]; areas: number[] }> {
  const libraries: number[] = [];
  const areas: number[] = [];
  await db.transaction(async (tx) => {
    for (const library of SYNTHETIC_LIBRARIES) {
      const campus = await tx.query<{ id: number }>(
        'INSERT INTO campus (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id',
        [library.campus],
      );
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO library (campus_id, code, name) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id`,
        [campus.rows[0]!.id, library.code, library.name],
      );
      libraries.push(rows[0]!.id);
    }
    for (const name of SYNTHETIC_KNOWLEDGE_AREAS) {
      const { rows } = await tx.query<{ id: number }>(
        'INSERT INTO knowledge_area (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id',
        [name],
      );
      areas.push(rows[0]!.id);
    }
  });
  return { libraries, areas };
}

/**
 * Loads N synthetic titles with their copies, online links and authority links (the author and
 * the subjects, so the author and subject filters have values), set-based: one statement per batch
 * (titles, copies and links from parallel arrays), each batch one transaction, so a re-run completes
 * an interrupted load without duplicating anything.
 */
export async function seedSynthetic(
  db: Db,
  options: { records: number; seed?: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<{ inserted: number }> {
  const batchSize = options.batchSize ?? 5000;
  const { libraries, areas } = await ensureReferences(db);
  let inserted = 0;
  for (let start = 1; start <= options.records; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, options.records - start + 1) }, (_, i) =>
      syntheticTitle(start + i, options.seed),
    );
    const col = <K extends keyof SyntheticTitle>(key: K) => rows.map((r) => r[key]);
    const copies = rows.flatMap((r) => r.copies.map((c) => ({ ...c, controlNumber: r.controlNumber })));
    const links = rows.flatMap((r) =>
      r.onlineLinks.map((url, i) => ({ url, seq: i + 1, controlNumber: r.controlNumber })),
    );
    // Authority headings: the author (a person) and each distinct subject word (a topical subject).
    const headings = rows.flatMap((r) => [
      { cn: r.controlNumber, type: 'pessoa', heading: r.author, role: 'author', position: 0 },
      ...[...new Set(r.subjects.split(' ; '))].map((heading, i) => ({
        cn: r.controlNumber,
        type: 'assunto',
        heading,
        role: 'subject',
        position: i,
      })),
    ]);
    const result = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO authority (type, heading)
         SELECT DISTINCT ON (type, public.f_norm(heading)) type, heading
           FROM unnest($1::text[], $2::text[]) AS u(type, heading)
         ON CONFLICT (type, heading_norm) DO NOTHING`,
        [headings.map((h) => h.type), headings.map((h) => h.heading)],
      );
      // Each new title carries the filter keys its copies, authority links and online links give it,
      // as the importer's do (decision 0072, migrations 0043 and 0044): the links then mark it stale as
      // usual, and the refresh at commit finds its keys right and leaves the row alone, instead of
      // rewriting every title of the batch.
      return tx.query<{ inserted: number }>(
        `WITH copy_keys AS (
           SELECT c.cn, array_agg(k) AS keys
             FROM unnest($19::text[], $20::int[], $22::text[]) AS c(cn, lib, st)
             JOIN library l ON l.id = c.lib
             CROSS JOIN LATERAL unnest(public.copy_facet_keys(l.id, l.campus_id, c.st, $31, $32)) AS k
            GROUP BY c.cn
         ), heading_keys AS (
           SELECT h.cn, array_agg(public.authority_facet_key(h.role, a.type, a.id)) AS keys
             FROM unnest($26::text[], $27::text[], $28::text[], $29::text[]) AS h(cn, type, heading, role)
             JOIN authority a ON a.type = h.type AND a.heading_norm = public.f_norm(h.heading)
            GROUP BY h.cn
         ), ins AS (
           INSERT INTO title (control_number, control_source, title, title_statement, main_author, authors_text,
               subjects_text, year, publication_date, language, languages, ts_config, work_type, call_number,
               classification, publisher, publication_place, marc, source_format, remote_access, cover_url,
               is_accessible, knowledge_area_id, acquired_on, facet_keys)
           SELECT u.cn, 'SYNTH', ti, ti, au, au, su, yr, coalesce(yr::text, '[s.d.]'), lg, ARRAY[lg], cfg::regconfig,
                  wt, call, cls, pub, pl, marc::jsonb, 'marc21', CASE WHEN online THEN 'cr' END, cover, acc, area,
                  acq::date,
                  coalesce(ck.keys, '{}') || coalesce(hk.keys, '{}')
                    || CASE WHEN online THEN ARRAY['X:O', 'M:online'] ELSE '{}' END
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                         $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::bool[],
                         $15::text[], $16::bool[], $17::int[], $18::text[])
                  AS u(cn, ti, au, su, yr, lg, cfg, wt, call, cls, pub, pl, marc, online, cover, acc, area, acq)
             LEFT JOIN copy_keys ck ON ck.cn = u.cn
             LEFT JOIN heading_keys hk ON hk.cn = u.cn
           ON CONFLICT (control_number, control_source) DO NOTHING
           RETURNING id, control_number
         ), copies AS (
           INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
           SELECT ins.id, c.lib, c.num, $31, $32, c.st
             FROM unnest($19::text[], $20::int[], $21::text[], $22::text[]) AS c(cn, lib, num, st)
             JOIN ins ON ins.control_number = c.cn
         ), links AS (
           INSERT INTO online_link (title_id, seq, url, description)
           SELECT ins.id, l.seq, l.url, 'Acesso online'
             FROM unnest($23::text[], $24::int[], $25::text[]) AS l(cn, seq, url)
             JOIN ins ON ins.control_number = l.cn
         ), headings AS (
           INSERT INTO title_authority (title_id, authority_id, role, position)
           SELECT ins.id, a.id, h.role, h.position
             FROM unnest($26::text[], $27::text[], $28::text[], $29::text[], $30::int[])
                  AS h(cn, type, heading, role, position)
             JOIN ins ON ins.control_number = h.cn
             JOIN authority a ON a.type = h.type AND a.heading_norm = public.f_norm(h.heading)
         )
         SELECT count(*)::int AS inserted FROM ins`,
        [
          col('controlNumber'),
          col('title'),
          col('author'),
          col('subjects'),
          col('year'),
          col('language'),
          rows.map((r) => stemConfigFor(r.language)),
          col('workType'),
          col('callNumber'),
          col('classification'),
          col('publisher'),
          col('place'),
          rows.map(marcOf),
          rows.map((r) => r.onlineLinks.length > 0),
          col('coverUrl'),
          col('isAccessible'),
          rows.map((r) => (r.knowledgeArea === null ? null : areas[r.knowledgeArea]!)),
          col('acquiredOn'),
          copies.map((c) => c.controlNumber),
          copies.map((c) => libraries[c.library]!),
          copies.map((c) => c.number),
          copies.map((c) => c.status),
          links.map((l) => l.controlNumber),
          links.map((l) => l.seq),
          links.map((l) => l.url),
          headings.map((h) => h.cn),
          headings.map((h) => h.type),
          headings.map((h) => h.heading),
          headings.map((h) => h.role),
          headings.map((h) => h.position),
          // Every synthetic copy's loan type and location, written and keyed alike.
          'Normal',
          'Acervo geral',
        ],
      );
    });
    inserted += result.rows[0]?.inserted ?? 0;
    options.onProgress?.(Math.min(start + batchSize - 1, options.records));
  }
  await db.exec(
    'ANALYZE title; ANALYZE copy; ANALYZE online_link; ANALYZE authority; ANALYZE title_authority',
  );
  // The loaded catalogue's frequent words, whose filter counts are kept (docs/search.md "Kept counts").
  if (inserted > 0) await rebuildSearchStats(db);
  return { inserted };
}
