import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestDb, TEST_DB_KIND } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { circulationViolations } from './invariants.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import { makeLibrary, makePatron, makeTitle, pickupDesk, setRules, testRule } from './testing.ts';

// Many patrons and the desk at once on a handful of copies (decision 0025, locking): on PostgreSQL
// the operations really overlap (a pool of connections, row locks); PGlite runs them one at a time.
// Either way no copy may end with two owners, no queue with a gap, no status that disagrees.

/** A small deterministic random generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe(`circulation under concurrent operations (${TEST_DB_KIND})`, () => {
  let db: Db;
  let engine: CirculationEngine;
  let library: { id: number; code: string };
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));

  beforeEach(async () => {
    db = await createTestDb();
    engine = createCirculationEngine({ db, clock, timeZone: 'America/Sao_Paulo' });
    library = await makeLibrary(db);
    await setRules(db, [testRule({ maxLoans: 4, maxHolds: 3, maxRequests: 2 })]);
  });
  afterEach(() => db.close());

  /** What a refusal may be; anything else (a unique violation, a deadlock given up on) fails the test. */
  const expectOnlyRefusals = (results: PromiseSettledResult<unknown>[]) => {
    const unexpected = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as Error)
      .filter((e) => !(e instanceof AppError) || ![409, 422, 404].includes(e.statusCode));
    expect(unexpected.map((e) => `${e.name}: ${e.message}`)).toEqual([]);
  };

  const expectInvariants = async () => {
    await engine.sweep();
    expect(await circulationViolations(db)).toEqual([]);
    expect(await circulationViolations(db, { today: engine.today(), libraryId: library.id })).toEqual([]);
  };

  it('50 holds, renewals, returns, loans, cancellations and requests at once leave one owner per copy and gapless queues', async () => {
    const patrons = await Promise.all(Array.from({ length: 12 }, () => makePatron(db)));
    const titles = [
      await makeTitle(db, 'Grande sertão: veredas', [{ libraryId: library.id }, { libraryId: library.id }]),
      await makeTitle(db, 'Sagarana', [{ libraryId: library.id }]),
      await makeTitle(db, 'Primeiras estórias', [{ libraryId: library.id }, { libraryId: library.id }]),
    ];
    const copies = titles.flatMap((t) => t.copyIds.map((copyId) => ({ titleId: t.titleId, copyId })));
    // Every copy out, so holds are allowed; the last copy of the third title stays on the shelf for requests.
    const loans = new Map<number, { loanId: number; patronId: number }>();
    for (const [i, { copyId }] of copies.slice(0, 4).entries()) {
      const patron = patrons[i]!;
      const loan = await engine.checkout({ patronId: patron.id, copyId, actor: 'staff:test' });
      loans.set(copyId, { loanId: loan.loanId, patronId: patron.id });
    }
    for (const p of patrons.slice(6, 9))
      await engine.placeHold(p.id, { cod_acervo: titles[1]!.titleId, biblioteca: library.id }, 'p');
    clock.advance(3 * 86_400);

    const random = generator(20260302);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const deskId = await pickupDesk(db, library.id);
    const operations: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 50; i++) {
      const kind = i % 6;
      const patron = pick(patrons);
      const title = pick(titles);
      const copy = pick(copies);
      if (kind === 0 || kind === 3) {
        operations.push(() =>
          engine.placeHold(
            patron.id,
            { cod_acervo: title.titleId, biblioteca: library.id },
            `patron:${patron.id}`,
          ),
        );
      } else if (kind === 1) {
        const loan = loans.get(copy.copyId) ?? [...loans.values()][0]!;
        operations.push(() => engine.renew(loan.patronId, [loan.loanId], `patron:${loan.patronId}`));
      } else if (kind === 2) {
        operations.push(() => engine.checkin({ copyId: copy.copyId, actor: 'staff:test' }));
      } else if (kind === 4) {
        operations.push(() =>
          engine.checkout({ patronId: patron.id, copyId: copy.copyId, actor: 'staff:test' }),
        );
      } else {
        operations.push(async () => {
          const { rows } = await db.query<{ id: number }>(
            "SELECT id FROM hold WHERE patron_id = $1 AND status IN ('fila', 'liberada')",
            [patron.id],
          );
          return rows.length > 0
            ? engine.cancelHolds(patron.id, [rows[0]!.id], `patron:${patron.id}`)
            : engine.requestLoan(
                patron.id,
                titles[2]!.titleId,
                {
                  biblioteca_origem: library.id,
                  biblioteca_recebimento: library.id,
                  cod_local_recebimento: deskId,
                  email: 'leitor@teste.estante.example',
                  domicilio: false,
                },
                `patron:${patron.id}`,
              );
        });
      }
    }
    const results = await Promise.allSettled(operations.map((op) => op()));
    expectOnlyRefusals(results);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(10);
    await expectInvariants();
  });

  it('two patrons asking for the last copy at once: one request gets it, the other is told every copy is requested', async () => {
    const [a, b, c] = [await makePatron(db), await makePatron(db), await makePatron(db)];
    const { titleId, copyIds } = await makeTitle(db, 'Corpo de baile', [{ libraryId: library.id }]);
    const deskId = await pickupDesk(db, library.id);
    const body = {
      biblioteca_origem: library.id,
      biblioteca_recebimento: library.id,
      cod_local_recebimento: deskId,
      email: 'leitor@teste.estante.example',
      domicilio: false,
    };
    const results = await Promise.allSettled([
      engine.requestLoan(a.id, titleId, body, 'p'),
      engine.requestLoan(b.id, titleId, body, 'p'),
      engine.placeHold(c.id, { cod_acervo: titleId, biblioteca: library.id }, 'p'),
    ]);
    expectOnlyRefusals(results);
    const [first, second, hold] = results;
    expect([first!.status, second!.status].sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [first, second].find((r) => r!.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as AppError).code).toBe('REQUEST_ALL_COPIES_REQUESTED');
    // The hold is refused while the copy was still on the shelf, accepted once it was set aside.
    if (hold!.status === 'rejected') expect((hold.reason as AppError).code).toBe('HOLD_COPY_AVAILABLE');
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM loan_request WHERE copy_id = $1 AND status = 'aguardando'",
      [copyIds[0]],
    );
    expect(rows[0]!.n).toBe(1);
    await expectInvariants();
  });

  it('a renewal and a hold arriving together: either the renewal came first, or it is refused for the hold', async () => {
    for (let round = 0; round < 5; round++) {
      const [owner, waiting] = [await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, `Tutameia ${round}`, [{ libraryId: library.id }]);
      const { loanId } = await engine.checkout({
        patronId: owner.id,
        copyId: copyIds[0]!,
        actor: 'staff:test',
      });
      clock.advance(3 * 86_400);
      const [renewal, hold] = await Promise.all([
        engine.renew(owner.id, [loanId], `patron:${owner.id}`),
        engine.placeHold(waiting.id, { cod_acervo: titleId, biblioteca: library.id }, `patron:${waiting.id}`),
      ]);
      expect(hold.position).toBe(1);
      const { rows } = await db.query<{ action: string }>(
        "SELECT action FROM circulation_log WHERE (loan_id = $1 AND action = 'loan.renew') OR hold_id = $2 ORDER BY id",
        [loanId, hold.holdId],
      );
      if (renewal[0]!.renewed) expect(rows.map((r) => r.action)).toEqual(['loan.renew', 'hold.place']);
      else {
        expect(renewal[0]!.refusal?.code).toBe('RENEW_HOLDS_WAITING');
        expect(rows.map((r) => r.action)).toEqual(['hold.place']);
      }
    }
    await expectInvariants();
  });

  it('many returns of one copy at once take it back once, and give it to exactly one hold', async () => {
    const [owner, ...waiting] = await Promise.all(Array.from({ length: 5 }, () => makePatron(db)));
    const { titleId, copyIds } = await makeTitle(db, 'Estas estórias', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: owner!.id, copyId: copyIds[0]!, actor: 'staff:test' });
    const holds = await Promise.allSettled(
      waiting.map((p) =>
        engine.placeHold(p.id, { cod_acervo: titleId, biblioteca: library.id }, `patron:${p.id}`),
      ),
    );
    expect(holds.every((h) => h.status === 'fulfilled')).toBe(true);
    const returns = await Promise.allSettled(
      Array.from({ length: 6 }, () => engine.checkin({ copyId: copyIds[0]!, actor: 'staff:test' })),
    );
    expectOnlyRefusals(returns);
    expect(returns.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { rows } = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM hold WHERE title_id = $1 GROUP BY status ORDER BY status',
      [titleId],
    );
    expect(rows).toEqual([
      { status: 'fila', n: 3 },
      { status: 'liberada', n: 1 },
    ]);
    await expectInvariants();
  });
});
