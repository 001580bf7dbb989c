import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TitleColourSchema,
  TitleLibrariesSchema,
  TitleTotalsSchema,
  type TitleTotals,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

describe('title totals, colour and libraries (GET /api/acervo/{id}/totais, /cor, /bibliotecas)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let titleId: number;
  let patronId: number;
  const lib: Record<string, number> = {};

  const totals = async (query: string, id = titleId): Promise<TitleTotals> => {
    const response = await ctx.app.inject({ url: `/api/acervo/${id}/totais?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return TitleTotalsSchema.parse(response.json());
  };
  /** A row as a librarian reads it. */
  const figures = (row: TitleTotals['total']) => [
    row.exemplares,
    row.exemplares_disponiveis,
    row.emprestimos,
    row.renovacoes,
    row.reservas,
    row.solicitacoes,
  ];

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    for (const row of (await ctx.db.query<{ code: string; id: number }>('SELECT code, id FROM library')).rows)
      lib[row.code] = row.id;
    patronId = (await ctx.db.query<{ id: number }>("SELECT id FROM patron WHERE login = 'ana'")).rows[0]!.id;
    // A book of its own, with no copies and no circulation: every figure below is one inserted here.
    titleId = (
      await ctx.db.query<{ id: number }>(
        `INSERT INTO title (control_number, control_source, title, work_type, marc)
         VALUES ('TOTALS-1', 'TEST', 'Livro dos totais', 'LIVRO', '{}'::jsonb) RETURNING id`,
      )
    ).rows[0]!.id;
    const copy = async (library: string, number: string, status: string) =>
      (
        await ctx.db.query<{ id: number }>(
          'INSERT INTO copy (title_id, library_id, number, status) VALUES ($1, $2, $3, $4) RETURNING id',
          [titleId, lib[library], number, status],
        )
      ).rows[0]!.id;
    const bc1 = await copy('BC', 'TT-1', 'disponivel');
    const bc2 = await copy('BC', 'TT-2', 'emprestado');
    await copy('BC', 'TT-3', 'extraviado');
    const bt1 = await copy('BT', 'TT-4', 'disponivel');
    const loan = async (copyId: number, at: string) =>
      (
        await ctx.db.query<{ id: number }>(
          `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, returned_at)
           VALUES ($1, $2, $3, ($3::timestamptz + interval '7 days')::date, $3::timestamptz + interval '1 day')
           RETURNING id`,
          [copyId, patronId, at],
        )
      ).rows[0]!.id;
    // São Paulo (UTC−3) is the library's calendar: 2020-04-01 02:00Z is still 31 March there,
    // 2020-03-01 02:00Z still 29 February (outside March).
    const inMarch = await loan(bc1, '2020-03-10T15:00:00Z');
    await loan(bc2, '2020-04-01T02:00:00Z');
    await loan(bc1, '2020-03-01T02:00:00Z');
    await loan(bt1, '2020-03-20T12:00:00Z');
    const renew = (copyId: number, loanId: number, at: string) =>
      ctx.db.query(
        `INSERT INTO circulation_log (at, actor, action, title_id, copy_id, loan_id) VALUES ($1, 'seed', 'loan.renew', $2, $3, $4)`,
        [at, titleId, copyId, loanId],
      );
    await renew(bc1, inMarch, '2020-03-15T12:00:00Z');
    await renew(bc1, inMarch, '2020-03-16T12:00:00Z');
    await renew(bc1, inMarch, '2020-04-02T12:00:00Z');
    await ctx.db.query(
      `INSERT INTO circulation_log (at, actor, action, title_id, copy_id) VALUES ('2020-03-15T12:00:00Z', 'seed', 'loan.checkout', $1, $2)`,
      [titleId, bc1],
    );
    const hold = (library: string, at: string) =>
      ctx.db.query(
        `INSERT INTO hold (patron_id, title_id, library_id, status, placed_at, ended_at, cancel_reason)
         VALUES ($1, $2, $3, 'cancelada', $4, $4, 'leitor')`,
        [patronId, titleId, lib[library], at],
      );
    await hold('BC', '2020-03-05T12:00:00Z');
    await hold('BT', '2020-03-06T12:00:00Z');
    await hold('BT', '2020-05-06T12:00:00Z');
    const location = (
      await ctx.db.query<{ id: number }>('SELECT id FROM receiving_location WHERE library_id = $1 LIMIT 1', [
        lib['BC'],
      ])
    ).rows[0]!.id;
    await ctx.db.query(
      `INSERT INTO loan_request (patron_id, title_id, copy_id, origin_library_id, receiving_library_id,
                                 receiving_location_id, email, status, requested_at, updated_at, ended_at)
       VALUES ($1, $2, $3, $4, $4, $5, 'ana@demo.example', 'finalizada', '2020-03-25T12:00:00Z', '2020-03-26T12:00:00Z',
               '2020-03-26T12:00:00Z')`,
      [patronId, titleId, bc1, lib['BC'], location],
    );
  });
  afterAll(() => ctx.close());

  it('counts copies, loans, renewals, holds and loan requests of the period per library, with the sum', async () => {
    const march = await totals('dataIni=2020-03-01&dataFim=2020-03-31');
    expect([march.dataIni, march.dataFim]).toEqual(['2020-03-01', '2020-03-31']);
    expect(march.bibliotecas.map((row) => [row.desc_biblioteca, ...figures(row)])).toEqual([
      ['Biblioteca Central', 3, 1, 2, 2, 1, 1],
      ['Biblioteca do Campus Tecnológico', 1, 1, 1, 0, 1, 0],
    ]);
    expect(figures(march.total)).toEqual([4, 2, 3, 2, 2, 1]);
    expect(march.total.cod_biblioteca).toBeNull();
  });

  it('keeps one library when asked, and names a library with nothing of the title with zeros', async () => {
    const bt = await totals(`dataIni=2020-03-01&dataFim=2020-03-31&biblioteca=${lib['BT']}`);
    expect(bt.bibliotecas.map((row) => row.cod_biblioteca)).toEqual([lib['BT']]);
    expect(figures(bt.total)).toEqual([1, 1, 1, 0, 1, 0]);
    const bs = await totals(`dataIni=2020-03-01&dataFim=2020-03-31&biblioteca=${lib['BS']}`);
    expect(bs.bibliotecas.map(figures)).toEqual([[0, 0, 0, 0, 0, 0]]);
  });

  it('moves the figures with the period (copies are those held now)', async () => {
    const april = await totals('dataIni=2020-04-01&dataFim=2020-05-31');
    expect(figures(april.total)).toEqual([4, 2, 0, 1, 1, 0]);
    const recent = await totals('');
    expect(figures(recent.total)).toEqual([4, 2, 0, 0, 0, 0]);
    expect(recent.dataIni < recent.dataFim).toBe(true);
  });

  it('refuses a start after the end (SPEC §5) with a translated message, and an unknown title or library', async () => {
    const response = await ctx.app.inject({
      url: `/api/acervo/${titleId}/totais?dataIni=2020-04-01&dataFim=2020-03-01`,
      headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'DATE_RANGE', message: 'titleTotals.errors.dateRange' });
    expect((await ctx.app.inject({ url: '/api/acervo/99999999/totais', headers })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/acervo/${titleId}/totais?biblioteca=99999`, headers })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/acervo/${titleId}/totais?dataIni=2020-02-30`, headers })).statusCode,
    ).toBe(400);
  });

  it('answers 403 when the institution turned title totals off, and 401 without a token', async () => {
    expect((await ctx.app.inject({ url: `/api/acervo/${titleId}/totais` })).statusCode).toBe(401);
    await ctx.db.query('UPDATE activity SET enabled = false WHERE code = 828');
    try {
      expect((await ctx.app.inject({ url: `/api/acervo/${titleId}/totais`, headers })).statusCode).toBe(403);
    } finally {
      await ctx.db.query('UPDATE activity SET enabled = true WHERE code = 828');
    }
  });

  it('lists the libraries holding the title with their copy counts', async () => {
    const response = await ctx.app.inject({ url: `/api/acervo/${titleId}/bibliotecas`, headers });
    expect(response.statusCode).toBe(200);
    expect(
      TitleLibrariesSchema.parse(response.json()).map((l) => [
        l.desc_biblioteca,
        l.exemplares,
        l.exemplares_disponiveis,
      ]),
    ).toEqual([
      ['Biblioteca Central', 3, 1],
      ['Biblioteca do Campus Tecnológico', 1, 1],
    ]);
    expect((await ctx.app.inject({ url: '/api/acervo/99999999/bibliotecas', headers })).statusCode).toBe(404);
  });

  it('tells the spine-label colour of the title’s work type, in the request’s language', async () => {
    const response = await ctx.app.inject({
      url: `/api/acervo/${titleId}/cor`,
      headers: { ...headers, idioma: '5' },
    });
    expect(response.statusCode).toBe(200);
    expect(TitleColourSchema.parse(response.json())).toEqual({
      cod_acervo: titleId,
      cod_tipo_obra: 'LIVRO',
      desc_tipo_obra: 'Book',
      cor: '#1c7ed6',
    });
    await ctx.db.query("UPDATE work_type SET color = NULL WHERE code = 'LIVRO'");
    expect((await ctx.app.inject({ url: `/api/acervo/${titleId}/cor`, headers })).json().cor).toBeNull();
    expect((await ctx.app.inject({ url: '/api/acervo/99999999/cor', headers })).statusCode).toBe(404);
  });
});
