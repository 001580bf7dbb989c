import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OwnTitleCommentsSchema,
  TitleCommentReceiptSchema,
  TitleCommentsPageSchema,
  type OwnTitleComment,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { writeSetting } from '../institution/index.ts';
import { CommentDecisionRefusal } from './errors.ts';
import { approveComment, DEFAULT_PENDING_LIMIT, PENDING_LIMIT_SETTING, refuseComment } from './service.ts';

// Title comments (SPEC §7 /comentarios/…, §4 shown only after approval, §6 per-patron limit).

describe('title comments', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let clock: ReturnType<typeof testClock>;
  let titles: { id: number; title: string }[];
  let ana: Record<string, string>;
  let bruno: Record<string, string>;
  let anaId: number;
  let visitor: Record<string, string>;

  const user = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login}`)).access_token);
  const send = (titleId: number, content: unknown, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/comentarios/acervo/${titleId}`,
      payload: { content },
      headers,
    });
  const approved = async (titleId: number, query = '', headers = visitor) => {
    const response = await ctx.app.inject({ url: `/api/comentarios/acervo/${titleId}${query}`, headers });
    expect(response.statusCode).toBe(200);
    return TitleCommentsPageSchema.parse(response.json());
  };
  const own = async (headers: Record<string, string>, titleId?: number): Promise<OwnTitleComment[]> => {
    const url = titleId ? `/api/comentarios/usuario/acervo/${titleId}` : '/api/comentarios/usuario/acervos';
    const response = await ctx.app.inject({ url, headers });
    expect(response.statusCode).toBe(200);
    return OwnTitleCommentsSchema.parse(response.json());
  };
  /** The patron's alerts of the test's day (decision 0044): kind and text. */
  const alerts = async (headers: Record<string, string>) => {
    const response = await ctx.app.inject({
      url: '/api/solicitacoes/alertas?dataIni=2031-05-01&dataFim=2031-05-31',
      headers,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { tipo: string; texto: string }[]).map((a) => [a.tipo, a.texto]);
  };
  const sent = async (titleId: number, content: string, headers = ana) => {
    const response = await send(titleId, content, headers);
    expect(response.statusCode, response.body).toBe(201);
    return TitleCommentReceiptSchema.parse(response.json());
  };

  beforeEach(async () => {
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    ctx = await buildTestApp({ clock });
    titles = (
      await ctx.db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id LIMIT 3')
    ).rows;
    anaId = (await ctx.db.query<{ id: number }>(`SELECT id FROM patron WHERE login = 'ana'`)).rows[0]!.id;
    ana = await user('ana');
    bruno = await user('bruno');
    visitor = bearer(await publicToken(ctx.app));
  });
  afterEach(() => ctx.close());

  it('shows a comment on the record page only after a librarian approves it', async () => {
    const [title] = titles;
    const receipt = await sent(title!.id, '  Leitura obrigatória para o curso.\n\nRecomendo.  ');
    expect(receipt).toMatchObject({
      cod_acervo: title!.id,
      titulo: title!.title,
      texto: 'Leitura obrigatória para o curso.\n\nRecomendo.',
      data_envio: '2031-05-10T12:00:00.000Z',
      situacao: 'pendente',
      data_avaliacao: null,
      aprovacao_necessaria: true,
    });
    expect(await approved(title!.id)).toEqual({ data: [], total: 0, paginaAtiva: 1, quantPag: 10 });
    expect((await own(ana)).map((c) => c.situacao)).toEqual(['pendente']);

    clock.advance(60);
    const decided = await approveComment(ctx.db, clock, { commentId: receipt.codigo, by: 'staff:lucia' });
    expect(decided).toMatchObject({ id: receipt.codigo, patronId: anaId, status: 'approved', reason: null });

    // The author by first name only, to visitors as to other patrons.
    const page = await approved(title!.id);
    expect(page.total).toBe(1);
    expect(page.data).toEqual([
      {
        codigo: receipt.codigo,
        texto: 'Leitura obrigatória para o curso.\n\nRecomendo.',
        data_envio: '2031-05-10T12:00:00.000Z',
        autor: 'Ana',
      },
    ]);
    expect((await approved(title!.id, '', bruno)).data).toHaveLength(1);
    expect(await own(ana)).toEqual([
      expect.objectContaining({ situacao: 'aprovado', data_avaliacao: '2031-05-10T12:01:00.000Z' }),
    ]);
    const { rows } = await ctx.db.query('SELECT decided_by FROM title_comment WHERE id = $1', [
      receipt.codigo,
    ]);
    expect(rows).toEqual([{ decided_by: 'staff:lucia' }]);
    // Ana is told, in an alert; Bruno is not.
    expect(await alerts(ana)).toEqual([['commentApproved', expect.stringContaining(title!.title)]]);
    expect(await alerts(bruno)).toEqual([]);
  });

  it('keeps a refused comment off the record page and tells its author why', async () => {
    const receipt = await sent(titles[0]!.id, 'Comentário fora do tema');
    const decided = await refuseComment(ctx.db, clock, {
      commentId: receipt.codigo,
      by: 'staff:lucia',
      reason: '  Não trata da obra.  ',
    });
    expect(decided).toMatchObject({ patronId: anaId, status: 'refused', reason: 'Não trata da obra.' });
    expect((await approved(titles[0]!.id)).total).toBe(0);
    expect(await own(ana, titles[0]!.id)).toEqual([
      expect.objectContaining({ situacao: 'recusado', motivo_recusa: 'Não trata da obra.' }),
    ]);
    expect(await alerts(ana)).toEqual([['commentRefused', expect.stringContaining('Não trata da obra.')]]);
  });

  it('decides only a comment awaiting approval, and a refusal only with a reason', async () => {
    const receipt = await sent(titles[0]!.id, 'Ótimo');
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof CommentDecisionRefusal ? error.reason : error),
      );
    expect(
      await refusal(refuseComment(ctx.db, clock, { commentId: receipt.codigo, by: 's', reason: '  ' })),
    ).toBe('REASON_REQUIRED');
    await approveComment(ctx.db, clock, { commentId: receipt.codigo, by: 's' });
    expect(await refusal(approveComment(ctx.db, clock, { commentId: receipt.codigo, by: 's' }))).toBe(
      'ALREADY_DECIDED',
    );
    expect(
      await refusal(refuseComment(ctx.db, clock, { commentId: receipt.codigo, by: 's', reason: 'x' })),
    ).toBe('ALREADY_DECIDED');
    expect(await refusal(approveComment(ctx.db, clock, { commentId: 999_999, by: 's' }))).toBe('NOT_FOUND');
    expect((await own(ana))[0]!.situacao).toBe('aprovado');
  });

  it('keeps markup as plain text, trims it and refuses an empty or too long text', async () => {
    const receipt = await sent(titles[0]!.id, '<script>alert(1)</script> <b>bom</b>');
    expect(receipt.texto).toBe('<script>alert(1)</script> <b>bom</b>');
    expect((await send(titles[0]!.id, ' \n\t ', ana)).statusCode).toBe(400);
    expect((await send(titles[0]!.id, 'x'.repeat(2001), ana)).statusCode).toBe(400);
    expect((await send(titles[0]!.id, 'x'.repeat(2000), ana)).statusCode).toBe(201);
  });

  it('refuses a visitor, a missing token and a signed-out patron with 401; reading needs any token', async () => {
    expect((await send(titles[0]!.id, 'Oi', visitor)).statusCode).toBe(401);
    expect((await send(titles[0]!.id, 'Oi', {})).statusCode).toBe(401);
    for (const url of [
      '/api/comentarios/usuario/acervos',
      `/api/comentarios/usuario/acervo/${titles[0]!.id}`,
    ]) {
      expect((await ctx.app.inject({ url, headers: visitor })).statusCode).toBe(401);
    }
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/comentarios/usuario/1', headers: visitor }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ url: `/api/comentarios/acervo/${titles[0]!.id}` })).statusCode).toBe(401);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      headers: ana,
      payload: { token: ana.authorization!.slice('Bearer '.length) },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await send(titles[0]!.id, 'Oi', ana)).statusCode).toBe(401);
    expect((await ctx.db.query('SELECT 1 FROM title_comment')).rows).toHaveLength(0);
  });

  it('answers 404 for a title the catalogue does not hold', async () => {
    const missing = 2_000_000_000;
    expect((await send(missing, 'Oi', ana)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/comentarios/acervo/${missing}`, headers: visitor })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/comentarios/usuario/acervo/${missing}`, headers: ana })).statusCode,
    ).toBe(404);
  });

  it('refuses a comment past the limit of comments awaiting approval, set by the institution', async () => {
    for (let i = 0; i < DEFAULT_PENDING_LIMIT; i++) await sent(titles[i % 3]!.id, `Comentário ${i}`);
    const over = await send(titles[0]!.id, 'Mais um', ana);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'COMMENT_LIMIT_EXCEEDED',
      message: 'comments.errors.limitExceeded',
    });
    // Another patron has a limit of their own.
    await sent(titles[0]!.id, 'Meu primeiro', bruno);

    // Once the library decides one, the patron may send another.
    const first = (await own(ana)).at(-1)!;
    await approveComment(ctx.db, clock, { commentId: first.codigo, by: 'staff' });
    await sent(titles[0]!.id, 'Agora sim');

    await writeSetting(ctx.db, PENDING_LIMIT_SETTING, 5);
    await sent(titles[1]!.id, 'Quarto pendente');
    await sent(titles[1]!.id, 'Quinto pendente');
    expect((await send(titles[1]!.id, 'Sexto', ana)).statusCode).toBe(422);
  });

  it('lets only one of two simultaneous sends take the last place under the limit', async () => {
    await writeSetting(ctx.db, PENDING_LIMIT_SETTING, 1);
    const answers = await Promise.all([send(titles[0]!.id, 'Um', ana), send(titles[1]!.id, 'Dois', ana)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await own(ana)).toHaveLength(1);
  });

  it('pages the approved comments newest first', async () => {
    await writeSetting(ctx.db, PENDING_LIMIT_SETTING, 20);
    for (let i = 1; i <= 12; i++) {
      clock.advance(60);
      const receipt = await sent(titles[0]!.id, `Comentário ${i}`);
      await approveComment(ctx.db, clock, { commentId: receipt.codigo, by: 'staff' });
    }
    const first = await approved(titles[0]!.id);
    expect(first.total).toBe(12);
    expect(first.data.map((c) => c.texto)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Comentário ${12 - i}`),
    );
    const second = await approved(titles[0]!.id, '?paginaAtiva=2');
    expect(second).toMatchObject({ total: 12, paginaAtiva: 2, quantPag: 10 });
    expect(second.data.map((c) => c.texto)).toEqual(['Comentário 2', 'Comentário 1']);
    expect((await approved(titles[0]!.id, '?paginaAtiva=1&quantPag=3')).data).toHaveLength(3);
    expect(
      (
        await ctx.app.inject({
          url: `/api/comentarios/acervo/${titles[0]!.id}?quantPag=500`,
          headers: visitor,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("never shows or deletes another patron's comments: their id answers as if it did not exist", async () => {
    const anas = await sent(titles[0]!.id, 'Só meu');
    await sent(titles[1]!.id, 'Do Bruno', bruno);
    expect((await own(bruno)).map((c) => c.texto)).toEqual(['Do Bruno']);
    expect(await own(bruno, titles[0]!.id)).toEqual([]);

    const stranger = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comentarios/usuario/${anas.codigo}`,
      headers: bruno,
    });
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/comentarios/usuario/999999',
      headers: bruno,
    });
    expect(stranger.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    const { requestId: _a, ...strangerBody } = stranger.json() as Record<string, unknown>;
    const { requestId: _b, ...unknownBody } = unknown.json() as Record<string, unknown>;
    expect(strangerBody).toEqual(unknownBody);
    expect((await own(ana)).map((c) => c.codigo)).toEqual([anas.codigo]);
  });

  it('deletes the patron’s own comment, approved or not, from the list and the record page', async () => {
    const pending = await sent(titles[0]!.id, 'Pendente');
    const shown = await sent(titles[0]!.id, 'Aprovado');
    await approveComment(ctx.db, clock, { commentId: shown.codigo, by: 'staff' });
    for (const comment of [pending, shown]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/comentarios/usuario/${comment.codigo}`,
        headers: ana,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    expect(await own(ana)).toEqual([]);
    expect((await approved(titles[0]!.id)).total).toBe(0);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/comentarios/usuario/${shown.codigo}`,
          headers: ana,
        })
      ).statusCode,
    ).toBe(404);
  });
});
