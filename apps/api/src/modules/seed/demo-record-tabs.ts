import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Queryable } from '../../lib/db/index.ts';
import type { DemoWork } from './demo.ts';
import { seedDemoAnalytics } from './demo-analytics.ts';

/** A holdings line of a demo periodical (demo/serials.json). */
interface DemoHolding {
  work: string;
  library: string;
  description: string;
  current: boolean;
  /** A run of recent issues, numbered per volume (one volume a year) or continuously from `firstNumber`. */
  run?: { years: number[]; firstVolume: number; perYear: number; firstNumber?: number };
  /** Issues of the run that never arrived, as "year/number". */
  notReceived?: string[];
  /** Single back issues, with their contents. */
  issues?: DemoIssue[];
}

interface DemoIssue {
  year: number;
  volume: string;
  number: string;
  period?: string;
  published?: string;
  sections?: { name: string; articles: { title: string; authors: string; pages: string }[] }[];
}

/** ABNT abbreviations of the months (NBR 6023 annex), as issues print their period. */
const MONTHS = [
  'jan.',
  'fev.',
  'mar.',
  'abr.',
  'maio',
  'jun.',
  'jul.',
  'ago.',
  'set.',
  'out.',
  'nov.',
  'dez.',
];
/** When the demo library took in its back issues (a donated collection). */
const BACK_ISSUES_RECEIVED = '2019-03-15';

/** The issues of a run: period "jan./abr." for three a year, "jan." for twelve, published on the 1st. */
function runIssues(holding: DemoHolding): (DemoIssue & { received: string | null })[] {
  const run = holding.run!;
  const months = 12 / run.perYear;
  const missing = new Set(holding.notReceived ?? []);
  return run.years.flatMap((year, yearIndex) =>
    Array.from({ length: run.perYear }, (_, i) => {
      const number =
        run.firstNumber === undefined ? i + 1 : run.firstNumber + (year - run.years[0]!) * run.perYear + i;
      const firstMonth = i * months;
      const lastMonth = firstMonth + months - 1;
      const published = new Date(Date.UTC(year, firstMonth, 1));
      // The post takes two to four weeks, the same for each issue of a title.
      const received = new Date(published.getTime() + (12 + ((i * 7 + yearIndex * 3) % 17)) * 86_400_000);
      return {
        year,
        volume: String(run.firstVolume + yearIndex),
        number: String(number),
        period: months === 1 ? MONTHS[firstMonth]! : `${MONTHS[firstMonth]}/${MONTHS[lastMonth]}`,
        published: published.toISOString().slice(0, 10),
        received: missing.has(`${year}/${number}`) ? null : received.toISOString().slice(0, 10),
      };
    }),
  );
}

/** Serial holdings of the demo periodicals: current runs, and back issues with their contents. */
async function seedSerials(tx: Queryable, titleIds: Map<string, number>, libraries: Map<string, number>) {
  const holdings = JSON.parse(
    await readFile(new URL('./demo/serials.json', import.meta.url), 'utf8'),
  ) as DemoHolding[];
  for (const holding of holdings) {
    const titleId = titleIds.get(holding.work);
    const libraryId = libraries.get(holding.library);
    if (titleId === undefined || libraryId === undefined) continue;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO serial_holding (title_id, library_id, description, is_current) VALUES ($1, $2, $3, $4)
       ON CONFLICT (title_id, library_id, description) DO UPDATE SET is_current = excluded.is_current
       RETURNING id`,
      [titleId, libraryId, holding.description, holding.current],
    );
    const holdingId = rows[0]!.id;
    const issues = holding.run
      ? runIssues(holding)
      : (holding.issues ?? []).map((issue) => ({ ...issue, received: BACK_ISSUES_RECEIVED }));
    for (const [index, issue] of issues.entries()) {
      const seq = index + 1;
      await tx.query(
        `INSERT INTO serial_issue (holding_id, seq, year, volume, number, period, published_on, received_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date) ON CONFLICT (holding_id, seq) DO NOTHING`,
        [
          holdingId,
          seq,
          issue.year,
          issue.volume,
          issue.number,
          issue.period ?? null,
          issue.published ?? null,
          issue.received,
        ],
      );
      for (const [s, section] of (issue.sections ?? []).entries()) {
        await tx.query(
          `INSERT INTO serial_section (holding_id, issue_seq, seq, name) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [holdingId, seq, s + 1, section.name],
        );
        await tx.query(
          `INSERT INTO serial_article (holding_id, issue_seq, section_seq, seq, title, authors, pages)
           SELECT $1, $2, $3, n, title, authors, pages
             FROM unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS a(title, authors, pages, n)
           ON CONFLICT DO NOTHING`,
          [
            holdingId,
            seq,
            s + 1,
            section.articles.map((a) => a.title),
            section.articles.map((a) => a.authors),
            section.articles.map((a) => a.pages),
          ],
        );
      }
    }
  }
}

/** A small deterministic generator (LCG), so every demo load makes the same loans. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Relative demand per month of a Brazilian academic year: holidays in January, February, July, December. */
const MONTH_DEMAND = [0.15, 0.4, 1.3, 1.2, 1.1, 0.9, 0.25, 1.2, 1.2, 1.1, 1.0, 0.4];
/** The loan history covers these dates (UTC). */
const HISTORY_START = Date.UTC(2024, 0, 8);
const HISTORY_END = Date.UTC(2026, 9, 31);
const DAY = 86_400_000;
/** Standard loan period of the demo library, in days. */
const LOAN_DAYS = 14;

/** Books lent in the demo history: the first literature titles and the textbooks, busiest first. */
function lentWorks(works: DemoWork[]): { id: string; meanGapDays: number }[] {
  const literature = works.filter((w) => w.type === 'book' && w.area === 'Literatura').slice(0, 24);
  const textbooks = works.filter((w) => w.type === 'book' && w.genre === 'Livro didático');
  return [...literature, ...textbooks].map((work, index) => ({
    id: work.id,
    // Some titles are lent again within days, others wait a month or two between loans.
    meanGapDays: 4 + (index % 7) * 6,
  }));
}

/**
 * Returned loans of the demo books from January 2024 to October 2026, one copy at a time and never
 * overlapping, more in term time than in the holidays. Loaded once (a reload adds none).
 */
async function seedLoans(tx: Queryable, works: DemoWork[], titleIds: Map<string, number>) {
  const existing = await tx.query('SELECT 1 FROM loan LIMIT 1');
  if (existing.rows.length > 0) return;
  const patrons = (await tx.query<{ id: number }>('SELECT id FROM patron ORDER BY id')).rows.map((r) => r.id);
  if (patrons.length === 0) return;
  const lent = lentWorks(works);
  const ids = lent.flatMap((w) => titleIds.get(w.id) ?? []);
  const { rows: copies } = await tx.query<{ id: number; title_id: number }>(
    `SELECT id, title_id FROM copy WHERE title_id = ANY($1::int[]) AND NOT is_closed_stacks ORDER BY title_id, id`,
    [ids],
  );
  const gapOf = new Map(lent.map((w) => [titleIds.get(w.id), w.meanGapDays]));
  const loans: { copy: number; patron: number; loaned: Date; due: Date; returned: Date; renewals: number }[] =
    [];
  for (const copy of copies) {
    const random = generator(copy.id * 7919);
    const meanGap = gapOf.get(copy.title_id) ?? 30;
    let day = HISTORY_START + Math.floor(random() * 14) * DAY;
    for (;;) {
      // Each day the copy is on the shelf someone takes it with a chance that follows the academic year.
      while (day <= HISTORY_END && random() > MONTH_DEMAND[new Date(day).getUTCMonth()]! / meanGap)
        day += DAY;
      // Lent between 09:00 and 19:00 at the desk (12:00–22:00 UTC in Brasília time).
      const loaned = new Date(
        day + (12 + Math.floor(random() * 10)) * 3_600_000 + Math.floor(random() * 60) * 60_000,
      );
      if (loaned.getTime() > HISTORY_END) break;
      const renewals = random() < 0.25 ? 1 + Math.floor(random() * 2) : 0;
      const due = new Date(day + LOAN_DAYS * (1 + renewals) * DAY);
      // Most come back before the due date; one in ten a few days late.
      const late = random() < 0.1;
      const kept = late
        ? LOAN_DAYS * (1 + renewals) + 1 + Math.floor(random() * 6)
        : 3 + Math.floor(random() * (LOAN_DAYS * (1 + renewals) - 3));
      const returned = new Date(loaned.getTime() + kept * DAY + Math.floor(random() * 6) * 3_600_000);
      // The history is of returned loans only: one still out at its end is left to circulation.
      if (returned.getTime() > HISTORY_END) break;
      loans.push({
        copy: copy.id,
        patron: patrons[Math.floor(random() * patrons.length)]!,
        loaned,
        due,
        returned,
        renewals,
      });
      day = returned.getTime() - (returned.getTime() % DAY) + DAY;
    }
  }
  await tx.query(
    `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, returned_at, renewals)
     SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::date[], $5::timestamptz[], $6::int[])`,
    [
      loans.map((l) => l.copy),
      loans.map((l) => l.patron),
      loans.map((l) => l.loaned.toISOString()),
      loans.map((l) => l.due.toISOString().slice(0, 10)),
      loans.map((l) => l.returned.toISOString()),
      loans.map((l) => l.renewals),
    ],
  );
}

/** Year before which a demo book is a rare edition, one copy kept in the closed stacks of the Central Library. */
const RARE_BEFORE = 1900;

/** A closed-stack copy of each nineteenth-century (and older) demo book: the rare-books room. */
async function seedClosedStacks(
  tx: Queryable,
  works: DemoWork[],
  titleIds: Map<string, number>,
  libraryId: number,
) {
  const rare = works.filter((w) => w.type === 'book' && w.year !== undefined && w.year < RARE_BEFORE);
  const ids = rare.flatMap((w) => titleIds.get(w.id) ?? []);
  await tx.query(
    `INSERT INTO copy (title_id, library_id, number, loan_type, location, status, is_closed_stacks)
     SELECT t.id, $2, replace(t.control_number, 'demo-', '') || '-OR', 'Consulta local', 'Armazém — obras raras',
            'consulta_local', true
       FROM title t WHERE t.id = ANY($1::int[])
     ON CONFLICT (library_id, number) DO NOTHING`,
    [ids, libraryId],
  );
}

/**
 * The demo's restricted links: the Pearson virtual library takes a signed form (a key made for this
 * installation), other platforms go through the demo proxy. Staff-set values are kept.
 */
async function seedRestrictedAccess(tx: Queryable) {
  await tx.query(
    `INSERT INTO institution_setting (key, value) VALUES ('editora_pearson', $1::jsonb), ('prefixo_proxy', $2::jsonb)
     ON CONFLICT (key) DO NOTHING`,
    [
      JSON.stringify({
        endereco: 'https://biblioteca-virtual.demo.estante.example/login-integrado',
        chave: randomBytes(24).toString('base64url'),
        instituicao: 'UE',
      }),
      JSON.stringify('https://proxy.demo.estante.example/login?url='),
    ],
  );
}

/**
 * Data of the record sub-tabs for the demo library (decision 0022): analytic records of articles and a
 * chapter, serial holdings with contents, two years of loans, rare books in closed stacks, and the
 * restricted-link settings.
 */
export async function seedDemoRecordTabs(
  tx: Queryable,
  works: DemoWork[],
  libraries: Map<string, number>,
): Promise<void> {
  await seedDemoAnalytics(tx);
  const { rows } = await tx.query<{ id: number; control_number: string }>(
    "SELECT id, control_number FROM title WHERE control_source = 'ESTANTE' AND control_number LIKE 'demo-%'",
  );
  const titleIds = new Map(rows.map((r) => [r.control_number, r.id]));
  await seedSerials(tx, titleIds, libraries);
  await seedClosedStacks(tx, works, titleIds, libraries.get('BC')!);
  await seedLoans(tx, works, titleIds);
  await seedRestrictedAccess(tx);
}
