import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../lib/db/index.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import { circulationTimeZone } from './jobs.ts';
import { saveRule } from './local/repository.ts';
import { ANY, addDays, libraryDay, type CirculationRule, type Day } from './local/rules.ts';

/** Other patrons of the demo library: they hold the copies the catalogue shows as lent, held or in quarantine. */
const OTHER_PATRONS = [
  'Adriana Lopes',
  'Caio Martins',
  'Denise Araújo',
  'Eduardo Pires',
  'Fabiana Rocha',
  'Gustavo Teixeira',
  'Helena Moraes',
  'Igor Cardoso',
  'Juliana Freitas',
  'Leonardo Barros',
  'Mariana Castro',
  'Nelson Duarte',
  'Olívia Campos',
  'Paulo Henrique Reis',
  'Renata Cunha',
  'Sérgio Vieira',
  'Tatiana Gomes',
  'Vinícius Ramos',
  'Yara Monteiro',
  'Zeca Farias',
];

const rule = (
  over: Partial<CirculationRule> & Pick<CirculationRule, 'categoryCode' | 'loanType'>,
): CirculationRule => ({
  isLoanable: true,
  loanDays: 7,
  renewalLimit: 2,
  maxLoans: 5,
  maxHolds: 3,
  maxRequests: 3,
  allowsHolds: true,
  allowsRequests: true,
  pickupDays: 2,
  finePerDayCents: 100,
  maxFineCents: null,
  suspensionDaysPerLateDay: 0,
  quarantineDays: 0,
  ...over,
});

/**
 * The demo library's rules, as its "General information" page states them: undergraduates 5
 * titles for 7 days, graduate students, teachers and staff 10 for 15 days, two renewals when
 * nobody holds the title, R$ 1.00 a day late. Community members are also suspended a day per day
 * late; reading-room material is not lent; the technical reserve is lent overnight.
 */
export const DEMO_RULES: readonly CirculationRule[] = [
  rule({ categoryCode: ANY, loanType: ANY }),
  ...['03', '12', '07', '21', '08'].map((code) =>
    rule({ categoryCode: code, loanType: ANY, loanDays: 15, maxLoans: 10, maxHolds: 5, maxRequests: 5 }),
  ),
  rule({
    categoryCode: '05',
    loanType: ANY,
    maxLoans: 3,
    maxHolds: 2,
    maxRequests: 1,
    suspensionDaysPerLateDay: 1,
  }),
  rule({
    categoryCode: ANY,
    loanType: 'Consulta local',
    isLoanable: false,
    allowsHolds: false,
    allowsRequests: false,
  }),
  rule({
    categoryCode: ANY,
    loanType: 'Reserva técnica',
    loanDays: 1,
    renewalLimit: 0,
    allowsHolds: false,
    allowsRequests: false,
    finePerDayCents: 200,
  }),
];

/** A clock the seed moves to each moment of the demo's past. */
function movableClock(start: Date) {
  let now = start;
  return {
    now: () => now,
    set(instant: Date) {
      now = instant;
    },
  };
}

/**
 * Circulation of the demo library, through the engine: the rules; the copies the catalogue shows
 * as lent, late, held or in quarantine get the loans, holds and quarantines behind them (imported,
 * as from a previous system); and the demo patrons get their own history made operation by
 * operation over the past weeks: loans, a late loan, a renewal, a fine, a payment, holds in a
 * queue, a hold waiting at the desk, a suspension, a loan request. Runs once (a reload adds none).
 */
export async function seedDemoCirculation(
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const done = await db.query("SELECT 1 FROM circulation_log WHERE actor = 'seed' LIMIT 1");
  if (done.rows.length > 0) return;
  const timeZone = await circulationTimeZone(db);
  const start = new Date();
  const today = libraryDay(start, timeZone);
  for (const r of DEMO_RULES) await saveRule(db, r, start);

  const clock = movableClock(start);
  const engine = createCirculationEngine({ db, clock, timeZone });
  const others = await otherPatrons(db);
  await adoptCatalogueStatuses(db, engine, others, start, today);
  const imported = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM circulation_log WHERE action LIKE 'import.%'",
  );
  log(`Demo circulation: ${imported.rows[0]?.n ?? 0} loans, holds and quarantines of other patrons loaded.`);
  await demoPatronsHistory(db, engine, clock, today, log);
  clock.set(start);
  await engine.sweep('seed');
}

async function otherPatrons(db: Db): Promise<number[]> {
  // Nobody signs in as them: an unguessable password, blocked.
  const passwordHash = await hash(randomBytes(32).toString('base64url'));
  const ids: number[] = [];
  for (const [i, name] of OTHER_PATRONS.entries()) {
    const login = `leitor.demo${String(i + 1).padStart(2, '0')}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO patron (login, name, email, category_code, password_hash, is_blocked) VALUES ($1, $2, NULL, '07', $3, true)
       ON CONFLICT (login) DO UPDATE SET name = excluded.name RETURNING id`,
      [login, name, passwordHash],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** Gives every copy the catalogue shows as lent, late, held or in quarantine the state behind it. */
async function adoptCatalogueStatuses(
  db: Db,
  engine: CirculationEngine,
  others: number[],
  start: Date,
  today: Day,
) {
  const { rows } = await db.query<{ id: number; status: string; expected: string | null }>(
    `SELECT c.id, c.status, c.expected_return::text AS expected FROM copy c
      WHERE c.status IN ('emprestado', 'atrasado', 'reservado', 'quarentena')
        AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id AND ln.returned_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM hold h WHERE h.copy_id = c.id AND h.status = 'liberada')
      ORDER BY c.id`,
  );
  const day = 86_400_000;
  for (const [i, copy] of rows.entries()) {
    const patronId = others[i % others.length]!;
    if (copy.status === 'emprestado' || copy.status === 'atrasado') {
      const dueOn = copy.expected ?? addDays(today, copy.status === 'atrasado' ? -3 : 7);
      await engine.importState(
        {
          kind: 'loan',
          patronId,
          copyId: copy.id,
          loanedAt: new Date(Date.parse(`${dueOn}T15:00:00Z`) - 14 * day),
          dueOn,
        },
        'seed',
      );
    } else if (copy.status === 'reservado') {
      await engine.importState(
        {
          kind: 'released-hold',
          patronId,
          copyId: copy.id,
          placedAt: new Date(start.getTime() - 10 * day),
          releasedOn: addDays(today, 3),
        },
        'seed',
      );
    } else {
      await engine.importState(
        {
          kind: 'quarantine',
          patronId,
          copyId: copy.id,
          loanedAt: new Date(start.getTime() - 12 * day),
          returnedAt: new Date(start.getTime() - day),
          quarantineUntil: addDays(today, 2),
        },
        'seed',
      );
    }
  }
}

/** Books whose every copy is an ordinary loan on the shelf: with a single copy, or with several. */
async function shelfTitles(
  db: Db,
  single: boolean,
): Promise<{ titleId: number; copyId: number; libraryId: number }[]> {
  const { rows } = await db.query<{ titleId: number; copyId: number; libraryId: number }>(
    `SELECT t.id AS "titleId", min(c.id) AS "copyId", min(c.library_id) AS "libraryId"
       FROM title t JOIN copy c ON c.title_id = t.id
      WHERE t.work_type = 'LIVRO'
      GROUP BY t.id
     HAVING bool_and(c.status = 'disponivel' AND c.loan_type = 'Normal') AND (count(*) = 1) = $1
      ORDER BY t.id`,
    [single],
  );
  return rows;
}

/** The demo patrons' own circulation, operation by operation over the past weeks. */
async function demoPatronsHistory(
  db: Db,
  engine: CirculationEngine,
  clock: ReturnType<typeof movableClock>,
  today: Day,
  log: (line: string) => void,
) {
  const { rows: patrons } = await db.query<{ id: number; login: string }>(
    "SELECT id, login FROM patron WHERE login IN ('ana', 'bruno', 'carla', 'diego', 'elisa')",
  );
  const id = (login: string) => patrons.find((p) => p.login === login)?.id;
  const [ana, bruno, carla, diego, elisa] = ['ana', 'bruno', 'carla', 'diego', 'elisa'].map(id);
  if (!ana || !bruno || !carla || !diego || !elisa) return;
  const singles = await shelfTitles(db, true);
  const many = await shelfTitles(db, false);
  if (singles.length < 8 || many.length < 6) return;
  const pick = (list: typeof singles) => list.shift()!;
  const held = pick(singles);
  const released = pick(singles);
  const requested = pick(singles);
  const [a1, a2, a3, b1, b2, c1, d1, e1] = [
    pick(many),
    pick(many),
    pick(many),
    pick(singles),
    pick(many),
    pick(many),
    pick(singles),
    pick(many),
  ];
  // At 15:00 in the library on `offset` days from today (17:00–18:00 UTC in Brazil).
  const at = (offset: number) => clock.set(new Date(Date.parse(`${addDays(today, offset)}T18:00:00Z`)));
  const actor = 'seed';
  const steps: [number, () => Promise<unknown>][] = [
    // Bruno's late return: lent 25 days ago for 15 days, back 4 days late: a R$ 4.00 fine, still owed.
    [-25, () => engine.checkout({ patronId: bruno, copyId: b2.copyId, actor })],
    // Diego (community) returns 4 days late: fined and suspended; he pays the fine.
    [-20, () => engine.checkout({ patronId: diego, copyId: d1.copyId, actor })],
    [-11, () => engine.checkout({ patronId: bruno, copyId: held.copyId, actor })],
    [-11, () => engine.checkout({ patronId: bruno, copyId: b1.copyId, actor })],
    [-10, () => engine.checkout({ patronId: ana, copyId: a2.copyId, actor })],
    [-9, () => engine.checkin({ copyId: d1.copyId, actor })],
    [-8, () => engine.checkout({ patronId: elisa, copyId: released.copyId, actor })],
    [
      -7,
      () => engine.placeHold(carla, { cod_acervo: released.titleId, biblioteca: released.libraryId }, actor),
    ],
    [-6, () => engine.checkin({ copyId: b2.copyId, actor })],
    [-6, () => engine.checkout({ patronId: ana, copyId: a3.copyId, actor })],
    [-5, () => payAll(db, engine, diego, actor)],
    [-4, () => engine.placeHold(ana, { cod_acervo: held.titleId, biblioteca: held.libraryId }, actor)],
    [-3, () => engine.checkout({ patronId: ana, copyId: a1.copyId, actor })],
    [-3, () => engine.placeHold(elisa, { cod_acervo: held.titleId, biblioteca: held.libraryId }, actor)],
    [-2, () => engine.checkout({ patronId: carla, copyId: c1.copyId, actor })],
    // Elisa returns on time; the copy goes to Carla's hold, waiting at the desk.
    [-1, () => engine.checkin({ copyId: released.copyId, actor })],
    [-1, () => renewLoanOf(db, engine, ana, a3.copyId, actor)],
    [-1, () => engine.suspend({ patronId: diego, days: 7, reason: 'Dano ao material emprestado', actor })],
    [-1, () => engine.checkout({ patronId: elisa, copyId: e1.copyId, actor })],
    [
      0,
      async () => {
        const { rows } = await db.query<{ id: number }>(
          "SELECT r.id FROM receiving_location r JOIN library l ON l.id = r.library_id WHERE l.code = 'BT' AND NOT r.is_home_delivery",
        );
        const { rows: bt } = await db.query<{ id: number }>("SELECT id FROM library WHERE code = 'BT'");
        if (!rows[0] || !bt[0]) return;
        await engine.requestLoan(
          elisa,
          requested.titleId,
          {
            biblioteca_origem: requested.libraryId,
            biblioteca_recebimento: bt[0].id,
            cod_local_recebimento: rows[0].id,
            email: 'elisa@demo.estante.example',
            telefone: '(11) 5555-0101',
            domicilio: false,
          },
          actor,
        );
      },
    ],
  ];
  for (const [offset, step] of steps) {
    at(offset);
    try {
      await step();
    } catch (error) {
      log(`Demo circulation: a step ${offset} days ago was refused: ${(error as Error).message}`);
    }
  }
}

/** Pays everything the patron owes. */
async function payAll(db: Db, engine: CirculationEngine, patronId: number, actor: string) {
  const { rows } = await db.query<{ n: number }>(
    'SELECT coalesce(sum(amount_cents - discount_cents - paid_cents), 0)::int AS n FROM debt WHERE patron_id = $1',
    [patronId],
  );
  if ((rows[0]?.n ?? 0) > 0) await engine.pay({ patronId, amountCents: rows[0]!.n, actor });
}

/** Renews the patron's loan of a copy (the seed names copies, the engine loans). */
async function renewLoanOf(
  db: Db,
  engine: CirculationEngine,
  patronId: number,
  copyId: number,
  actor: string,
) {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM loan WHERE copy_id = $1 AND returned_at IS NULL',
    [copyId],
  );
  if (rows[0]) await engine.renew(patronId, [rows[0].id], actor);
}
