// Circulation benchmark (`npm run bench:circulation`): on a throwaway PostgreSQL cluster, 1,000
// patrons with 10 loans each made through the engine; then the loans page (GET
// /api/emprestimo/titulos-pendentes?showDetails=S) over HTTP, one request at a time and eight at a
// time; then 200 renewals posted at once; then the circulation invariants. Prints its figures.
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, type Db } from '../apps/api/src/lib/db/index.ts';
import { openPostgres } from '../apps/api/src/lib/db/postgres.ts';
import { circulationViolations, createCirculationEngine } from '../apps/api/src/modules/circulation/index.ts';
import { findPostgresBin, startPostgres } from '../scripts/lib.mjs';
import { percentile } from './engines.ts';

process.env.TZ = 'UTC';

const { values } = parseArgs({
  options: {
    patrons: { type: 'string', default: '1000' },
    loans: { type: 'string', default: '10' },
    requests: { type: 'string', default: '2000' },
    renewals: { type: 'string', default: '200' },
  },
});
const PATRONS = Number(values.patrons);
const LOANS = Number(values.loans);
const REQUESTS = Number(values.requests);
const RENEWALS = Number(values.renewals);
const SIGNED_IN = Math.min(PATRONS, 200);

const ms = (n: number) => `${n.toFixed(1)} ms`;
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** A clock the benchmark moves forward (renewals need days to pass). */
function benchClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advanceDays: (n: number) => (offset += n * 86_400_000) };
}

/** Runs `count` tasks with at most `width` at a time; answers each one's duration in ms. */
async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        await task(i);
        times[i] = performance.now() - started;
      }
    }),
  );
  return times;
}

async function setup(db: Db, clock: ReturnType<typeof benchClock>) {
  await db.query('DELETE FROM circulation_rule');
  await db.query(
    `INSERT INTO circulation_rule (category_code, loan_type, loan_days, renewal_limit, max_loans, max_holds)
     VALUES ('*', '*', 14, 3, 20, 5)`,
  );
  const campus = await db.query<{ id: number }>("INSERT INTO campus (name) VALUES ('Campus') RETURNING id");
  const library = await db.query<{ id: number }>(
    "INSERT INTO library (campus_id, code, name) VALUES ($1, 'BENCH', 'Biblioteca do benchmark') RETURNING id",
    [campus.rows[0]!.id],
  );
  const libraryId = library.rows[0]!.id;
  const titles = PATRONS * LOANS;
  const started = performance.now();
  for (let from = 0; from < titles; from += 2000) {
    const n = Math.min(2000, titles - from);
    const ids = Array.from({ length: n }, (_, i) => from + i + 1);
    await db.query(
      `WITH t AS (
         INSERT INTO title (control_number, control_source, title, work_type, marc)
         SELECT 'bench-' || i, 'BENCH', 'Título de circulação ' || i, 'LIVRO', '{}'::jsonb FROM unnest($1::int[]) i
         RETURNING id, control_number)
       INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
       SELECT id, $2, control_number || '-1', 'Normal', 'Acervo geral', 'disponivel' FROM t`,
      [ids, libraryId],
    );
  }
  const password = await hash('senha-do-benchmark');
  await db.query(
    `INSERT INTO patron (login, name, email, category_code, password_hash)
     SELECT 'bench' || i, 'Leitor ' || i, 'bench' || i || '@bench.estante.example', '01', $2 FROM generate_series(1, $1) i`,
    [PATRONS, password],
  );
  console.log(`  ${titles} titles with one copy each and ${PATRONS} patrons in ${seconds(started)}`);
  const patrons = (
    await db.query<{ id: number }>("SELECT id FROM patron WHERE login LIKE 'bench%' ORDER BY id")
  ).rows.map((r) => r.id);
  const copies = (
    await db.query<{ id: number }>('SELECT id FROM copy WHERE library_id = $1 ORDER BY id', [libraryId])
  ).rows.map((r) => r.id);
  const engine = createCirculationEngine({ db, clock, timeZone: 'America/Sao_Paulo' });
  const lending = performance.now();
  const times = await pool(patrons.length, 8, async (p) => {
    for (let l = 0; l < LOANS; l++) {
      await engine.checkout({ patronId: patrons[p]!, copyId: copies[p * LOANS + l]!, actor: 'staff:bench' });
    }
  });
  const perLoan = times.map((t) => t / LOANS);
  console.log(
    `  ${patrons.length * LOANS} loans through the engine (8 desks at once) in ${seconds(lending)}: ` +
      `${ms(percentile(perLoan, 50))} per loan at p50`,
  );
  await db.query('ANALYZE');
  return { patrons, engine };
}

async function main() {
  const bin = await findPostgresBin();
  const cluster = bin ? await startPostgres(bin) : null;
  if (!cluster) {
    console.error('PostgreSQL is needed for this benchmark (no binaries found).');
    process.exit(2);
  }
  const db = await openPostgres(cluster.url, { max: 16 });
  try {
    await migrate(db);
    const version = (await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!
      .v;
    console.log(`Circulation benchmark on PostgreSQL ${version}`);
    const clock = benchClock();
    const { patrons, engine } = await setup(db, clock);

    const app = await buildApp({ db, clock, logLevel: 'silent', userTokenTtlSeconds: 86_400 * 30 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const tokens: string[] = [];
    for (let i = 1; i <= SIGNED_IN; i++) {
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          client_id: '4',
          username: `bench${i}`,
          password: 'senha-do-benchmark',
        }),
      });
      tokens.push(((await response.json()) as { access_token: string }).access_token);
    }
    const page = async (i: number) => {
      const response = await fetch(`${base}/emprestimo/titulos-pendentes?showDetails=S`, {
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      });
      const list = (await response.json()) as unknown[];
      if (response.status !== 200 || list.length !== LOANS) throw new Error(`loans page: ${response.status}`);
    };
    await pool(100, 4, page); // warm-up
    const single = await pool(REQUESTS, 1, page);
    const eight = performance.now();
    const concurrent = await pool(REQUESTS, 8, page);
    const eightSeconds = (performance.now() - eight) / 1000;
    console.log(
      `  loans page, one at a time (${REQUESTS}): p50 ${ms(percentile(single, 50))}, p95 ${ms(percentile(single, 95))}, max ${ms(Math.max(...single))}`,
    );
    console.log(
      `  loans page, eight at a time (${REQUESTS}): p50 ${ms(percentile(concurrent, 50))}, p95 ${ms(percentile(concurrent, 95))}, ` +
        `${Math.round(REQUESTS / eightSeconds)} requests/s`,
    );

    // Renewals need time to pass: a renewal on the day of the loan would not move the due date.
    clock.advanceDays(3);
    const { rows: loans } = await db.query<{ id: number; patron_id: number }>(
      `SELECT id, patron_id FROM loan WHERE patron_id = ANY($1::int[]) AND returned_at IS NULL ORDER BY patron_id, id`,
      [patrons.slice(0, SIGNED_IN)],
    );
    // Holds arrive on some of the titles while the renewals run, so some renewals must be refused.
    const holders = patrons.slice(SIGNED_IN, SIGNED_IN + 20);
    const renewalStart = performance.now();
    const results = await Promise.all([
      ...Array.from({ length: RENEWALS }, async (_, i) => {
        const loan = loans[(i * 7) % loans.length]!;
        const started = performance.now();
        const response = await fetch(`${base}/emprestimo/renovacao`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[patrons.indexOf(loan.patron_id)]}`,
          },
          body: JSON.stringify({ emprestimos: [loan.id] }),
        });
        const body = (await response.json()) as {
          resultados: { renovado: boolean; motivo: { codigo: string } | null }[];
        };
        return { status: response.status, took: performance.now() - started, outcome: body.resultados[0]! };
      }),
      ...holders.map(async (patronId, i) => {
        const loan = loans[(i * 7 * 10) % loans.length]!;
        const { rows } = await db.query<{ title_id: number; library_id: number }>(
          'SELECT c.title_id, c.library_id FROM loan ln JOIN copy c ON c.id = ln.copy_id WHERE ln.id = $1',
          [loan.id],
        );
        await engine.placeHold(
          patronId,
          { cod_acervo: rows[0]!.title_id, biblioteca: rows[0]!.library_id },
          `patron:${patronId}`,
        );
        return null;
      }),
    ]);
    const renewals = results.filter((r): r is NonNullable<typeof r> => r !== null);
    const renewed = renewals.filter((r) => r.outcome.renovado).length;
    const reasons = new Map<string, number>();
    for (const r of renewals)
      if (r.outcome.motivo)
        reasons.set(r.outcome.motivo.codigo, (reasons.get(r.outcome.motivo.codigo) ?? 0) + 1);
    console.log(
      `  ${RENEWALS} renewals posted at once (with ${holders.length} holds arriving): all answered in ${seconds(renewalStart)}, ` +
        `${renewals.filter((r) => r.status === 200).length} × 200, p95 ${ms(
          percentile(
            renewals.map((r) => r.took),
            95,
          ),
        )}; ` +
        `${renewed} renewed, refused: ${[...reasons].map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}`,
    );
    await engine.sweep();
    const violations = await circulationViolations(db, { today: engine.today() });
    const { rows: twice } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM loan WHERE renewals > 3',
    );
    console.log(
      `  invariants after the renewals: ${violations.length === 0 ? 'all hold' : violations.join('; ')}; loans over the renewal limit: ${twice[0]!.n}`,
    );
    await app.close();
    if (violations.length > 0 || renewals.some((r) => r.status !== 200)) process.exitCode = 1;
  } finally {
    await db.close();
    cluster.stop();
  }
}

await main();
