import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommentReceiptSchema, SuggestionReceiptSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import type { Clock } from '../../lib/clock.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { writeSetting } from './repository.ts';

/** A clock the test moves by hand. */
function manualClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('general comment and purchase suggestion (SPEC §7 /unidade-informacao/…)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let clock: ReturnType<typeof manualClock>;
  let patronId: number;
  let otherPatronId: number;
  let libraries: { id: number; campus_id: number; name: string }[];

  /** A user access token for a demo patron, from a real sign-in (demo passwords are estante-<login>). */
  async function userHeaders(id: number): Promise<Record<string, string>> {
    const { rows } = await ctx.db.query<{ login: string }>('SELECT login FROM patron WHERE id = $1', [id]);
    const login = rows[0]!.login;
    const { access_token } = await signIn(ctx.app, login, `estante-${login}`);
    return bearer(access_token);
  }
  const post = async (url: string, payload: unknown, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const central = () => libraries.find((l) => l.name === 'Biblioteca Central')!;
  const tech = () => libraries.find((l) => l.name === 'Biblioteca do Campus Tecnológico')!;

  beforeEach(async () => {
    clock = manualClock('2031-05-10T12:00:00Z');
    ctx = await buildTestApp({ clock });
    const patrons = await ctx.db.query<{ id: number; login: string }>('SELECT id, login FROM patron');
    patronId = patrons.rows.find((p) => p.login === 'ana')!.id;
    otherPatronId = patrons.rows.find((p) => p.login === 'bruno')!.id;
    libraries = (
      await ctx.db.query<{ id: number; campus_id: number; name: string }>(
        'SELECT id, campus_id, name FROM library',
      )
    ).rows;
  });
  afterEach(() => ctx.close());

  describe('comment', () => {
    it('refuses a visitor with the public token, and a call without a token, with 401', async () => {
      const payload = { content: 'Ótimo acervo', b: central().id };
      const visitor = await post('/api/unidade-informacao/comentario', payload, {
        authorization: `Bearer ${await publicToken(ctx.app)}`,
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({
        message: 'Credenciais ausentes ou expiradas.',
        code: 'UNAUTHORIZED',
      });
      const anonymous = await post('/api/unidade-informacao/comentario', payload, {});
      expect(anonymous.statusCode).toBe(401);
      const stored = await ctx.db.query('SELECT 1 FROM library_comment');
      expect(stored.rows).toHaveLength(0);
    });

    it('refuses a patron whose session has ended (logout), with 401', async () => {
      const headers = await userHeaders(patronId);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/revoke',
        headers,
        payload: { token: headers.authorization!.slice('Bearer '.length) },
      });
      expect(logout.statusCode).toBeLessThan(300);
      const afterLogout = await post(
        '/api/unidade-informacao/comentario',
        { content: 'Oi', b: central().id },
        headers,
      );
      expect(afterLogout.statusCode).toBe(401);
    });

    it('stores the trimmed text for the library, pending approval', async () => {
      const response = await post(
        '/api/unidade-informacao/comentario',
        { content: '  As salas de estudo poderiam abrir aos domingos.  ', b: central().id },
        await userHeaders(patronId),
      );
      expect(response.statusCode).toBe(201);
      const receipt = CommentReceiptSchema.parse(response.json());
      expect(receipt).toMatchObject({ aprovacao_necessaria: true, data_envio: '2031-05-10T12:00:00.000Z' });
      const { rows } = await ctx.db.query<{
        content: string;
        library_id: number;
        status: string;
        patron_id: number;
      }>('SELECT content, library_id, status, patron_id FROM library_comment WHERE id = $1', [
        receipt.codigo,
      ]);
      expect(rows[0]).toEqual({
        content: 'As salas de estudo poderiam abrir aos domingos.',
        library_id: central().id,
        status: 'pending',
        patron_id: patronId,
      });
    });

    it('refuses blank text and the -1 "no library" code with 400, storing nothing', async () => {
      const headers = await userHeaders(patronId);
      const blank = await post(
        '/api/unidade-informacao/comentario',
        { content: '   ', b: central().id },
        headers,
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json().code).toBe('VALIDATION');
      expect(blank.json().message).toContain('content');
      const noLibrary = await post('/api/unidade-informacao/comentario', { content: 'Oi', b: -1 }, headers);
      expect(noLibrary.statusCode).toBe(400);
      expect((await ctx.db.query('SELECT 1 FROM library_comment')).rows).toHaveLength(0);
    });

    it('refuses an unknown library with 422 and a translation key', async () => {
      const response = await post(
        '/api/unidade-informacao/comentario',
        { content: 'Oi', b: 99999 },
        await userHeaders(patronId),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'feedback.unknownLibrary', code: 'UNKNOWN_LIBRARY' });
    });

    it('answers 422 "comment limit exceeded" past the daily limit, per patron, and again after 24 hours', async () => {
      await writeSetting(ctx.db, 'comentarios_limite_diario', 2);
      // Tokens live 15 minutes: each send signs in afresh at the test clock's time.
      const send = async (patron: number, n: number) =>
        post(
          '/api/unidade-informacao/comentario',
          { content: `Comentário ${n}`, b: central().id },
          await userHeaders(patron),
        );
      expect((await send(patronId, 1)).statusCode).toBe(201);
      clock.advance(60 * 60 * 1000);
      expect((await send(patronId, 2)).statusCode).toBe(201);
      const third = await send(patronId, 3);
      expect(third.statusCode).toBe(422);
      expect(third.json()).toMatchObject({
        message: 'feedback.comment.limitExceeded',
        code: 'COMMENT_LIMIT_EXCEEDED',
      });
      // Another patron has a limit of their own.
      expect((await send(otherPatronId, 1)).statusCode).toBe(201);
      // A day after the first comment, one more fits.
      clock.advance(23 * 60 * 60 * 1000);
      expect((await send(patronId, 4)).statusCode).toBe(201);
      expect((await send(patronId, 5)).statusCode).toBe(422);
    });

    it('allows five comments a day when the institution sets no limit', async () => {
      const ana = await userHeaders(patronId);
      const statuses: number[] = [];
      for (let n = 1; n <= 6; n += 1) {
        statuses.push(
          (await post('/api/unidade-informacao/comentario', { content: `C${n}`, b: central().id }, ana))
            .statusCode,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 422]);
    });

    it('counts concurrent sends one after the other, so the limit holds', async () => {
      await writeSetting(ctx.db, 'comentarios_limite_diario', 1);
      const ana = await userHeaders(patronId);
      const statuses = await Promise.all(
        [1, 2, 3].map(
          async (n) =>
            (await post('/api/unidade-informacao/comentario', { content: `C${n}`, b: central().id }, ana))
              .statusCode,
        ),
      );
      expect(statuses.sort()).toEqual([201, 422, 422]);
    });
  });

  describe('purchase suggestion', () => {
    const suggestion = () => ({
      campus: tech().campus_id,
      biblioteca: tech().id,
      autor: '  Tanenbaum, Andrew S. ',
      titulo: '  Redes de computadores ',
      edicao: '6. ed.',
      editor: ' Pearson ',
      isbn_issn: '978-85-8260-388-8',
      outras_inf: '',
    });

    it('refuses a visitor with 401', async () => {
      const response = await post('/api/unidade-informacao/sugestao-aquisicao', suggestion(), {
        authorization: `Bearer ${await publicToken(ctx.app)}`,
      });
      expect(response.statusCode).toBe(401);
    });

    it('stores the trimmed suggestion as a pre-suggestion of the patron', async () => {
      const response = await post(
        '/api/unidade-informacao/sugestao-aquisicao',
        suggestion(),
        await userHeaders(patronId),
      );
      expect(response.statusCode).toBe(201);
      const receipt = SuggestionReceiptSchema.parse(response.json());
      expect(receipt).toMatchObject({ situacao: 'pre-sugestao', data_criacao: '2031-05-10T12:00:00.000Z' });
      const { rows } = await ctx.db.query(
        `SELECT patron_id, campus_id, library_id, author, title, edition, publisher, isbn_issn, is_periodical, other_info, status
           FROM purchase_suggestion WHERE id = $1`,
        [receipt.codigo],
      );
      expect(rows[0]).toEqual({
        patron_id: patronId,
        campus_id: tech().campus_id,
        library_id: tech().id,
        author: 'Tanenbaum, Andrew S.',
        title: 'Redes de computadores',
        edition: '6. ed.',
        publisher: 'Pearson',
        isbn_issn: '978-85-8260-388-8',
        is_periodical: false,
        other_info: null,
        status: 'pre-sugestao',
      });
    });

    it('accepts an ISSN for a periodical and no ISBN at all', async () => {
      const headers = await userHeaders(patronId);
      const periodical = await post(
        '/api/unidade-informacao/sugestao-aquisicao',
        { ...suggestion(), titulo: 'Ciência da Informação', isbn_issn: '0100-1965', periodico: true },
        headers,
      );
      expect(periodical.statusCode).toBe(201);
      const { isbn_issn: _omit, ...withoutIsbn } = suggestion();
      const noIsbn = await post('/api/unidade-informacao/sugestao-aquisicao', withoutIsbn, headers);
      expect(noIsbn.statusCode).toBe(201);
    });

    it('names each missing required field and a wrong ISBN, storing nothing', async () => {
      const response = await post(
        '/api/unidade-informacao/sugestao-aquisicao',
        { ...suggestion(), titulo: '   ', editor: '', isbn_issn: '978-85-8260-388-0' },
        await userHeaders(patronId),
      );
      expect(response.statusCode).toBe(400);
      const { message } = response.json();
      expect(message).toContain('titulo');
      expect(message).toContain('editor');
      expect(message).toContain('isbn_issn');
      expect((await ctx.db.query('SELECT 1 FROM purchase_suggestion')).rows).toHaveLength(0);
    });

    it('refuses a library of another campus with 422', async () => {
      const response = await post(
        '/api/unidade-informacao/sugestao-aquisicao',
        { ...suggestion(), biblioteca: central().id },
        await userHeaders(patronId),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'feedback.suggestion.libraryNotInCampus',
        code: 'LIBRARY_NOT_IN_CAMPUS',
      });
    });
  });
});
