import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnlineLinksResponseSchema, RestrictedAccessResponseSchema, TitleSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { readSettings, writeSetting } from '../institution/index.ts';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** A demo work's id and its online links (Redes de computadores: Pearson; Biologia molecular: proxy). */
async function demoLinks(ctx: Ctx, controlNumber: string) {
  const { rows } = await ctx.db.query<{ id: number }>(
    "SELECT id FROM title WHERE control_source = 'ESTANTE' AND control_number = $1",
    [controlNumber],
  );
  const id = rows[0]!.id;
  const response = await ctx.app.inject({
    url: `/api/acervo/${id}/links`,
    headers: bearer(await publicToken(ctx.app)),
  });
  return { id, links: OnlineLinksResponseSchema.parse(response.json()) };
}

describe('restricted online links (POST /vinculos/acesso-restrito/{a}/s/{b})', () => {
  let ctx: Ctx;
  let ana: Record<string, string>;
  const open = (titleId: number, seq: number, headers: Record<string, string>, body: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/vinculos/acesso-restrito/${titleId}/s/${seq}`,
      headers,
      payload: { userId: null, browser: 'Chromium', device: 'desktop', os: 'Linux', ...body },
    });
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: testClock(new Date('2026-05-04T13:30:00Z')) });
    ana = bearer((await signIn(ctx.app, 'ana', 'estante-ana')).access_token);
  });
  afterAll(() => ctx.close());

  it('marks the restricted links of a record, and leaves open links unmarked', async () => {
    const { id, links } = await demoLinks(ctx, 'demo-0296');
    expect(links).toEqual([
      {
        seq_paragrafo: 1,
        url: 'https://biblioteca-virtual.demo.estante.example/livro/demo-0296',
        descricao: 'Biblioteca Virtual Pearson',
        restrito: true,
      },
    ]);
    const title = TitleSchema.parse(
      (
        await ctx.app.inject({ url: `/api/acervo/${id}`, headers: bearer(await publicToken(ctx.app)) })
      ).json(),
    );
    expect(title.links[0]?.restrito).toBe(true);
    expect((await demoLinks(ctx, 'demo-0446')).links[0]?.restrito).toBe(false);
  });

  it("answers the publisher flag and a form signed with the institution's key for a Pearson link", async () => {
    const { id, links } = await demoLinks(ctx, 'demo-0296');
    const response = await open(id, links[0]!.seq_paragrafo, ana, { userId: 'someone-else' });
    expect(response.statusCode).toBe(200);
    const answer = RestrictedAccessResponseSchema.parse(response.json());
    if (!('editora' in answer)) throw new Error('expected the publisher form');
    expect(answer.editora).toBe('pearson');
    expect(answer.dados.endereco).toBe('https://biblioteca-virtual.demo.estante.example/login-integrado');
    const { assinatura, ...fields } = answer.dados.campos;
    // The patron comes from the token, not from the userId the browser sent.
    expect(fields).toEqual({
      login: 'ana',
      nome: 'Ana Beatriz Souza',
      email: 'ana@demo.estante.example',
      instituicao: 'UE',
      recurso: 'https://biblioteca-virtual.demo.estante.example/livro/demo-0296',
      cod_acervo: String(id),
      data: '2026-05-04T13:30:00.000Z',
    });
    // The publisher checks the signature with the key it shares with the institution.
    const { chave } = (await readSettings(ctx.db))['editora_pearson'] as { chave: string };
    const signed = Object.keys(fields)
      .sort()
      .map((name) => `${name}=${fields[name as keyof typeof fields]}`)
      .join('\n');
    expect(assinatura).toBe(createHmac('sha256', chave).update(signed).digest('hex'));
    expect(JSON.stringify(answer)).not.toContain(chave);
  });

  it("answers the link through the institution's proxy for a restricted link without publisher", async () => {
    const { id, links } = await demoLinks(ctx, 'demo-0322');
    const answer = RestrictedAccessResponseSchema.parse((await open(id, 1, ana)).json());
    expect(answer).toEqual({
      url: `https://proxy.demo.estante.example/login?url=${links[0]!.url}`,
    });
  });

  it('answers an open link as it is, and counts every access with the patron and browser', async () => {
    const { id, links } = await demoLinks(ctx, 'demo-0446');
    expect(RestrictedAccessResponseSchema.parse((await open(id, 1, ana)).json())).toEqual({
      url: links[0]!.url,
    });
    const { rows } = await ctx.db.query<{ user_id: string; browser: string; n: number }>(
      `SELECT user_id, browser, count(*)::int AS n FROM link_access WHERE title_id = $1 GROUP BY 1, 2`,
      [id],
    );
    const anaId = (await ctx.db.query<{ id: number }>("SELECT id FROM patron WHERE login = 'ana'")).rows[0]!
      .id;
    expect(rows).toEqual([{ user_id: String(anaId), browser: 'Chromium', n: 1 }]);
  });

  it('asks for a signed-in patron, and answers 404 for a link the title does not have', async () => {
    const { id } = await demoLinks(ctx, 'demo-0296');
    expect((await open(id, 1, bearer(await publicToken(ctx.app)))).statusCode).toBe(401);
    expect((await open(id, 9, ana)).statusCode).toBe(404);
    expect((await open(99999999, 1, ana)).statusCode).toBe(404);
    expect((await open(id, 1, ana, { browser: 'x'.repeat(500) })).statusCode).toBe(400);
  });

  it('says the e-book supplier is not set up when the institution has no data for the publisher', async () => {
    const { id } = await demoLinks(ctx, 'demo-0296');
    await writeSetting(ctx.db, 'editora_pearson', { endereco: 'ftp://nope' });
    const response = await open(id, 1, ana);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'EBOOK_SUPPLIER_NOT_FOUND',
      message: 'record.links.supplierNotFound',
    });
  });
});
