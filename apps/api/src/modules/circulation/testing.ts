import { hash } from '@node-rs/argon2';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { saveRule } from './local/repository.ts';
import { ANY, type CirculationRule } from './local/rules.ts';

// Test data for the circulation tests: a library of their own (no opening hours, so due dates are
// plain arithmetic), titles with the copies a test needs, patrons with passwords, and rules.

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** A rule with the values tests start from; override what a test is about. */
export function testRule(over: Partial<CirculationRule> = {}): CirculationRule {
  return {
    categoryCode: ANY,
    loanType: ANY,
    isLoanable: true,
    loanDays: 7,
    renewalLimit: 2,
    maxLoans: 5,
    maxHolds: 3,
    maxRequests: 2,
    allowsHolds: true,
    allowsRequests: true,
    pickupDays: 2,
    finePerDayCents: 150,
    maxFineCents: null,
    suspensionDaysPerLateDay: 0,
    quarantineDays: 0,
    ...over,
  };
}

/** Replaces every rule with these (the ('*', '*') one must be among them). */
export async function setRules(db: Db, rules: CirculationRule[]): Promise<void> {
  await db.query('DELETE FROM circulation_rule');
  for (const rule of rules) await saveRule(db, rule, new Date());
}

/** A library of the test's own, on the first campus; answers its id and code. */
export async function makeLibrary(
  db: Db,
  name = 'Biblioteca de Testes',
): Promise<{ id: number; code: string }> {
  const code = `T${unique()}`;
  const campus = await db.query<{ id: number }>(
    "INSERT INTO campus (name) VALUES ('Campus de Testes') ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id",
  );
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO library (campus_id, code, name) VALUES ($1, $2, $3) RETURNING id',
    [campus.rows[0]!.id, code, `${name} ${code}`],
  );
  return { id: rows[0]!.id, code };
}

/** One copy a test wants. */
export interface TestCopy {
  libraryId: number;
  loanType?: string;
  status?: string;
  volume?: string | null;
  location?: string | null;
}

/** A book with the copies given; answers the title id and the copy ids in order. */
export async function makeTitle(
  db: Db,
  title: string,
  copies: TestCopy[],
): Promise<{ titleId: number; copyIds: number[] }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO title (control_number, control_source, title, work_type, marc) VALUES ($1, 'TEST', $2, 'LIVRO', '{}'::jsonb)
     RETURNING id`,
    [unique(), title],
  );
  const titleId = rows[0]!.id;
  const copyIds: number[] = [];
  for (const [i, copy] of copies.entries()) {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO copy (title_id, library_id, number, volume, loan_type, location, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        titleId,
        copy.libraryId,
        `${titleId}-${i + 1}`,
        copy.volume ?? null,
        copy.loanType ?? 'Normal',
        copy.location === undefined ? 'Acervo geral' : copy.location,
        copy.status ?? 'disponivel',
      ],
    );
    copyIds.push(inserted.rows[0]!.id);
  }
  return { titleId, copyIds };
}

let passwordHash: Promise<string> | null = null;

/** A patron of a category, with the password `senha-de-teste` and an e-mail address. */
export async function makePatron(
  db: Db,
  options: { category?: string; login?: string; email?: string | null } = {},
): Promise<{ id: number; login: string; password: string; email: string | null }> {
  passwordHash ??= hash('senha-de-teste');
  const login = options.login ?? `leitor-${unique()}`;
  const email = options.email === undefined ? `${login}@teste.estante.example` : options.email;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO patron (login, name, email, category_code, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [login, `Leitor ${login}`, email, options.category ?? '01', await passwordHash],
  );
  return { id: rows[0]!.id, login, password: 'senha-de-teste', email };
}

/** The first pickup desk of a library (a receiving location that is not home delivery). */
export async function pickupDesk(db: Queryable, libraryId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM receiving_location WHERE library_id = $1 AND NOT is_home_delivery ORDER BY id',
    [libraryId],
  );
  return rows[0]!.id;
}

/** The circulation log entries of a copy, oldest first. */
export async function logOf(db: Db, copyId: number): Promise<{ action: string; actor: string }[]> {
  const { rows } = await db.query<{ action: string; actor: string }>(
    'SELECT action, actor FROM circulation_log WHERE copy_id = $1 ORDER BY id',
    [copyId],
  );
  return rows;
}

/** A copy's status and expected return day. */
export async function copyState(
  db: Db,
  copyId: number,
): Promise<{ status: string; expected: string | null }> {
  const { rows } = await db.query<{ status: string; expected: string | null }>(
    'SELECT status, expected_return::text AS expected FROM copy WHERE id = $1',
    [copyId],
  );
  return rows[0]!;
}
