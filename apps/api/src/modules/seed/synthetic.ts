import type { Db } from '../../lib/db/index.ts';
import { stemConfigFor } from '../search/index.ts';

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
function random(seed: number): () => number {
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

/** One synthetic title's columns. */
export interface SyntheticTitle {
  controlNumber: string;
  title: string;
  author: string;
  subjects: string;
  year: number;
  language: 'por' | 'spa' | 'eng';
  workType: string;
  callNumber: string;
  publisher: string;
  place: string;
}

/** Generates the synthetic title with the given number (same number, same title). */
export function syntheticTitle(n: number, seed = 42): SyntheticTitle {
  const rand = random(seed * 1_000_003 + n);
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
  return {
    controlNumber: `synth-${String(n).padStart(9, '0')}`,
    title,
    author,
    subjects,
    year,
    language,
    workType: pick(rand, WORK_TYPES),
    callNumber: `${cls} ${author.charAt(0)}${100 + Math.floor(rand() * 899)}${title.charAt(0).toLowerCase()}`,
    publisher: pick(rand, PUBLISHERS),
    place: pick(rand, PLACES),
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
          { code: 'c', value: String(t.year) },
        ],
      },
    ],
  });
}

/** Loads N synthetic titles in batches (each batch one transaction; a re-run completes an interrupted load). */
export async function seedSynthetic(
  db: Db,
  options: { records: number; seed?: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<{ inserted: number }> {
  const batchSize = options.batchSize ?? 5000;
  let inserted = 0;
  for (let start = 1; start <= options.records; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, options.records - start + 1) }, (_, i) =>
      syntheticTitle(start + i, options.seed),
    );
    const col = <K extends keyof SyntheticTitle>(key: K) => rows.map((r) => r[key]);
    const result = await db.transaction((tx) =>
      tx.query<{ id: number }>(
        `INSERT INTO title (control_number, control_source, title, title_statement, main_author, authors_text,
            subjects_text, year, publication_date, language, languages, ts_config, work_type, call_number,
            publisher, publication_place, marc, source_format)
         SELECT cn, 'SYNTH', ti, ti, au, au, su, yr, yr::text, lg, ARRAY[lg], cfg::regconfig, wt, call, pub, pl,
                marc::jsonb, 'marc21'
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
                AS u(cn, ti, au, su, yr, lg, cfg, wt, call, pub, pl, marc)
         ON CONFLICT (control_number, control_source) DO NOTHING
         RETURNING id`,
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
          col('publisher'),
          col('place'),
          rows.map(marcOf),
        ],
      ),
    );
    inserted += result.rows.length;
    options.onProgress?.(Math.min(start + batchSize - 1, options.records));
  }
  await db.exec('ANALYZE title');
  return { inserted };
}
