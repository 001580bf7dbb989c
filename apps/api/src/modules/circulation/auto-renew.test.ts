import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CIRCULATION_ERROR } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { startTestMail, type ReceivedMail } from '../../testing/smtp-server.ts';
import { testClock } from '../identity/testing.ts';
import { runDeskCommand } from './desk-command.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import { startCirculationJobs } from './jobs.ts';
import { makeLibrary, makePatron, makeTitle, setRules, testRule } from './testing.ts';

// Automatic renewal (beyond the spec), driven by the test clock, with the e-mails read from a real
// SMTP server.

describe('automatic renewal', () => {
  let db: Db;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let engine: CirculationEngine;
  let library: { id: number; code: string };
  const staff = 'staff:test';

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    db = await createTestDb();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    engine = createCirculationEngine({ db, clock, mailer: mail.mailer, timeZone: 'America/Sao_Paulo' });
    library = await makeLibrary(db);
    await setRules(db, [testRule({ loanDays: 7, renewalLimit: 1 })]);
  });
  afterEach(() => db.close());

  /** The messages received so far sent to one address. */
  const mailTo = (address: string): ReceivedMail[] =>
    mail.smtp.messages.filter((m) => m.envelope.to.includes(address));

  it('renews on the due date what the rules allow, and tells the patron what was and was not renewed', async () => {
    const [ana, waiting] = [await makePatron(db), await makePatron(db)];
    const free = await makeTitle(db, 'Capitães da areia', [{ libraryId: library.id }]);
    const wanted = await makeTitle(db, 'Mar morto', [{ libraryId: library.id }]);
    const later = await makeTitle(db, 'Jubiabá', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: ana.id, copyId: free.copyIds[0]!, actor: staff });
    await engine.checkout({ patronId: ana.id, copyId: wanted.copyIds[0]!, actor: staff });
    clock.advance(86_400);
    await engine.checkout({ patronId: ana.id, copyId: later.copyIds[0]!, actor: staff });
    await engine.placeHold(waiting.id, { cod_acervo: wanted.titleId, biblioteca: library.id }, staff);

    clock.advance(5 * 86_400); // Sunday the 8th: nothing due
    expect(await engine.autoRenew()).toEqual([]);
    clock.advance(86_400); // Monday the 9th: two loans due
    const reports = await engine.autoRenew();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.outcomes.map((o) => [o.title, o.renewed, o.dueOn, o.refusal?.code ?? null])).toEqual([
      ['Capitães da areia', true, '2026-03-16', null],
      ['Mar morto', false, '2026-03-09', 'RENEW_HOLDS_WAITING'],
    ]);
    const [message] = mailTo(ana.email!);
    expect(message!.subject).toBe('Renovação automática dos seus empréstimos');
    expect(message!.text).toContain('- "Capitães da areia": nova data de devolução 16/03/2026');
    expect(message!.text).toContain(
      '- "Mar morto": devolução em 09/03/2026. Motivo: Há reservas para este título.',
    );
    const { rows } = await db.query<{ actor: string }>(
      "SELECT actor FROM circulation_log WHERE action = 'loan.renew' AND patron_id = $1",
      [ana.id],
    );
    expect(rows).toEqual([{ actor: 'job:auto-renew' }]);
    // Each loan's outcome is an alert of its own (decision 0044), told by this one e-mail.
    expect(reports[0]!.mailed).toBe(true);
    expect(mailTo(ana.email!)).toHaveLength(1);
    const alerts = await db.query(
      `SELECT kind, params->>'title' AS title, params->>'dueOn' AS "dueOn", params->>'reason' AS reason
         FROM alert WHERE patron_id = $1 ORDER BY id`,
      [ana.id],
    );
    expect(alerts.rows).toEqual([
      { kind: 'renewalDone', title: 'Capitães da areia', dueOn: '2026-03-16', reason: null },
      {
        kind: 'renewalRefused',
        title: 'Mar morto',
        dueOn: '2026-03-09',
        reason: CIRCULATION_ERROR.RENEW_HOLDS_WAITING.key,
      },
    ]);

    // On the 16th the renewed loan is due again, but its one renewal is used: refused, and said so.
    mail.smtp.clear();
    clock.advance(7 * 86_400);
    const next = await engine.autoRenew();
    expect(next[0]!.outcomes.map((o) => [o.title, o.refusal?.code])).toEqual([
      ['Capitães da areia', 'RENEW_LIMIT'],
    ]);
    expect(mailTo(ana.email!)[0]!.text).toContain('Limite de renovações atingido.');
    expect(mailTo(ana.email!)[0]!.text).not.toContain('Renovados:');
  });

  it('leaves alone the loans of a patron who turned it off, and writes in the language of their last call', async () => {
    const [off, english, quiet] = [await makePatron(db), await makePatron(db), await makePatron(db)];
    const one = await makeTitle(db, 'Gabriela, cravo e canela', [{ libraryId: library.id }]);
    const two = await makeTitle(db, 'Dona Flor e seus dois maridos', [{ libraryId: library.id }]);
    const three = await makeTitle(db, 'Tocaia grande', [{ libraryId: library.id }]);
    const a = await engine.checkout({ patronId: off.id, copyId: one.copyIds[0]!, actor: staff });
    await engine.checkout({ patronId: english.id, copyId: two.copyIds[0]!, actor: staff });
    // Renewed, but not told by e-mail: this patron wants none.
    await engine.checkout({ patronId: quiet.id, copyId: three.copyIds[0]!, actor: staff });
    await db.query('UPDATE patron SET receives_email = false WHERE id = $1', [quiet.id]);
    await engine.setAutoRenew(off.id, false, `patron:${off.id}`);
    await db.query("UPDATE patron SET mail_language = 'en' WHERE id = $1", [english.id]);
    clock.advance(7 * 86_400);
    const reports = await engine.autoRenew();
    expect(reports.map((r) => [r.patronId, r.mailed])).toEqual([
      [english.id, true],
      [quiet.id, false],
    ]);
    expect(mailTo(quiet.email!)).toEqual([]);
    const { rows } = await db.query<{ renewals: number }>('SELECT renewals FROM loan WHERE id = $1', [
      a.loanId,
    ]);
    expect(rows[0]!.renewals).toBe(0);
    const turnedOff = await db.query(
      "SELECT details FROM circulation_log WHERE action = 'patron.auto-renew' AND patron_id = $1",
      [off.id],
    );
    expect(turnedOff.rows).toEqual([{ details: { on: false } }]);
    expect(mailTo(off.email!)).toEqual([]);
    const [message] = mailTo(english.email!);
    expect(message!.subject).toBe('Automatic renewal of your loans');
    expect(message!.text).toContain(
      'Automatic renewal did this:\n\nRenewed:\n- "Dona Flor e seus dois maridos": new due date 2026-03-16\n\nTo turn',
    );
    expect(message!.text).not.toContain('Not renewed');
  });

  it('runs from the desk command on demand, and once a day from 06:00 in the server job', async () => {
    const ana = await makePatron(db);
    const { copyIds } = await makeTitle(db, 'Tieta do agreste', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: ana.id, copyId: copyIds[0]!, actor: staff });
    clock.advance(7 * 86_400 - 4 * 3600); // Monday the 9th, 05:00 in São Paulo
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    // The server job before 06:00 sweeps and alerts the loan due today (decision 0044), no renewal.
    const log = { info: () => undefined, error: (e: unknown) => lines.push(`JOB ${String(e)}`) };
    const subjects = () => mailTo(ana.email!).map((m) => m.subject);
    await startCirculationJobs({ engine, db, clock, log, everyMinutes: 60 })();
    expect(subjects()).toEqual(['Novo alerta da biblioteca']);
    clock.advance(2 * 3600); // 07:00
    await startCirculationJobs({ engine, db, clock, log, everyMinutes: 60 })();
    expect(subjects()).toEqual(['Novo alerta da biblioteca', 'Renovação automática dos seus empréstimos']);
    // A restart the same day neither renews nor alerts twice.
    await startCirculationJobs({ engine, db, clock, log, everyMinutes: 60 })();
    expect(subjects()).toHaveLength(2);
    // The desk runs it again on demand: the loan is now due on the 16th, nothing due today.
    expect(await runDeskCommand(db, ['auto-renew'], io, { clock, mailer: mail.mailer })).toBe(0);
    expect(lines.at(-1)).toBe(
      'Automatic renewal for 2026-03-09: 0 patron(s), 0 loan(s) renewed, 0 not renewed, 0 e-mail(s) sent.',
    );
    expect(lines.filter((l) => l.startsWith('JOB') || l.startsWith('ERR'))).toEqual([]);
  });
});
