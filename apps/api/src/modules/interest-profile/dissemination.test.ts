import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlertsSchema, InterestTitlesSchema, type Alert } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';
import { importFile } from '../imports/service.ts';
import { runDsiCommand } from './cli.ts';
import { runDissemination } from './dissemination.ts';
import { startDisseminationJob } from './jobs.ts';

// Selective dissemination (issue 16; decision 0052): a profile for a subject, a MARC record with
// that subject imported through the real import, the run → one alert and exactly one e-mail on a
// real loopback SMTP server; a second run sends nothing new; an expired profile gets nothing; a
// refused e-mail is sent by the next run, and a run that dies before its commit loses no match.

const DAY = 86_400;
const PERIOD = '?dataIni=2026-01-01&dataFim=2026-12-31';

describe('dissemination of new titles', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let dir: string;
  let subject: { id: number; heading: string };
  let records = 0;

  beforeAll(async () => {
    mail = await startTestMail();
    dir = await mkdtemp(join(tmpdir(), 'estante-dsi-'));
  });
  afterAll(async () => {
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    // The demo library was catalogued after the migrations: a first run takes it in, with no profile yet.
    await runDissemination({ db: ctx.db, clock });
    subject = (
      await ctx.db.query<{ id: number; heading: string }>(
        `SELECT id, heading FROM authority WHERE type = 'assunto' AND heading ~ '^[[:alpha:] ]+$' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
  });
  afterEach(() => ctx.close());

  async function patron(options: { email?: string | null; receivesEmail?: boolean } = {}) {
    const p = await makePatron(ctx.db, options);
    if (options.receivesEmail === false)
      await ctx.db.query('UPDATE patron SET receives_email = false WHERE id = $1', [p.id]);
    const headers = bearer((await signIn(ctx.app, p.login, p.password)).access_token);
    return { ...p, headers };
  }
  type Patron = Awaited<ReturnType<typeof patron>>;
  const profileSubject = async (who: Patron, validade: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/perfil-interesse/area-autor-assunto',
      headers: who.headers,
      payload: { tipoDSI: 'assunto', validade, itens: [subject.id] },
    });
    expect(response.statusCode).toBe(200);
  };
  const interestAlerts = async (who: Patron): Promise<Alert[]> =>
    AlertsSchema.parse(
      (await ctx.app.inject({ url: `/api/solicitacoes/alertas${PERIOD}`, headers: who.headers })).json(),
    ).filter((a) => a.tipo === 'interestMatch');
  /** Imports one MARC 21 record (MARCXML) with the subject, as `estante import` does; answers its title id. */
  async function importRecord(title: string, db: Db = ctx.db): Promise<number> {
    records += 1;
    const control = `dsi-test-${records}-${Date.now()}`;
    const file = join(dir, `${control}.xml`);
    await writeFile(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim">
  <record>
    <leader>00000nam a2200000 a 4500</leader>
    <controlfield tag="001">${control}</controlfield>
    <controlfield tag="008">260301s2026    bl            000 0 por d</controlfield>
    <datafield tag="100" ind1="1" ind2=" "><subfield code="a">Souza, Helena.</subfield></datafield>
    <datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title} /</subfield><subfield code="c">Helena Souza.</subfield></datafield>
    <datafield tag="260" ind1=" " ind2=" "><subfield code="a">Manaus :</subfield><subfield code="b">Editora Teste,</subfield><subfield code="c">2026.</subfield></datafield>
    <datafield tag="650" ind1=" " ind2="4"><subfield code="a">${subject.heading}.</subfield></datafield>
  </record>
</collection>`,
    );
    const summary = await importFile(db, file);
    expect(summary).toMatchObject({ read: 1, inserted: 1 });
    const { rows } = await db.query<{ id: number }>('SELECT id FROM title WHERE control_number = $1', [
      control,
    ]);
    return rows[0]!.id;
  }

  it('tells the patrons whose valid profile matches: one alert each, one e-mail digest, and nothing more on the next run', async () => {
    const ana = await patron();
    const carlos = await patron();
    const dora = await patron({ receivesEmail: false });
    await profileSubject(ana, '2026-12-31');
    await profileSubject(carlos, '2026-03-10');
    await profileSubject(dora, '2026-12-31');
    // Carlos's profile is past its validity by the time the record comes.
    clock.advance(18 * DAY);
    const titleId = await importRecord('Rios da Amazônia');

    const first = await runDissemination({ db: ctx.db, clock, mailer: mail.mailer });
    expect(first).toEqual({ matches: 2, mailed: 1, mailFailed: 0 });
    const alerts = await interestAlerts(ana);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      link: `/acervo/${titleId}`,
      parametros: { title: 'Rios da Amazônia', titleId, reason: subject.heading },
    });
    expect(alerts[0]!.texto).toContain('Rios da Amazônia');
    expect(alerts[0]!.texto).toContain(subject.heading);
    expect(await interestAlerts(carlos)).toEqual([]);
    expect(await interestAlerts(dora)).toHaveLength(1);

    const message = await mail.smtp.nextMessage();
    expect(message.envelope.to).toEqual([ana.email]);
    expect(message.subject).toBe('Novidades do acervo para o seu perfil de interesse');
    expect(message.text).toContain('Rios da Amazônia');
    expect(message.text).toContain(`/acervo/${titleId}`);
    expect(message.text).toContain(subject.heading);
    expect(mail.smtp.messages).toHaveLength(1);

    // The title shows among those matching Ana's profile.
    const titles = InterestTitlesSchema.parse(
      (await ctx.app.inject({ url: '/api/perfil-interesse/titulos', headers: ana.headers })).json(),
    ).titulos;
    expect(titles[0]).toMatchObject({
      cod_acervo: titleId,
      motivos: [{ tipo: 'assunto', descricao: subject.heading }],
    });

    const second = await runDissemination({ db: ctx.db, clock, mailer: mail.mailer });
    expect(second).toEqual({ matches: 0, mailed: 0, mailFailed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.smtp.messages).toHaveLength(1);
    expect(await interestAlerts(ana)).toHaveLength(1);
  });

  it('gathers a run’s matches in one digest per patron, in their language', async () => {
    const ana = await patron();
    await ctx.db.query(`UPDATE patron SET mail_language = 'en' WHERE id = $1`, [ana.id]);
    await profileSubject(ana, '2026-12-31');
    await importRecord('Primeiro livro');
    await importRecord('Segundo livro');
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toEqual({
      matches: 2,
      mailed: 1,
      mailFailed: 0,
    });
    const message = await mail.smtp.nextMessage();
    expect(message.subject).toBe('New in the library for your interest profile');
    expect(message.text).toContain('2 new items');
    expect(message.text).toContain('Primeiro livro');
    expect(message.text).toContain('Segundo livro');
    expect(await interestAlerts(ana)).toHaveLength(2);
  });

  it('sends a digest the SMTP server refused on the next run, once', async () => {
    const ana = await patron();
    await profileSubject(ana, '2026-12-31');
    await importRecord('Livro recusado');
    const refusing: Mailer = {
      send: () => Promise.reject(new Error('452 mailbox full')),
      close: async () => {},
    };
    const errors: unknown[] = [];
    expect(
      await runDissemination({ db: ctx.db, clock, mailer: refusing, onMailError: (e) => errors.push(e) }),
    ).toEqual({ matches: 1, mailed: 0, mailFailed: 1 });
    expect(errors).toHaveLength(1);
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toEqual({
      matches: 0,
      mailed: 1,
      mailFailed: 0,
    });
    expect((await mail.smtp.nextMessage()).text).toContain('Livro recusado');
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toEqual({
      matches: 0,
      mailed: 0,
      mailFailed: 0,
    });
    expect(mail.smtp.messages).toHaveLength(1);
    expect(await interestAlerts(ana)).toHaveLength(1);
  });

  it('loses no match when a run dies before its commit, and never sends a digest claimed by a run that died', async () => {
    const ana = await patron();
    await profileSubject(ana, '2026-12-31');
    await importRecord('Livro da queda');
    // The run dies as it moves the mark: its matches and alerts are rolled back with it.
    const dying: Db = {
      ...ctx.db,
      transaction: (fn, options) =>
        ctx.db.transaction(
          (tx) =>
            fn({
              exec: (sql) => tx.exec(sql),
              query: (sql, params) =>
                sql.includes('UPDATE institution_setting')
                  ? Promise.reject(new Error('power cut'))
                  : tx.query(sql, params),
            } as Queryable),
          options,
        ),
    };
    await expect(runDissemination({ db: dying, clock, mailer: mail.mailer })).rejects.toThrow('power cut');
    expect(await interestAlerts(ana)).toEqual([]);
    expect(mail.smtp.messages).toHaveLength(0);
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toMatchObject({
      matches: 1,
      mailed: 1,
    });
    expect(await interestAlerts(ana)).toHaveLength(1);

    // A run that claimed a digest and died while sending it (the SMTP server may have it): never again.
    await importRecord('Outro livro');
    const stuck: Mailer = { send: () => new Promise(() => {}), close: async () => {} };
    void runDissemination({ db: ctx.db, clock, mailer: stuck });
    await expect.poll(async () => (await interestAlerts(ana)).length).toBe(2);
    await expect
      .poll(
        async () => (await ctx.db.query(`SELECT 1 FROM interest_match WHERE mail = 'sending'`)).rows.length,
      )
      .toBe(1);
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toEqual({
      matches: 0,
      mailed: 0,
      mailFailed: 0,
    });
    expect(mail.smtp.messages).toHaveLength(1);
  });

  it('tells of a periodical’s new issue when the patron asked for issues, not for articles of an issue that lists none', async () => {
    const ana = await patron();
    const bia = await patron();
    const journal = (
      await ctx.db.query<{ id: number; title: string }>(
        `SELECT id, title FROM title WHERE work_type = 'PERIODICO' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    const add = (who: Patron, flags: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/perfil-interesse/periodicos',
        headers: who.headers,
        payload: {
          validade: '2026-12-31',
          itens: [{ cod_acervo: journal.id, fasciculo: false, artigo: false, sumario: false, ...flags }],
        },
      });
    expect((await add(ana, { fasciculo: true })).statusCode).toBe(200);
    expect((await add(bia, { artigo: true })).statusCode).toBe(200);
    const holding = (
      await ctx.db.query<{ id: number }>(
        `INSERT INTO serial_holding (title_id, library_id, description)
         VALUES ($1, (SELECT id FROM library ORDER BY id LIMIT 1), 'Assinatura DSI') RETURNING id`,
        [journal.id],
      )
    ).rows[0]!;
    await ctx.db.query(
      `INSERT INTO serial_issue (holding_id, seq, year, volume, number, received_on) VALUES ($1, 1, 2026, '12', '3', '2026-03-02')`,
      [holding.id],
    );
    expect(await runDissemination({ db: ctx.db, clock, mailer: mail.mailer })).toMatchObject({
      matches: 1,
      mailed: 1,
    });
    expect((await interestAlerts(ana)).map((a) => a.parametros['title'])).toEqual([
      `${journal.title}: v. 12, n. 3, 2026`,
    ]);
    expect(await interestAlerts(bia)).toEqual([]);
  });

  it('runs from `estante dsi run` and from the daily job, once a library day from 07:00', async () => {
    const ana = await patron();
    await profileSubject(ana, '2026-12-31');
    await importRecord('Livro do comando');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runDsiCommand(ctx.db, ['run'], io, { clock, mailer: mail.mailer })).toBe(0);
    expect(lines).toEqual(['Dissemination: 1 new matches alerted, 1 e-mail digests sent.']);
    expect(await runDsiCommand(ctx.db, ['go'], io, { clock })).toBe(2);

    await importRecord('Livro do dia seguinte');
    const logs: string[] = [];
    const log = { info: (l: string) => logs.push(l), error: (_e: unknown, l: string) => logs.push(l) };
    // Before 07:00 in the library (America/Sao_Paulo: 09:00 UTC is 06:00), the job waits.
    await startDisseminationJob({ db: ctx.db, clock: testClock(new Date('2026-03-03T09:00:00Z')), log })();
    expect(logs).toEqual([]);
    const later = testClock(new Date('2026-03-03T12:00:00Z'));
    await startDisseminationJob({ db: ctx.db, clock: later, mailer: mail.mailer, log })();
    expect(logs).toEqual(['dissemination: 1 new matches, 1 digests sent']);
    // A restart the same library day does not run it again.
    await startDisseminationJob({ db: ctx.db, clock: later, mailer: mail.mailer, log })();
    expect(logs).toHaveLength(1);
    expect(await interestAlerts(ana)).toHaveLength(2);
  });
});
