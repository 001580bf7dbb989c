import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CommentDecisionSchema,
  OwnTitleCommentsSchema,
  PendingTitleCommentsSchema,
  STAFF_PATHS,
  TitleCommentsPageSchema,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';

// Comment moderation in the staff workspace (decision 0055): the reference role approves or
// refuses over HTTP, with the same decision as the command (alert, e-mail, the record page).

describe('comment moderation', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let title: { id: number; title: string };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')), mailer: mail.mailer });
    title = (
      await ctx.db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id LIMIT 1')
    ).rows[0]!;
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
  const author = async () => {
    const patron = await makePatron(ctx.db, { email: 'leitora@example.org' });
    const headers = bearer((await signIn(ctx.app, patron.login, patron.password)).access_token);
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM patron WHERE id = $1', [
      patron.id,
    ]);
    return { ...patron, name: rows[0]!.name, headers };
  };
  const comment = async (headers: Record<string, string>, content: string) => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/comentarios/acervo/${title.id}`,
      headers,
      payload: { content },
    });
    expect(sent.statusCode).toBe(201);
    return (sent.json() as { codigo: number }).codigo;
  };
  const queue = async (headers: Record<string, string>) =>
    ctx.app.inject({ url: `/api${STAFF_PATHS.comments}`, headers });

  it('lets only the reference role and administrators read the queue and decide', async () => {
    const writer = await author();
    const id = await comment(writer.headers, 'Uma leitura essencial.');
    for (const login of ['ana', 'equipe.circulacao', 'equipe.aquisicao']) {
      const headers = await as(login);
      expect((await queue(headers)).statusCode).toBe(403);
      const approve = await ctx.app.inject({
        method: 'POST',
        url: `/api${STAFF_PATHS.commentApproval(id)}`,
        headers,
      });
      expect(approve.statusCode).toBe(403);
    }
    expect((await queue(writer.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api${STAFF_PATHS.comments}` })).statusCode).toBe(401);
    for (const login of ['equipe.referencia', 'equipe.admin']) {
      const answer = PendingTitleCommentsSchema.parse((await queue(await as(login))).json());
      expect(answer.data.find((c) => c.codigo === id)).toMatchObject({
        cod_acervo: title.id,
        titulo: title.title,
        autor: writer.name,
        login: writer.login,
        texto: 'Uma leitura essencial.',
      });
    }
  });

  it('approves: the comment shows on its record page, leaves the queue, and its author is told by alert and e-mail', async () => {
    const writer = await author();
    const id = await comment(writer.headers, 'Recomendo a todos.');
    const librarian = await as('equipe.referencia');
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.commentApproval(id)}`,
      headers: librarian,
    });
    expect(approved.statusCode).toBe(200);
    expect(CommentDecisionSchema.parse(approved.json())).toMatchObject({
      codigo: id,
      situacao: 'aprovado',
      avaliado_por: 'equipe.referencia',
      data_avaliacao: '2031-05-10T12:00:00.000Z',
      motivo_recusa: null,
    });
    const page = TitleCommentsPageSchema.parse(
      (await ctx.app.inject({ url: `/api/comentarios/acervo/${title.id}`, headers: writer.headers })).json(),
    );
    expect(page.data.map((c) => c.texto)).toContain('Recomendo a todos.');
    const after = PendingTitleCommentsSchema.parse((await queue(librarian)).json());
    expect(after.data.some((c) => c.codigo === id)).toBe(false);
    await settle();
    const mails = mail.smtp.messages.filter((m) => m.envelope.to.includes('leitora@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(title.title);

    // Deciding again is refused in words the web app translates; an unknown comment is not found.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.commentRefusal(id)}`,
      headers: librarian,
      payload: { motivo: 'Fora do tema.' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'COMMENT_ALREADY_DECIDED',
      message: 'staff.comments.errors.alreadyDecided',
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.commentApproval(999_999)}`,
      headers: librarian,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses only with a reason, which the author reads in the personal area', async () => {
    const writer = await author();
    const id = await comment(writer.headers, 'Comentário com propaganda.');
    const librarian = await as('equipe.referencia');
    const refuse = (motivo: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api${STAFF_PATHS.commentRefusal(id)}`,
        headers: librarian,
        payload: { motivo },
      });
    const blank = await refuse('   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      code: 'COMMENT_REASON_REQUIRED',
      message: 'staff.comments.errors.reasonRequired',
    });
    const refused = await refuse('  Propaganda não é permitida.  ');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      situacao: 'recusado',
      motivo_recusa: 'Propaganda não é permitida.',
    });
    const own = OwnTitleCommentsSchema.parse(
      (await ctx.app.inject({ url: '/api/comentarios/usuario/acervos', headers: writer.headers })).json(),
    );
    expect(own.find((c) => c.codigo === id)).toMatchObject({
      situacao: 'recusado',
      motivo_recusa: 'Propaganda não é permitida.',
    });
    const page = TitleCommentsPageSchema.parse(
      (await ctx.app.inject({ url: `/api/comentarios/acervo/${title.id}`, headers: writer.headers })).json(),
    );
    expect(page.data.map((c) => c.texto)).not.toContain('Comentário com propaganda.');
    const { rows: audit } = await ctx.db.query<{
      actor_login: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      "SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = 'comment' AND target_id = $1",
      [String(id)],
    );
    expect(audit).toEqual([
      {
        actor_login: 'equipe.referencia',
        action: 'comment.refuse',
        before: { status: 'pending', content: 'Comentário com propaganda.' },
        after: { status: 'refused', reason: 'Propaganda não é permitida.' },
      },
    ]);
  });
});
