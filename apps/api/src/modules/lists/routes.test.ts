import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LIST_MAX_LISTS,
  ListDetailSchema,
  ListsSchema,
  PermanentBasketSchema,
  SharedListSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';
import { createListService } from './service.ts';

// The permanent basket (SPEC §7 /acervo/cesta-permanente) and the named lists (decision 0043)
// through the HTTP API, on a real database, with a test clock.

const DAY = 86_400;

describe('permanent basket and lists', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let clock: ReturnType<typeof testClock>;
  let titles: number[];

  beforeEach(async () => {
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, userTokenTtlSeconds: 365 * DAY });
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM title ORDER BY id LIMIT 6');
    titles = rows.map((row) => row.id);
  });
  afterEach(() => ctx.close());

  async function patron() {
    const p = await makePatron(ctx.db);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = { headers: Record<string, string> };
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  it('refuses every call about a patron’s lists to a visitor, and to no token at all', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) };
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/acervo/cesta-permanente/colecao'],
      ['POST', '/acervo/cesta-permanente', { acervos: [1] }],
      ['PUT', '/acervo/cesta-permanente', { acervo: 1 }],
      ['GET', '/acervo/listas'],
      ['POST', '/acervo/listas', { nome: 'x' }],
      ['GET', '/acervo/listas/1'],
      ['PUT', '/acervo/listas/1', { nome: 'x' }],
      ['DELETE', '/acervo/listas/1'],
      ['POST', '/acervo/listas/1/acervos', { acervos: [1] }],
      ['DELETE', '/acervo/listas/1/acervos/1'],
      ['GET', '/acervo/meu-pergamum/bases-dados'],
    ];
    for (const [method, url, payload] of calls) {
      expect([method, url, (await call(visitor, method, url, payload)).statusCode]).toEqual([
        method,
        url,
        401,
      ]);
      expect([method, url, (await call({ headers: {} }, method, url, payload)).statusCode]).toEqual([
        method,
        url,
        401,
      ]);
    }
  });

  it('merges titles into the permanent basket without losing or repeating one, and names unknown ids', async () => {
    const ana = await patron();
    const [a, b, c] = titles as [number, number, number];
    const first = await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [b, a, b] });
    expect(first.statusCode).toBe(200);
    expect(PermanentBasketSchema.parse(first.json()).itens.map((item) => item.cod_acervo)).toEqual([b, a]);
    // The browser basket of another device: one title already saved, one new, one the catalogue lacks.
    const merged = PermanentBasketSchema.parse(
      (await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [a, c, 999_999] })).json(),
    );
    expect(merged.itens.map((item) => item.cod_acervo)).toEqual([b, a, c]);
    expect(merged.desconhecidos).toEqual([999_999]);
    const read = PermanentBasketSchema.parse(
      (await call(ana, 'GET', '/acervo/cesta-permanente/colecao')).json(),
    );
    expect(read.itens.map((item) => item.cod_acervo)).toEqual([b, a, c]);
    expect(read.itens[0]).toMatchObject({
      titulo: expect.any(String),
      data_inclusao: '2026-03-02T12:00:00.000Z',
    });
  });

  it('takes one title out of the permanent basket with PUT {acervo}', async () => {
    const ana = await patron();
    const [a, b] = titles as [number, number];
    await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [a, b] });
    const put = await call(ana, 'PUT', '/acervo/cesta-permanente', { acervo: a });
    expect(put.statusCode).toBe(200);
    expect(PermanentBasketSchema.parse(put.json()).itens.map((item) => item.cod_acervo)).toEqual([b]);
    // Taking out what is not there changes nothing.
    const again = await call(ana, 'PUT', '/acervo/cesta-permanente', { acervo: a });
    expect(PermanentBasketSchema.parse(again.json()).itens.map((item) => item.cod_acervo)).toEqual([b]);
  });

  it('lists the titles saved in a period (tipoBusca P), and refuses a start after the end', async () => {
    const ana = await patron();
    const [a, b, c] = titles as [number, number, number];
    await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [a] });
    clock.advance(10 * DAY); // 12 March
    await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [b] });
    clock.advance(10 * DAY); // 22 March
    await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [c] });
    const ids = async (query: string) =>
      PermanentBasketSchema.parse(
        (await call(ana, 'GET', `/acervo/cesta-permanente/colecao?${query}`)).json(),
      ).itens.map((item) => item.cod_acervo);
    expect(await ids('tipoBusca=P&dataIni=2026-03-10&dataFim=2026-03-12')).toEqual([b]);
    expect(await ids('tipoBusca=P&dataIni=2026-03-12')).toEqual([b, c]);
    expect(await ids('tipoBusca=P&dataFim=2026-03-02')).toEqual([a]);
    expect(await ids('tipoBusca=T&dataIni=2026-03-10&dataFim=2026-03-12')).toEqual([a, b, c]);
    const wrong = await call(
      ana,
      'GET',
      '/acervo/cesta-permanente/colecao?tipoBusca=P&dataIni=2026-03-13&dataFim=2026-03-12',
    );
    expect([wrong.statusCode, wrong.json().code, wrong.json().message]).toEqual([
      422,
      'DATE_RANGE',
      'lists.errors.dateRange',
    ]);
  });

  it('makes, renames and deletes named lists; the permanent basket comes first and stays', async () => {
    const ana = await patron();
    const made = await call(ana, 'POST', '/acervo/listas', { nome: '  Para a monografia ' });
    expect(made.statusCode).toBe(200);
    const list = ListDetailSchema.parse(made.json());
    expect(list).toMatchObject({ nome: 'Para a monografia', cesta_permanente: false, quantidade: 0 });
    await call(ana, 'POST', '/acervo/listas', { nome: 'Alemão' });
    const same = await call(ana, 'POST', '/acervo/listas', { nome: 'para a MONOGRAFIA' });
    expect([same.statusCode, same.json().code]).toEqual([422, 'LIST_NAME_TAKEN']);

    const overview = ListsSchema.parse((await call(ana, 'GET', '/acervo/listas')).json()).listas;
    expect(overview.map((l) => [l.nome, l.cesta_permanente])).toEqual([
      [null, true],
      ['Alemão', false],
      ['Para a monografia', false],
    ]);
    const basket = overview[0]!;

    const renamed = await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { nome: 'TCC' });
    expect(ListDetailSchema.parse(renamed.json()).nome).toBe('TCC');
    const taken = await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { nome: 'alemão' });
    expect([taken.statusCode, taken.json().code]).toEqual([422, 'LIST_NAME_TAKEN']);

    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', { nome: 'Minha cesta' }],
    ] as const) {
      const refused = await call(ana, method, `/acervo/listas/${basket.codigo}`, payload);
      expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
        422,
        'LIST_IS_PERMANENT_BASKET',
        'lists.errors.basketKept',
      ]);
    }
    const deleted = await call(ana, 'DELETE', `/acervo/listas/${list.codigo}`);
    expect(ListsSchema.parse(deleted.json()).listas.map((l) => l.nome)).toEqual([null, 'Alemão']);
    expect((await call(ana, 'GET', `/acervo/listas/${list.codigo}`)).statusCode).toBe(404);
  });

  it(`keeps at most ${LIST_MAX_LISTS} named lists per patron`, async () => {
    const ana = await patron();
    for (let n = 1; n <= LIST_MAX_LISTS; n++) {
      expect((await call(ana, 'POST', '/acervo/listas', { nome: `Lista ${n}` })).statusCode).toBe(200);
    }
    const over = await call(ana, 'POST', '/acervo/listas', { nome: 'Mais uma' });
    expect([over.statusCode, over.json().code]).toEqual([422, 'LIST_TOO_MANY']);
  });

  it('adds and removes titles of a list, keeping the order they were added in', async () => {
    const ana = await patron();
    const [a, b, c] = titles as [number, number, number];
    const list = ListDetailSchema.parse(
      (await call(ana, 'POST', '/acervo/listas', { nome: 'Leituras' })).json(),
    );
    await call(ana, 'POST', `/acervo/listas/${list.codigo}/acervos`, { acervos: [c, a] });
    const added = ListDetailSchema.parse(
      (await call(ana, 'POST', `/acervo/listas/${list.codigo}/acervos`, { acervos: [a, b] })).json(),
    );
    expect(added.itens.map((item) => item.cod_acervo)).toEqual([c, a, b]);
    expect(added.quantidade).toBe(3);
    const removed = ListDetailSchema.parse(
      (await call(ana, 'DELETE', `/acervo/listas/${list.codigo}/acervos/${a}`)).json(),
    );
    expect(removed.itens.map((item) => item.cod_acervo)).toEqual([c, b]);
    // The permanent basket is a list like the others, through the same calls.
    const basket = ListsSchema.parse((await call(ana, 'GET', '/acervo/listas')).json()).listas[0]!;
    await call(ana, 'POST', `/acervo/listas/${basket.codigo}/acervos`, { acervos: [b] });
    const saved = PermanentBasketSchema.parse(
      (await call(ana, 'GET', '/acervo/cesta-permanente/colecao')).json(),
    );
    expect(saved.itens.map((item) => item.cod_acervo)).toEqual([b]);
  });

  it('shares a list by an unguessable link that anyone reads, with nothing about its owner, until sharing stops', async () => {
    const ana = await patron();
    const [a, b] = titles as [number, number];
    const list = ListDetailSchema.parse(
      (await call(ana, 'POST', '/acervo/listas', { nome: 'Clube de leitura' })).json(),
    );
    await call(ana, 'POST', `/acervo/listas/${list.codigo}/acervos`, { acervos: [a, b] });
    expect(list.token_compartilhamento).toBeNull();

    const shared = ListDetailSchema.parse(
      (await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { compartilhada: true })).json(),
    );
    const token = shared.token_compartilhamento!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const visitor = { headers: bearer(await publicToken(ctx.app)) };
    const read = await call(visitor, 'GET', `/acervo/listas/compartilhadas/${token}`);
    expect(read.statusCode).toBe(200);
    expect(SharedListSchema.strict().parse(read.json())).toEqual({
      nome: 'Clube de leitura',
      cesta_permanente: false,
      itens: [expect.objectContaining({ cod_acervo: a }), expect.objectContaining({ cod_acervo: b })],
    });
    expect(read.body).not.toContain(ana.login);
    expect(read.body).not.toContain(`Leitor ${ana.login}`);
    // Sharing again keeps the link; the list stays read-only for the visitor.
    const again = ListDetailSchema.parse(
      (await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { compartilhada: true })).json(),
    );
    expect(again.token_compartilhamento).toBe(token);
    expect(
      (await call(visitor, 'POST', `/acervo/listas/${list.codigo}/acervos`, { acervos: [a] })).statusCode,
    ).toBe(401);

    await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { compartilhada: false });
    expect((await call(visitor, 'GET', `/acervo/listas/compartilhadas/${token}`)).statusCode).toBe(404);
    const reshared = ListDetailSchema.parse(
      (await call(ana, 'PUT', `/acervo/listas/${list.codigo}`, { compartilhada: true })).json(),
    );
    expect(reshared.token_compartilhamento).not.toBe(token);
    expect((await call(visitor, 'GET', `/acervo/listas/compartilhadas/${token}`)).statusCode).toBe(404);
    expect(
      (await call(visitor, 'GET', '/acervo/listas/compartilhadas/not-a-token-at-all-x')).statusCode,
    ).toBe(404);
  });

  it('never lets one patron read or change another patron’s lists or permanent basket', async () => {
    const ana = await patron();
    const bruno = await patron();
    const [a, b] = titles as [number, number];
    await call(ana, 'POST', '/acervo/cesta-permanente', { acervos: [a] });
    const list = ListDetailSchema.parse(
      (await call(ana, 'POST', '/acervo/listas', { nome: 'Particular' })).json(),
    );
    await call(ana, 'POST', `/acervo/listas/${list.codigo}/acervos`, { acervos: [a] });
    const anaBasket = ListsSchema.parse((await call(ana, 'GET', '/acervo/listas')).json()).listas[0]!;

    for (const id of [list.codigo, anaBasket.codigo]) {
      const attempts = [
        await call(bruno, 'GET', `/acervo/listas/${id}`),
        await call(bruno, 'PUT', `/acervo/listas/${id}`, { nome: 'Minha agora', compartilhada: true }),
        await call(bruno, 'DELETE', `/acervo/listas/${id}`),
        await call(bruno, 'POST', `/acervo/listas/${id}/acervos`, { acervos: [b] }),
        await call(bruno, 'DELETE', `/acervo/listas/${id}/acervos/${a}`),
      ];
      // 404 as for a list that does not exist: not even its existence is told.
      expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    }
    expect(ListsSchema.parse((await call(bruno, 'GET', '/acervo/listas')).json()).listas).toEqual([
      expect.objectContaining({ cesta_permanente: true, quantidade: 0 }),
    ]);
    expect(
      PermanentBasketSchema.parse((await call(bruno, 'GET', '/acervo/cesta-permanente/colecao')).json())
        .itens,
    ).toEqual([]);
    // Bruno's basket calls touch his own basket only.
    await call(bruno, 'PUT', '/acervo/cesta-permanente', { acervo: a });
    const after = ListDetailSchema.parse((await call(ana, 'GET', `/acervo/listas/${list.codigo}`)).json());
    expect([after.nome, after.token_compartilhamento, after.itens.map((i) => i.cod_acervo)]).toEqual([
      'Particular',
      null,
      [a],
    ]);
    const anaSaved = PermanentBasketSchema.parse(
      (await call(ana, 'GET', '/acervo/cesta-permanente/colecao')).json(),
    );
    expect(anaSaved.itens.map((item) => item.cod_acervo)).toEqual([a]);
  });

  it('refuses titles past the most a list holds, adding none of them, while titles already there pass', async () => {
    const ana = await makePatron(ctx.db);
    const service = createListService({ db: ctx.db, clock, timeZone: 'America/Sao_Paulo', maxTitles: 3 });
    const [a, b, c, d, e] = titles as [number, number, number, number, number];
    await service.addToPermanentBasket(ana.id, [a, b]);
    await expect(service.addToPermanentBasket(ana.id, [c, d])).rejects.toMatchObject({
      statusCode: 422,
      code: 'LIST_FULL',
      message: 'lists.errors.full',
    });
    expect((await service.permanentBasket(ana.id, {})).itens.map((item) => item.cod_acervo)).toEqual([a, b]);
    // Repeats of what is held do not count: the basket fills up to the limit exactly.
    await service.addToPermanentBasket(ana.id, [a, b, c]);
    await expect(service.addToPermanentBasket(ana.id, [e])).rejects.toMatchObject({ code: 'LIST_FULL' });
  });
});
