import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InterestAuxiliarySchema,
  InterestPeriodicalHitsSchema,
  InterestPeriodicalsSchema,
  InterestTitlesSchema,
  InterestTopicHitsSchema,
  InterestTopicsSchema,
  InterestWorkTypesSchema,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makeLibrary, makePatron } from '../circulation/testing.ts';

// The interest profile's calls (SPEC §7 api/perfil-interesse; decision 0052) on the demo library:
// what the forms offer, each kind of item added, changed and removed, SPEC §5's refusals as 422s
// with their translation keys, and one patron never reaching another's profile.

const DAY = 86_400;
const BASE = '/api/perfil-interesse';
const TODAY = '2026-03-02';

describe('interest profile', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let ana: Record<string, string>;
  let bruno: Record<string, string>;

  beforeAll(async () => {
    ctx = await buildTestApp({
      clock: testClock(new Date(`${TODAY}T12:00:00Z`)),
      userTokenTtlSeconds: 365 * DAY,
    });
    const signInAs = async () => {
      const p = await makePatron(ctx.db);
      return bearer((await signIn(ctx.app, p.login, p.password)).access_token);
    };
    ana = await signInAs();
    bruno = await signInAs();
  });
  afterAll(() => ctx.close());

  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `${BASE}${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const refusal = (response: { statusCode: number; json(): unknown }) => [
    response.statusCode,
    (response.json() as { message: string }).message,
  ];
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
    (await ctx.db.query<T>(sql, params)).rows[0]!;

  it('refuses a visitor on every call', async () => {
    for (const path of [
      '/areas-interesse/info-auxiliar',
      '/area-autor-assunto',
      '/periodicos',
      '/tipo-obra',
      '/titulos',
    ])
      expect([path, (await call({}, 'GET', path)).statusCode]).toEqual([path, 401]);
    expect((await call({}, 'POST', '/area-autor-assunto', { tipoDSI: 'area' })).statusCode).toBe(401);
  });

  it('offers the knowledge areas, work types, languages and libraries in the caller’s language, and a default validity', async () => {
    const pt = InterestAuxiliarySchema.parse(
      (await call(ana, 'GET', '/areas-interesse/info-auxiliar')).json(),
    );
    const en = InterestAuxiliarySchema.parse(
      (await call({ ...ana, idioma: '5' }, 'GET', '/areas-interesse/info-auxiliar')).json(),
    );
    expect(pt.hoje).toBe(TODAY);
    expect(pt.validade_padrao).toBe('2027-03-02');
    expect(pt.areas.length).toBeGreaterThan(0);
    expect(pt.bibliotecas.length).toBeGreaterThan(0);
    expect(pt.tipos_obra).toContainEqual({ codigo: 'LIVRO', descricao: 'Livro' });
    expect(en.tipos_obra).toContainEqual({ codigo: 'LIVRO', descricao: 'Book' });
    expect(pt.idiomas.length).toBeGreaterThan(0);
  });

  it('finds subjects and authors among the authorities, and areas by name; a term is needed', async () => {
    const subject = await one<{ heading: string }>(
      `SELECT a.heading FROM authority a WHERE a.type = 'assunto'
          AND EXISTS (SELECT 1 FROM title_authority ta WHERE ta.authority_id = a.id) ORDER BY a.id LIMIT 1`,
    );
    const found = InterestTopicHitsSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/area-autor-assunto/pesquisa?tipoPesquisa=assunto&termoPesquisa=${encodeURIComponent(subject.heading)}`,
        )
      ).json(),
    );
    expect(found.resultados[0]).toMatchObject({ descricao: subject.heading });
    expect(found.resultados[0]!.quantidade_titulos).toBeGreaterThan(0);
    const author = await one<{ heading: string }>(
      `SELECT heading FROM authority WHERE type = 'pessoa' ORDER BY id LIMIT 1`,
    );
    const authors = InterestTopicHitsSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/area-autor-assunto/pesquisa?tipoPesquisa=autor&termoPesquisa=${encodeURIComponent(author.heading)}`,
        )
      ).json(),
    );
    expect(authors.resultados.map((r) => r.descricao)).toContain(author.heading);
    const area = await one<{ name: string }>('SELECT name FROM knowledge_area ORDER BY id LIMIT 1');
    const areas = InterestTopicHitsSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/area-autor-assunto/pesquisa?tipoPesquisa=area&termoPesquisa=${encodeURIComponent(area.name.slice(0, 5).toUpperCase())}`,
        )
      ).json(),
    );
    expect(areas.resultados.map((r) => r.descricao)).toContain(area.name);
    expect(
      refusal(await call(ana, 'GET', '/area-autor-assunto/pesquisa?tipoPesquisa=assunto&termoPesquisa=%20')),
    ).toEqual([422, 'interestProfile.errors.searchTerm']);
  });

  it('adds areas, authors and subjects with a validity, renews them, and removes one', async () => {
    const area = await one<{ id: number; name: string }>(
      'SELECT id, name FROM knowledge_area ORDER BY id LIMIT 1',
    );
    const subject = await one<{ id: number; heading: string }>(
      `SELECT id, heading FROM authority WHERE type = 'assunto' ORDER BY id LIMIT 1`,
    );
    const author = await one<{ id: number; heading: string }>(
      `SELECT id, heading FROM authority WHERE type = 'pessoa' ORDER BY id LIMIT 1`,
    );
    expect(
      (
        await call(ana, 'POST', '/area-autor-assunto', {
          tipoDSI: 'area',
          validade: '2026-12-31',
          itens: [area.id],
        })
      ).statusCode,
    ).toBe(200);
    await call(ana, 'POST', '/area-autor-assunto', {
      tipoDSI: 'assunto',
      validade: '2026-12-31',
      itens: [subject.id],
    });
    const added = InterestTopicsSchema.parse(
      (
        await call(ana, 'POST', '/area-autor-assunto', {
          tipoDSI: 'autor',
          validade: '2026-06-30',
          itens: [author.id, author.id],
        })
      ).json(),
    );
    expect(added.itens.map((i) => [i.tipoDSI, i.descricao, i.validade, i.vencido])).toEqual([
      ['area', area.name, '2026-12-31', false],
      ['autor', author.heading, '2026-06-30', false],
      ['assunto', subject.heading, '2026-12-31', false],
    ]);
    expect(added.itens[0]!.codTipoArea).toBe(area.id);
    // Adding one already there changes its validity, not the count.
    const again = InterestTopicsSchema.parse(
      (
        await call(ana, 'POST', '/area-autor-assunto', {
          tipoDSI: 'autor',
          validade: '2026-09-30',
          itens: [author.id],
        })
      ).json(),
    );
    expect(again.itens.map((i) => i.validade)).toEqual(['2026-12-31', '2026-09-30', '2026-12-31']);
    // PUT validade: every item of one kind, then all.
    const renewed = InterestTopicsSchema.parse(
      (
        await call(ana, 'PUT', '/area-autor-assunto/validade', { tipoDSI: 'area', validade: '2027-01-31' })
      ).json(),
    );
    expect(renewed.itens.map((i) => i.validade)).toEqual(['2027-01-31', '2026-09-30', '2026-12-31']);
    const all = InterestTopicsSchema.parse(
      (await call(ana, 'PUT', '/area-autor-assunto/validade', { validade: '2027-02-28' })).json(),
    );
    expect(new Set(all.itens.map((i) => i.validade))).toEqual(new Set(['2027-02-28']));
    // DELETE names the item, its kind and, for an area, the area: a wrong kind or area is not found.
    const areaItem = all.itens[0]!;
    expect(
      (await call(ana, 'DELETE', '/area-autor-assunto', { codigo: areaItem.codigo, tipoDSI: 'assunto' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(ana, 'DELETE', '/area-autor-assunto', {
          codigo: areaItem.codigo,
          tipoDSI: 'area',
          codTipoArea: area.id + 1000,
        })
      ).statusCode,
    ).toBe(404);
    const left = InterestTopicsSchema.parse(
      (
        await call(ana, 'DELETE', '/area-autor-assunto', {
          codigo: areaItem.codigo,
          tipoDSI: 'area',
          codTipoArea: area.id,
        })
      ).json(),
    );
    expect(left.itens.map((i) => i.tipoDSI)).toEqual(['autor', 'assunto']);
  });

  it('refuses a validity that is today, past or years away, and codes the catalogue lacks (SPEC §5)', async () => {
    const area = await one<{ id: number }>('SELECT id FROM knowledge_area ORDER BY id LIMIT 1');
    const add = (validade: string, itens = [area.id], tipoDSI = 'area') =>
      call(bruno, 'POST', '/area-autor-assunto', { tipoDSI, validade, itens });
    expect(refusal(await add(TODAY))).toEqual([422, 'interestProfile.errors.validityPast']);
    expect(refusal(await add('2025-12-31'))).toEqual([422, 'interestProfile.errors.validityPast']);
    expect(refusal(await add('2036-01-01'))).toEqual([422, 'interestProfile.errors.validityTooFar']);
    expect((await add('2026-02-30')).statusCode).toBe(400);
    expect(refusal(await add('2026-12-31', [999_999]))).toEqual([422, 'interestProfile.errors.unknownItem']);
    // An author is a person, body or event: a subject heading is not one.
    const subject = await one<{ id: number }>(
      `SELECT id FROM authority WHERE type = 'assunto' ORDER BY id LIMIT 1`,
    );
    expect(refusal(await add('2026-12-31', [subject.id], 'autor'))).toEqual([
      422,
      'interestProfile.errors.unknownItem',
    ]);
    expect(
      refusal(await call(bruno, 'PUT', '/area-autor-assunto/validade', { validade: '2026-03-01' })),
    ).toEqual([422, 'interestProfile.errors.validityPast']);
    expect(
      InterestTopicsSchema.parse((await call(bruno, 'GET', '/area-autor-assunto')).json()).itens,
    ).toEqual([]);
  });

  it('keeps periodicals with issue, article and contents flags and libraries; at least one flag (SPEC §5)', async () => {
    const journal = await one<{ id: number; title: string }>(
      `SELECT id, title FROM title WHERE work_type = 'PERIODICO' ORDER BY id LIMIT 1`,
    );
    const library = await makeLibrary(ctx.db, 'Biblioteca de Periódicos');
    const found = InterestPeriodicalHitsSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/periodicos/pesquisa?termoPesquisa=${encodeURIComponent(journal.title.slice(0, 8))}`,
        )
      ).json(),
    );
    expect(found.resultados.map((r) => r.cod_acervo)).toContain(journal.id);
    // Held nowhere in the new library: searching there finds nothing.
    const there = InterestPeriodicalHitsSchema.parse(
      (
        await call(
          ana,
          'GET',
          `/periodicos/pesquisa?termoPesquisa=${encodeURIComponent(journal.title.slice(0, 8))}&bibliotecas=${library.id}`,
        )
      ).json(),
    );
    expect(there.resultados.map((r) => r.cod_acervo)).not.toContain(journal.id);

    const none = { cod_acervo: journal.id, fasciculo: false, artigo: false, sumario: false };
    expect(
      refusal(await call(ana, 'POST', '/periodicos', { validade: '2026-12-31', itens: [none] })),
    ).toEqual([422, 'interestProfile.errors.journalType']);
    const book = await one<{ id: number }>(
      `SELECT id FROM title WHERE work_type = 'LIVRO' ORDER BY id LIMIT 1`,
    );
    expect(
      refusal(
        await call(ana, 'POST', '/periodicos', {
          validade: '2026-12-31',
          itens: [{ ...none, cod_acervo: book.id, fasciculo: true }],
        }),
      ),
    ).toEqual([422, 'interestProfile.errors.unknownItem']);
    expect(
      refusal(
        await call(ana, 'POST', '/periodicos', {
          validade: '2026-12-31',
          itens: [{ ...none, fasciculo: true, bibliotecas: [999_999] }],
        }),
      ),
    ).toEqual([422, 'interestProfile.errors.unknownLibrary']);

    const added = InterestPeriodicalsSchema.parse(
      (
        await call(ana, 'POST', '/periodicos', {
          validade: '2026-12-31',
          itens: [{ ...none, fasciculo: true }],
        })
      ).json(),
    );
    expect(added.itens).toEqual([
      expect.objectContaining({
        cod_acervo: journal.id,
        titulo: journal.title,
        fasciculo: true,
        artigo: false,
        sumario: false,
        bibliotecas: [],
      }),
    ]);
    const codigo = added.itens[0]!.codigo;
    const update = {
      codigo,
      validade: '2027-01-31',
      fasciculo: false,
      artigo: true,
      sumario: true,
      bibliotecas: [library.id],
    };
    const changed = InterestPeriodicalsSchema.parse((await call(ana, 'PUT', '/periodicos', update)).json());
    expect(changed.itens[0]).toMatchObject({
      validade: '2027-01-31',
      fasciculo: false,
      artigo: true,
      sumario: true,
      bibliotecas: [{ codigo: library.id }],
    });
    expect(
      refusal(await call(ana, 'PUT', '/periodicos', { ...update, artigo: false, sumario: false })),
    ).toEqual([422, 'interestProfile.errors.journalType']);
    // Another patron neither changes nor removes it.
    expect((await call(bruno, 'PUT', '/periodicos', update)).statusCode).toBe(404);
    expect((await call(bruno, 'DELETE', '/periodicos', { codigo })).statusCode).toBe(404);
    expect(InterestPeriodicalsSchema.parse((await call(bruno, 'GET', '/periodicos')).json()).itens).toEqual(
      [],
    );
    expect(
      InterestPeriodicalsSchema.parse((await call(ana, 'DELETE', '/periodicos', { codigo })).json()).itens,
    ).toEqual([]);
  });

  it('keeps work types with libraries and languages, and lists the titles matching the profile', async () => {
    const library = await one<{ id: number; name: string }>(
      `SELECT l.id, l.name FROM library l WHERE EXISTS (SELECT 1 FROM copy c JOIN title t ON t.id = c.title_id
          WHERE c.library_id = l.id AND t.work_type = 'TESE') ORDER BY l.id LIMIT 1`,
    );
    expect(
      refusal(
        await call(bruno, 'POST', '/tipo-obra', {
          validade: '2026-12-31',
          itens: [{ cod_tipo_obra: 'NADA' }],
        }),
      ),
    ).toEqual([422, 'interestProfile.errors.unknownItem']);
    expect(
      refusal(
        await call(bruno, 'POST', '/tipo-obra', {
          validade: '2026-12-31',
          itens: [{ cod_tipo_obra: 'TESE', idiomas: ['xx'] }],
        }),
      ),
    ).toEqual([422, 'interestProfile.errors.unknownLanguage']);
    const added = InterestWorkTypesSchema.parse(
      (
        await call(bruno, 'POST', '/tipo-obra', {
          validade: '2026-12-31',
          itens: [{ cod_tipo_obra: 'TESE', bibliotecas: [library.id] }],
        })
      ).json(),
    );
    expect(added.itens).toEqual([
      expect.objectContaining({
        cod_tipo_obra: 'TESE',
        descricao: 'Tese / dissertação',
        bibliotecas: [{ codigo: library.id, descricao: library.name }],
        idiomas: [],
      }),
    ]);
    const titles = InterestTitlesSchema.parse((await call(bruno, 'GET', '/titulos')).json()).titulos;
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles)
      expect(title.motivos).toContainEqual({ tipo: 'tipo_obra', descricao: 'Tese / dissertação' });
    const inLibrary = await one<{ n: number }>(
      `SELECT count(DISTINCT t.id)::int AS n FROM title t JOIN copy c ON c.title_id = t.id WHERE t.work_type = 'TESE' AND c.library_id = $1`,
      [library.id],
    );
    expect(titles.length).toBe(Math.min(inLibrary.n, 50));
    // Ana's profile has no work type: none of these is hers unless her own items match it.
    const anas = InterestTitlesSchema.parse((await call(ana, 'GET', '/titulos')).json()).titulos;
    expect(anas.flatMap((t) => t.motivos).filter((m) => m.tipo === 'tipo_obra')).toEqual([]);

    const codigo = added.itens[0]!.codigo;
    const language = await one<{ code: string }>(`SELECT code FROM language ORDER BY code LIMIT 1`);
    const changed = InterestWorkTypesSchema.parse(
      (
        await call(bruno, 'PUT', '/tipo-obra', {
          codigo,
          validade: '2027-01-31',
          bibliotecas: [],
          idiomas: [language.code],
        })
      ).json(),
    );
    expect(changed.itens[0]).toMatchObject({
      validade: '2027-01-31',
      bibliotecas: [],
      idiomas: [{ codigo: language.code }],
    });
    expect((await call(ana, 'PUT', '/tipo-obra', { codigo, validade: '2027-01-31' })).statusCode).toBe(404);
    expect((await call(ana, 'DELETE', '/tipo-obra', { codigo })).statusCode).toBe(404);
    expect(refusal(await call(bruno, 'PUT', '/tipo-obra', { codigo, validade: TODAY }))).toEqual([
      422,
      'interestProfile.errors.validityPast',
    ]);
    expect(
      InterestWorkTypesSchema.parse((await call(bruno, 'DELETE', '/tipo-obra', { codigo })).json()).itens,
    ).toEqual([]);
  });

  it('shows an item past its validity as expired and matches nothing with it', async () => {
    const p = await makePatron(ctx.db);
    const headers = bearer((await signIn(ctx.app, p.login, p.password)).access_token);
    await call(headers, 'POST', '/tipo-obra', {
      validade: '2026-12-31',
      itens: [{ cod_tipo_obra: 'LIVRO' }],
    });
    expect(
      InterestTitlesSchema.parse((await call(headers, 'GET', '/titulos')).json()).titulos.length,
    ).toBeGreaterThan(0);
    await ctx.db.query(`UPDATE interest_work_type SET valid_until = '2026-03-01' WHERE patron_id = $1`, [
      p.id,
    ]);
    const items = InterestWorkTypesSchema.parse((await call(headers, 'GET', '/tipo-obra')).json()).itens;
    expect(items.map((i) => i.vencido)).toEqual([true]);
    expect(InterestTitlesSchema.parse((await call(headers, 'GET', '/titulos')).json()).titulos).toEqual([]);
  });
});
