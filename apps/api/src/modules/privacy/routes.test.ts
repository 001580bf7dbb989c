import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LoanHistorySchema,
  PrivacyExportPdfSchema,
  PrivacyExportSchema,
  PrivacyOverviewSchema,
  PrivacyRequestSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { createCirculationEngine, type CirculationEngine } from '../circulation/index.ts';
import { makeLibrary, makePatron, makeTitle, setRules, testRule } from '../circulation/testing.ts';
import { runPrivacyCommand } from './command.ts';
import { EXPORT_SECTIONS, tablesWithPatronColumn } from './repository.ts';

// The patron's privacy calls (decision 0045) through the HTTP API on a real database, with the test
// clock, a real SMTP server, and pdftotext reading the PDF back.

const DAY = 86_400;
const run = promisify(execFile);

describe('privacy calls', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let engine: CirculationEngine;
  let library: { id: number; code: string };
  let dir: string;
  const staff = 'staff:test';

  beforeAll(async () => {
    mail = await startTestMail();
    dir = await mkdtemp(join(tmpdir(), 'estante-privacy-'));
  });
  afterAll(async () => {
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    engine = createCirculationEngine({
      db: ctx.db,
      clock,
      mailer: mail.mailer,
      timeZone: 'America/Sao_Paulo',
    });
    library = await makeLibrary(ctx.db);
    await setRules(ctx.db, [testRule({ loanDays: 7, finePerDayCents: 150 })]);
  });
  afterEach(() => ctx.close());

  async function patron() {
    const p = await makePatron(ctx.db);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = Awaited<ReturnType<typeof patron>>;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const days = (n: number) => clock.advance(n * DAY);
  /** A title with one copy, lent to the patron. */
  async function lend(who: { id: number }, title: string) {
    const { titleId, copyIds } = await makeTitle(ctx.db, title, [{ libraryId: library.id }]);
    const loan = await engine.checkout({ patronId: who.id, copyId: copyIds[0]!, actor: staff });
    return { titleId, copyId: copyIds[0]!, loanId: loan.loanId };
  }
  const history = async (who: Caller) =>
    LoanHistorySchema.parse((await call(who, 'GET', '/emprestimo/historico')).json()).map((l) => l.titulo);

  it('refuses every privacy call to a visitor (public token) and to no token at all', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) } as Caller;
    const nobody = { headers: {} } as Caller;
    for (const who of [visitor, nobody]) {
      for (const [method, url] of [
        ['GET', '/pessoas/meu-pergamum/privacidade'],
        ['PUT', '/pessoas/meu-pergamum/privacidade/escolhas'],
        ['POST', '/pessoas/meu-pergamum/privacidade/anonimizar-historico'],
        ['GET', '/pessoas/meu-pergamum/privacidade/dados'],
        ['GET', '/pessoas/meu-pergamum/privacidade/dados/pdf'],
        ['POST', '/pessoas/meu-pergamum/privacidade/pedido'],
      ] as const) {
        expect((await call(who, method, url)).statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('the download lists every table that holds a patron, and leaves the secrets out', async () => {
    const listed = new Set(EXPORT_SECTIONS.map((section) => section.table));
    expect((await tablesWithPatronColumn(ctx.db)).filter((table) => !listed.has(table))).toEqual([]);
    const ana = await patron();
    const data = PrivacyExportSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade/dados')).json(),
    );
    expect(Object.keys(data.tabelas).sort()).toEqual([...listed].sort());
    expect(data.tabelas.patron!.linhas).toEqual([
      expect.objectContaining({ id: ana.id, login: ana.login, email: ana.email }),
    ]);
    expect(data.tabelas.patron!.omitidos).toEqual(['password_hash']);
    for (const entry of Object.values(data.tabelas))
      for (const row of entry.linhas)
        for (const column of entry.omitidos) expect(row).not.toHaveProperty(column);
    expect(JSON.stringify(data)).not.toContain('$argon2');
    // Signing in left a session and a sign-in event, and neither hands out a token hash.
    expect(data.tabelas.sign_in_session!.linhas).toHaveLength(1);
    expect(data.tabelas.refresh_token!.linhas[0]).not.toHaveProperty('token_hash');
  });

  it("downloads one patron's data and never another's, as JSON and as a PDF pdftotext reads back", async () => {
    const ana = await patron();
    const bia = await patron();
    await lend(ana, 'Memórias póstumas de Brás Cubas');
    await lend(bia, 'O cortiço');
    const data = PrivacyExportSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade/dados')).json(),
    );
    expect(data.pessoa).toEqual({ cod_pessoa: ana.id, login: ana.login, nome: `Leitor ${ana.login}` });
    expect(data.tabelas.loan!.linhas).toHaveLength(1);
    for (const [table, entry] of Object.entries(data.tabelas))
      for (const row of entry.linhas) {
        if ('patron_id' in row) expect(row.patron_id, table).toBe(ana.id);
        expect(JSON.stringify(row), table).not.toContain(bia.login);
      }

    const pdf = PrivacyExportPdfSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/pessoas/meu-pergamum/privacidade/dados/pdf',
          headers: { ...ana.headers, idioma: '5' },
        })
      ).json(),
    );
    const file = join(dir, pdf.nome_arquivo);
    await writeFile(file, Buffer.from(pdf.pdf, 'base64'));
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    const read = stdout.replace(/\s+/g, ' ');
    expect(read).toContain(`Leitor ${ana.login}`);
    expect(read).toContain('Loans and their history');
    expect(read).not.toContain(bia.login);
  });

  it('with the loan history off, a returned loan leaves the history at once; open loans and debts stay', async () => {
    const ana = await patron();
    const bia = await patron();
    const kept = await lend(ana, 'Dom Casmurro');
    await engine.checkin({ copyId: kept.copyId, actor: staff });
    const saved = await call(ana, 'PUT', '/pessoas/meu-pergamum/privacidade/escolhas', {
      receber_email: true,
      manter_historico: false,
    });
    expect(saved.json()).toEqual({ receber_email: true, manter_historico: false });
    // Turning it off leaves the past alone until the patron asks (the screen offers it).
    expect(await history(ana)).toEqual(['Dom Casmurro']);

    const late = await lend(ana, 'Triste fim de Policarpo Quaresma');
    const open = await lend(ana, 'Macunaíma');
    const other = await lend(bia, 'Triste fim de Policarpo Quaresma');
    days(9); // due on the 9th, back on the 11th: two days late
    await engine.checkin({ copyId: late.copyId, actor: staff });
    await engine.checkin({ copyId: other.copyId, actor: staff });
    expect((await history(ana)).sort()).toEqual(['Dom Casmurro', 'Macunaíma']);
    expect(await history(bia)).toEqual(['Triste fim de Policarpo Quaresma']);
    const { rows } = await ctx.db.query<{ patron_id: number | null }>(
      'SELECT patron_id FROM loan WHERE id = $1',
      [late.loanId],
    );
    expect(rows).toEqual([{ patron_id: null }]);
    // The log of that loan no longer names her; the fine keeps its record of who owes it.
    const log = await ctx.db.query<{ action: string; patron_id: number | null }>(
      'SELECT action, patron_id FROM circulation_log WHERE loan_id = $1 ORDER BY id',
      [late.loanId],
    );
    expect(log.rows).toEqual([
      { action: 'loan.checkout', patron_id: null },
      { action: 'loan.checkin', patron_id: null },
      { action: 'debt.fine', patron_id: ana.id },
    ]);
    const debts = (await call(ana, 'GET', '/emprestimo/debitos-pendentes')).json() as { titulo: string }[];
    expect(debts.map((d) => d.titulo)).toEqual(['Triste fim de Policarpo Quaresma']);
    expect(open.loanId).toBeGreaterThan(0);
  });

  it('anonymises the past history on request: returned loans only, never another patron’s', async () => {
    const ana = await patron();
    const bia = await patron();
    const first = await lend(ana, 'Iracema');
    const hers = await lend(bia, 'Senhora');
    await engine.checkin({ copyId: first.copyId, actor: staff });
    await engine.checkin({ copyId: hers.copyId, actor: staff });
    await lend(ana, 'O guarani');
    const before = PrivacyOverviewSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(before.historico_emprestimos).toBe(1);
    const done = await call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/anonimizar-historico');
    expect(done.json()).toEqual({ anonimizados: 1 });
    expect(await history(ana)).toEqual(['O guarani']);
    expect(await history(bia)).toEqual(['Senhora']);
    const after = PrivacyOverviewSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(after.historico_emprestimos).toBe(0);
  });

  it('keeps the circulation log append-only except for dropping the patron it names', async () => {
    const ana = await patron();
    await lend(ana, 'Lucíola');
    await expect(
      ctx.db.query("UPDATE circulation_log SET action = 'x' WHERE patron_id = $1", [ana.id]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM circulation_log WHERE patron_id = $1', [ana.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      ctx.db.query(
        "UPDATE circulation_log SET patron_id = NULL, details = '{}' WHERE patron_id = $1 AND details <> '{}'",
        [ana.id],
      ),
    ).rejects.toThrow(/append-only/);
  });

  it('sends no notice e-mail to a patron who chose not to receive e-mails', async () => {
    const ana = await patron();
    const bia = await patron();
    await call(ana, 'PUT', '/pessoas/meu-pergamum/privacidade/escolhas', {
      receber_email: false,
      manter_historico: true,
    });
    const lender = await makePatron(ctx.db);
    for (const who of [ana, bia]) {
      const { titleId, copyIds } = await makeTitle(ctx.db, `Reservado por ${who.login}`, [
        { libraryId: library.id },
      ]);
      await engine.checkout({ patronId: lender.id, copyId: copyIds[0]!, actor: staff });
      await engine.placeHold(who.id, { cod_acervo: titleId, biblioteca: library.id }, staff);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
    }
    // Ana's hold was released first; the first message to arrive is Bia's.
    const message = await mail.smtp.nextMessage();
    expect(message.envelope.to).toEqual([bia.email]);
    expect(mail.smtp.messages.filter((m) => m.envelope.to.includes(ana.email!))).toEqual([]);
    const overview = PrivacyOverviewSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(overview.escolhas).toEqual({ receber_email: false, manter_historico: true });
  });

  it('records one open request when two are sent at once: the other is refused as already open', async () => {
    const ana = await patron();
    const both = await Promise.all(
      ['exclusao', 'anonimizacao'].map((tipo) =>
        call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/pedido', { tipo }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(both.find((answer) => answer.statusCode === 422)!.json().code).toBe('PRIVACY_REQUEST_OPEN');
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM privacy_request WHERE patron_id = $1 AND status = 'aberto'",
      [ana.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a deletion request at once while loans, holds or debts are open, naming each; then records one open request', async () => {
    const ana = await patron();
    const bia = await patron();
    const loan = await lend(ana, 'Grande sertão: veredas');
    const lender = await makePatron(ctx.db);
    const { titleId, copyIds } = await makeTitle(ctx.db, 'Vidas secas', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: lender.id, copyId: copyIds[0]!, actor: staff });
    await engine.placeHold(ana.id, { cod_acervo: titleId, biblioteca: library.id }, staff);
    const bias = await lend(bia, 'Capitães da areia');

    const refused = await call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/pedido', {
      tipo: 'exclusao',
      observacao: '  Mudei de cidade.  ',
    });
    expect(refused.statusCode, refused.body).toBe(201);
    const body = PrivacyRequestSchema.parse(refused.json());
    expect(body).toMatchObject({ tipo: 'exclusao', situacao: 'recusado', observacao: 'Mudei de cidade.' });
    expect(body.impedimentos.map((b) => [b.tipo, b.titulo])).toEqual([
      ['emprestimo', 'Grande sertão: veredas'],
      ['reserva', 'Vidas secas'],
    ]);

    days(10); // back three days late: a fine of R$ 4.50 blocks it now
    await engine.checkin({ copyId: loan.copyId, actor: staff });
    await engine.cancelHolds(
      ana.id,
      [
        (await ctx.db.query<{ id: number }>('SELECT id FROM hold WHERE patron_id = $1', [ana.id])).rows[0]!
          .id,
      ],
      staff,
    );
    const owed = PrivacyRequestSchema.parse(
      (await call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/pedido', { tipo: 'anonimizacao' })).json(),
    );
    expect(owed.impedimentos).toEqual([
      { tipo: 'debito', titulo: 'Grande sertão: veredas', valor: 4.5, biblioteca: expect.any(String) },
    ]);

    await engine.pay({ patronId: ana.id, amountCents: 450, actor: staff });
    const open = PrivacyRequestSchema.parse(
      (await call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/pedido', { tipo: 'anonimizacao' })).json(),
    );
    expect(open).toMatchObject({ situacao: 'aberto', impedimentos: [] });
    const again = await call(ana, 'POST', '/pessoas/meu-pergamum/privacidade/pedido', { tipo: 'exclusao' });
    expect([again.statusCode, again.json()]).toEqual([
      422,
      expect.objectContaining({ code: 'PRIVACY_REQUEST_OPEN', message: 'privacy.errors.requestOpen' }),
    ]);
    // Bia's own request is hers alone: her loan blocks it, and Ana's requests are not in her list.
    const hers = PrivacyOverviewSchema.parse(
      (await call(bia, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(hers.pedidos).toEqual([]);
    expect(bias.loanId).toBeGreaterThan(0);
    const mine = PrivacyOverviewSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(mine.pedidos.map((p) => p.situacao)).toEqual(['aberto', 'recusado', 'recusado']);

    // The library lists the requests and closes the open one.
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
    expect(await runPrivacyCommand(ctx.db, ['requests', '--state', 'open'], io)).toBe(0);
    expect(lines).toEqual([expect.stringContaining(`${ana.login} (patron ${ana.id}) anonymise open`)]);
    lines.length = 0;
    expect(await runPrivacyCommand(ctx.db, ['requests', '--state', 'refused'], io)).toBe(0);
    expect(lines.join('\n')).toContain('blocked by emprestimo: Grande sertão: veredas');
    expect(
      await runPrivacyCommand(ctx.db, ['request', String(open.codigo), 'done', '--note', 'Feito.'], io),
    ).toBe(0);
    expect(await runPrivacyCommand(ctx.db, ['request', String(open.codigo), 'done'], io)).toBe(1);
    const closed = PrivacyOverviewSchema.parse(
      (await call(ana, 'GET', '/pessoas/meu-pergamum/privacidade')).json(),
    );
    expect(closed.pedidos[0]).toMatchObject({ situacao: 'concluido', resposta: 'Feito.' });
  });
});
