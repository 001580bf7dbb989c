import { readFile } from 'node:fs/promises';
import { hash } from '@node-rs/argon2';
import { mapTitle, type MarcField, type MarcRecord } from '@estante/marc';
import type { StaffRole } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { saveTitle } from '../catalogue/index.ts';
import { seedInstitutionContent } from '../institution/index.ts';
import { seedDemoTeaching } from '../lookups/demo.ts';
import { seedDemoRecordTabs } from './demo-record-tabs.ts';
import { seedDemoTeachingPlans } from '../teaching-plans/index.ts';
import { seedDemoNetwork } from './demo-network.ts';
import { seedDemoCirculation } from '../circulation/index.ts';
import { seedDemoDatabases } from '../databases/index.ts';
import { demoAcquisition } from '../acquisition-stats/index.ts';

/** One work of the demo library (demo/works.json; see demo/README.md). */
export interface DemoWork {
  id: string;
  type:
    | 'book'
    | 'thesis'
    | 'periodical'
    | 'ebook'
    | 'audiobook'
    | 'score'
    | 'video'
    | 'map'
    | 'normative-act'
    | 'case-law'
    | 'archive';
  title: string;
  subtitle?: string;
  titleOriginalScript?: string;
  authors: {
    name: string;
    dates?: string;
    role?: string;
    corporate?: boolean;
    /** A jurisdiction entered as author (110/710 first indicator 1: "Brasil"), as laws and courts are. */
    jurisdiction?: boolean;
    /** Subordinate units ($b): "Supremo Tribunal Federal", "Ministério da Educação". */
    units?: string[];
  }[];
  /** Uniform title (240), e.g. the designation of an act: "Constituição (1988)". */
  uniformTitle?: string;
  /** Date of a court judgment (033 $a), YYYY-MM-DD. */
  judgedOn?: string;
  /** Archival description: level (351 $c), fonds (773 $t), the years the material covers (008/06 i). */
  archive?: { level: string; fonds?: string; from: number; to?: number; recordType: 'p' | 't' | 'k' };
  edition?: string;
  place?: string;
  publisher?: string;
  year?: number;
  pages?: number;
  isbn?: string;
  issn?: string;
  language: string;
  originalLanguage?: string;
  subjects: string[];
  genre?: string;
  series?: string;
  callNumber?: string;
  notes?: string;
  thesis?: { degree: string; institution: string; year: number };
  url?: string;
  accessible?: boolean;
  accessibleFormat?: string;
  area?: string;
  /** Contents note (505) entries, as a cataloguer lists them: enhanced ($g $t) unless `contentsForm` is basic. */
  contents?: { order?: string; title: string }[];
  contentsForm?: 'basic' | 'enhanced';
  /** The work on a platform the institution subscribes to: 856 41 with $x "Acesso restrito[: publisher]". */
  restrictedLink?: { url: string; label: string; publisher?: string };
}

/** A demo patron: what README "Demo library" and the start-up banner list. */
export interface DemoLogin {
  login: string;
  password: string;
  name: string;
  category: string;
  /** Same key = logins of one person (linked logins, SPEC §4); null for a single login. */
  personKey: string | null;
  /** Other names the patron signs in with; one shared by two people makes them choose (SPEC §2). */
  aliases: readonly string[];
  /** What the login shows, for the banner and README. */
  note: string;
  /** The staff roles the login holds (decision 0054); none for a patron. */
  staffRoles?: readonly StaffRole[];
}

/** An alias two demo people share: signing in with it asks which person (SPEC §2 person choice). */
export const DEMO_SHARED_ALIAS = 'souza@demo.estante.example';

/**
 * Documented demo logins (README "Demo library"). Nobody has two-step verification on; the
 * institution offers it after `estante settings set dois_fatores true`.
 */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    login: 'ana',
    password: 'estante-ana',
    name: 'Ana Beatriz Souza',
    category: '01',
    personKey: null,
    aliases: [],
    note: '',
  },
  {
    login: 'bruno',
    password: 'estante-bruno',
    name: 'Bruno Carvalho Lima',
    category: '03',
    personKey: null,
    aliases: [],
    note: '',
  },
  {
    login: 'carla',
    password: 'estante-carla',
    name: 'Carla Mendes Ribeiro',
    category: '12',
    personKey: null,
    aliases: [],
    note: '',
  },
  {
    login: 'diego',
    password: 'estante-diego',
    name: 'Diego Fernández Ortiz',
    category: '05',
    personKey: null,
    aliases: [],
    note: '',
  },
  {
    login: 'elisa',
    password: 'estante-elisa',
    name: 'Elisa Tavares Nunes',
    category: '07',
    personKey: null,
    aliases: [],
    note: '',
  },
  // One person with two logins (a graduate student who works at the library): after signing in
  // with either, the linked-login choice offers the other.
  {
    login: 'fernanda',
    password: 'estante-fernanda',
    name: 'Fernanda Rocha Alves',
    category: '03',
    personKey: 'demo-fernanda',
    aliases: [],
    note: 'linked login: fernanda.func',
  },
  {
    login: 'fernanda.func',
    password: 'estante-fernanda-func',
    name: 'Fernanda Rocha Alves',
    category: '07',
    personKey: 'demo-fernanda',
    aliases: [],
    note: 'linked login: fernanda',
  },
  // Two people sharing an alias (a family e-mail): signing in with it asks which person.
  {
    login: 'gabriel.costa',
    password: 'estante-gabriel-costa',
    name: 'Gabriel Souza Costa',
    category: '01',
    personKey: null,
    aliases: [DEMO_SHARED_ALIAS],
    note: `person choice: sign in as ${DEMO_SHARED_ALIAS}`,
  },
  {
    login: 'gabriel.campos',
    password: 'estante-gabriel-campos',
    name: 'Gabriel Souza Campos',
    category: '19',
    personKey: null,
    aliases: [DEMO_SHARED_ALIAS],
    note: `person choice: sign in as ${DEMO_SHARED_ALIAS}`,
  },
  // The library's staff, one per role (decision 0054): they sign in like patrons and reach /equipe.
  {
    login: 'equipe.admin',
    password: 'estante-equipe-admin',
    name: 'Helena Prado Ramos',
    category: '07',
    personKey: null,
    aliases: [],
    note: 'staff: administrador',
    staffRoles: ['administrador'],
  },
  {
    login: 'equipe.circulacao',
    password: 'estante-equipe-circulacao',
    name: 'Igor Matos Pereira',
    category: '07',
    personKey: null,
    aliases: [],
    note: 'staff: circulacao',
    staffRoles: ['circulacao'],
  },
  {
    login: 'equipe.referencia',
    password: 'estante-equipe-referencia',
    name: 'Júlia Castro Lins',
    category: '07',
    personKey: null,
    aliases: [],
    note: 'staff: referencia',
    staffRoles: ['referencia'],
  },
  {
    login: 'equipe.aquisicao',
    password: 'estante-equipe-aquisicao',
    name: 'Kátia Moreira Dias',
    category: '07',
    personKey: null,
    aliases: [],
    note: 'staff: aquisicao',
    staffRoles: ['aquisicao'],
  },
  {
    login: 'equipe.catalogacao',
    password: 'estante-equipe-catalogacao',
    name: 'Leonardo Pires Teles',
    category: '07',
    personKey: null,
    aliases: [],
    note: 'staff: catalogacao',
    staffRoles: ['catalogacao'],
  },
];

/** Two campuses and three libraries of the demo institution. */
export const DEMO_LIBRARIES = [
  { code: 'BC', name: 'Biblioteca Central', campus: 'Campus Centro' },
  { code: 'BS', name: 'Biblioteca de Ciências da Saúde', campus: 'Campus Centro' },
  { code: 'BT', name: 'Biblioteca do Campus Tecnológico', campus: 'Campus Tecnológico' },
] as const;

const COPY_STATUSES = [
  'disponivel',
  'emprestado',
  'disponivel',
  'reservado',
  'atrasado',
  'consulta_local',
  'quarentena',
  'disponivel',
  'em_processamento',
  'extraviado',
] as const;

const LEADER_TYPE: Record<DemoWork['type'], string> = {
  book: 'am',
  thesis: 'am',
  ebook: 'am',
  periodical: 'as',
  audiobook: 'im',
  score: 'cm',
  video: 'gm',
  map: 'em',
  'normative-act': 'am',
  'case-law': 'am',
  // Replaced by the archive's record type and level (demoWorkToMarc).
  archive: 'pc',
};

const sub = (code: string, value: string) => ({ code, value });
const field = (
  tag: string,
  ind1: string,
  ind2: string,
  ...subfields: { code: string; value: string }[]
): MarcField => ({
  tag,
  ind1,
  ind2,
  subfields,
});

/** ISBD ends a field with a period unless it already ends in one, or in ! or ?. */
const withFinalPeriod = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** 505 0_ (basic: one $a, entries joined by " -- ") or 505 00 (enhanced: $g number and $t title per entry). */
function contentsField(
  entries: NonNullable<DemoWork['contents']>,
  form: NonNullable<DemoWork['contentsForm']>,
): MarcField {
  if (form === 'basic') {
    const text = entries.map((e) => (e.order ? `${e.order} ${e.title}` : e.title)).join(' -- ');
    return field('505', '0', ' ', sub('a', withFinalPeriod(text)));
  }
  const subfields = entries.flatMap((entry, index) => {
    const last = index === entries.length - 1;
    return [
      ...(entry.order ? [sub('g', entry.order)] : []),
      sub('t', last ? withFinalPeriod(entry.title) : `${entry.title} --`),
    ];
  });
  return field('505', '0', '0', ...subfields);
}

/** Writes a demo work as the MARC 21 record a cataloguer would have made, so it takes the import path. */
export function demoWorkToMarc(work: DemoWork): MarcRecord {
  const year = work.year ? String(work.year).padStart(4, '0') : '    ';
  const isOnlineOnly = work.type === 'ebook' || (Boolean(work.url) && isLegal(work));
  const form = isOnlineOnly ? 'o' : ' ';
  // Archival material: inclusive dates (008/06 i) of what the unit holds.
  const dates = work.archive
    ? `i${work.archive.from}${work.archive.to ?? work.archive.from}`
    : `s${year}    `;
  const fixed = `261122${dates}bl ${'     '}${form}${'           '}${work.language.padEnd(3).slice(0, 3)} d`;
  const fields: MarcField[] = [
    { tag: '001', value: work.id },
    { tag: '003', value: 'ESTANTE' },
    { tag: '008', value: fixed.padEnd(40).slice(0, 40) },
  ];
  if (work.isbn) fields.push(field('020', ' ', ' ', sub('a', work.isbn)));
  if (work.issn) fields.push(field('022', ' ', ' ', sub('a', work.issn)));
  if (work.originalLanguage)
    fields.push(field('041', '1', ' ', sub('a', work.language), sub('h', work.originalLanguage)));
  if (work.callNumber) {
    const [classification, ...cutter] = work.callNumber.split(' ');
    fields.push(field('082', '0', '4', sub('a', classification ?? work.callNumber)));
    fields.push(
      field(
        '090',
        ' ',
        ' ',
        sub('a', classification ?? work.callNumber),
        ...(cutter.length ? [sub('b', cutter.join(' '))] : []),
      ),
    );
  }
  const [first, ...others] = work.authors;
  const nameField = (tag: string, author: NonNullable<typeof first>) =>
    field(
      tag,
      author.jurisdiction ? '1' : author.corporate ? '2' : '1',
      ' ',
      // AACR2/RDA punctuation: the name ends with a comma when dates follow, a period before units.
      sub('a', author.dates ? `${author.name},` : author.units?.length ? `${author.name}.` : author.name),
      ...(author.units ?? []).map((unit) => sub('b', `${unit}.`)),
      ...(author.dates ? [sub('d', author.dates)] : []),
      ...(author.role && author.role !== 'author' ? [sub('e', author.role)] : []),
    );
  const hasMainEntry = first && (first.role ?? 'author') === 'author';
  if (first && hasMainEntry) fields.push(nameField(first.corporate ? '110' : '100', first));
  if (work.uniformTitle) fields.push(field('240', '1', '0', sub('a', work.uniformTitle)));
  if (work.judgedOn) fields.push(field('033', '0', '0', sub('a', work.judgedOn.replace(/-/g, ''))));
  if (work.archive) {
    fields.push(field('351', ' ', ' ', sub('c', work.archive.level)));
    if (work.archive.fonds) fields.push(field('773', '0', ' ', sub('t', work.archive.fonds)));
  }
  const titleSubfields = [sub('a', work.subtitle ? `${work.title} :` : work.title)];
  if (work.subtitle) titleSubfields.push(sub('b', work.subtitle));
  if (work.titleOriginalScript) titleSubfields.unshift(sub('6', '880-01'));
  fields.push(field('245', hasMainEntry ? '1' : '0', '0', ...titleSubfields));
  if (work.titleOriginalScript)
    fields.push(
      field('880', hasMainEntry ? '1' : '0', '0', sub('6', '245-01'), sub('a', work.titleOriginalScript)),
    );
  if (work.edition) fields.push(field('250', ' ', ' ', sub('a', work.edition)));
  fields.push(
    field(
      '264',
      ' ',
      '1',
      ...(work.place ? [sub('a', work.place)] : []),
      ...(work.publisher ? [sub('b', work.publisher)] : []),
      ...(work.year ? [sub('c', String(work.year))] : []),
    ),
  );
  if (work.pages) fields.push(field('300', ' ', ' ', sub('a', `${work.pages} p.`)));
  if (work.accessible)
    fields.push(field('341', '0', ' ', sub('a', 'textual'), sub('b', work.accessibleFormat ?? 'acessível')));
  if (work.series) fields.push(field('490', '0', ' ', sub('a', work.series)));
  if (work.notes) fields.push(field('500', ' ', ' ', sub('a', work.notes)));
  if (work.thesis) {
    fields.push(
      field(
        '502',
        ' ',
        ' ',
        sub('b', work.thesis.degree),
        sub('c', work.thesis.institution),
        sub('d', String(work.thesis.year)),
      ),
    );
  }
  if (work.contents?.length) fields.push(contentsField(work.contents, work.contentsForm ?? 'enhanced'));
  for (const subject of work.subjects) fields.push(field('650', ' ', '4', sub('a', subject)));
  if (work.genre) fields.push(field('655', ' ', '4', sub('a', work.genre)));
  for (const author of hasMainEntry ? others : work.authors)
    fields.push(nameField(author.corporate ? '710' : '700', author));
  if (work.url) fields.push(field('856', '4', '0', sub('u', work.url), sub('y', 'Acesso online')));
  if (work.restrictedLink) {
    const { url, label, publisher } = work.restrictedLink;
    // Second indicator 1: an electronic version of the print work the record describes.
    fields.push(
      field(
        '856',
        '4',
        '1',
        sub('u', url),
        sub('y', label),
        sub('x', publisher ? `Acesso restrito: ${publisher}` : 'Acesso restrito'),
      ),
    );
  }
  fields.sort((a, b) => a.tag.localeCompare(b.tag));
  if (work.archive) {
    // Leader/07 c for a whole fonds, d for a part of one; leader/08 a: under archival control.
    const level = /^fundo$/i.test(work.archive.level) ? 'c' : 'd';
    return { leader: `00000n${work.archive.recordType}${level}aa2200000 i 4500`, fields };
  }
  const [typeChar, level] = LEADER_TYPE[work.type];
  return { leader: `00000n${typeChar}${level} a2200000 i 4500`, fields };
}

/** Loads the demo works shipped in the repository. */
export async function loadDemoWorks(): Promise<DemoWork[]> {
  return JSON.parse(await readFile(new URL('./demo/works.json', import.meta.url), 'utf8')) as DemoWork[];
}

async function ensureLibraries(tx: Queryable): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const library of DEMO_LIBRARIES) {
    const campus = await tx.query<{ id: number }>(
      'INSERT INTO campus (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id',
      [library.campus],
    );
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO library (campus_id, code, name) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id`,
      [campus.rows[0]!.id, library.code, library.name],
    );
    ids.set(library.code, rows[0]!.id);
  }
  return ids;
}

/** Laws and court decisions: online when they have a link, else one printed copy like a book. */
function isLegal(work: DemoWork): boolean {
  return work.type === 'normative-act' || work.type === 'case-law';
}

/**
 * Copies of a demo work: e-books and online laws and decisions have none; archival units one, for
 * consultation in the archive; others one to three, spread over libraries and every status.
 */
function demoCopies(work: DemoWork, index: number) {
  if (work.type === 'ebook' || (work.url && isLegal(work))) return [];
  if (work.archive) {
    return [
      {
        library: 'BC',
        number: `${work.id.replace('demo-', '')}-1`,
        volume: null,
        loanType: 'Consulta local',
        location: 'Arquivo histórico',
        status: 'consulta_local',
        dueOffset: null,
      },
    ];
  }
  const count = 1 + (index % 3);
  const libraries =
    work.area === 'Ciências da Saúde'
      ? ['BS', 'BC']
      : work.area === 'Engenharias' || work.area === 'Computação'
        ? ['BT', 'BC']
        : ['BC', 'BT', 'BS'];
  return Array.from({ length: count }, (_, i) => {
    const status =
      i === 0 && index % 4 !== 1 ? 'disponivel' : COPY_STATUSES[(index + i) % COPY_STATUSES.length]!;
    const dueOffset = status === 'atrasado' ? -((index % 9) + 2) : (index % 14) + 3;
    return {
      library: libraries[i % libraries.length]!,
      number: `${work.id.replace('demo-', '')}-${i + 1}`,
      volume: work.type === 'periodical' ? `v. ${i + 1}` : null,
      loanType:
        work.type === 'periodical' || work.type === 'thesis'
          ? 'Consulta local'
          : i === 2
            ? 'Reserva técnica'
            : 'Normal',
      location: work.type === 'periodical' ? 'Hemeroteca' : 'Acervo geral',
      status:
        work.type === 'periodical' || work.type === 'thesis'
          ? status === 'disponivel'
            ? 'consulta_local'
            : status
          : status,
      dueOffset: ['emprestado', 'atrasado', 'reservado'].includes(status) ? dueOffset : null,
    };
  });
}

/** Loads the demo library (libraries, works with copies and authorities, patrons) when the catalogue is empty. */
export async function seedDemoIfEmpty(
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<{ titles: number } | null> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
  if ((rows[0]?.n ?? 0) > 0) return null;
  return seedDemo(db, log);
}

/** Loads (or reloads) the demo library. */
export async function seedDemo(
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<{ titles: number }> {
  const works = await loadDemoWorks();
  log(`Loading the demo library (${works.length} works) …`);
  const passwords = await Promise.all(DEMO_LOGINS.map((p) => hash(p.password)));
  await db.transaction(async (tx) => {
    const libraries = await ensureLibraries(tx);
    // The database's today, the day the new-acquisitions tab counts back from.
    const { rows: days } = await tx.query<{ today: string }>('SELECT current_date::text AS today');
    const today = Date.parse(`${days[0]!.today}T00:00:00Z`);
    for (const [index, work] of works.entries()) {
      const marc = demoWorkToMarc(work);
      const mapped = mapTitle(marc);
      if ('error' in mapped) throw new Error(`demo work ${work.id}: ${mapped.error}`);
      // One work a day in file order, the last one today: the newest acquisitions are the last
      // works of the file, relative to the day the library is seeded.
      const acquiredOn = new Date(today - (works.length - 1 - index) * 86_400_000).toISOString().slice(0, 10);
      const { id } = await saveTitle(tx, mapped, marc, {
        sourceFormat: 'marc21',
        acquiredOn,
        knowledgeArea: work.area ?? null,
      });
      for (const [copyIndex, copy] of demoCopies(work, index).entries()) {
        // Acquisition statistics (decision 0051): when, how, from whom and for how much.
        const acquisition = demoAcquisition(work, index, copyIndex, acquiredOn, days[0]!.today);
        await tx.query(
          `INSERT INTO copy (title_id, library_id, number, volume, loan_type, location, status, expected_return,
             acquired_on, acquisition_mode, acquisition_source, acquisition_price)
           VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE current_date + $8::int END,
             $9::date, $10, $11, $12::numeric)
           ON CONFLICT (library_id, number) DO NOTHING`,
          [
            id,
            libraries.get(copy.library)!,
            copy.number,
            copy.volume,
            copy.loanType,
            copy.location,
            copy.status,
            copy.dueOffset,
            acquisition.acquiredOn,
            acquisition.mode,
            acquisition.source,
            acquisition.price,
          ],
        );
      }
    }
    for (const [i, patron] of DEMO_LOGINS.entries()) {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO patron (login, name, email, category_code, password_hash, person_key)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (login) DO NOTHING RETURNING id`,
        [
          patron.login,
          patron.name,
          `${patron.login}@demo.estante.example`,
          patron.category,
          passwords[i],
          patron.personKey,
        ],
      );
      const id = inserted.rows[0]?.id;
      for (const alias of id === undefined ? [] : patron.aliases) {
        await tx.query('INSERT INTO patron_alias (alias, patron_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          alias.toLowerCase(),
          id,
        ]);
      }
      for (const role of id === undefined ? [] : (patron.staffRoles ?? [])) {
        await tx.query(
          `INSERT INTO staff_role (patron_id, role, granted_at, granted_by) VALUES ($1, $2, now(), 'demo')
           ON CONFLICT DO NOTHING`,
          [id, role],
        );
      }
    }
    await tx.query(
      `INSERT INTO institution_setting (key, value) VALUES
         ('nome', '"Universidade Estante — Bibliotecas (demonstração)"'), ('sigla', '"UE"')
       ON CONFLICT (key) DO NOTHING`,
    );
    await seedInstitutionContent(tx, libraries);
    await seedDemoTeaching(tx);
    // Serial holdings, loan history, closed stacks and restricted links of the record sub-tabs.
    await seedDemoRecordTabs(tx, works, libraries);
    await seedDemoTeachingPlans(tx);
    // Two other institutions of the library network, for the rede-oai search tab.
    await seedDemoNetwork(tx);
    // Open databases used in Brazil, for the personal area's databases screen.
    await seedDemoDatabases(tx);
  });
  // Rules, loans, holds, debts and suspensions, through the circulation engine (its own transactions).
  await seedDemoCirculation(db, log);
  return { titles: works.length };
}
