import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlertsSchema,
  OwnSuggestionsSchema,
  PrivacyExportSchema,
  PurchaseOrdersSchema,
  SUGGESTION_STATUSES,
  SuggestionReceiptSchema,
  SuggestionStatusOptionsSchema,
  titlePagePath,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';
import { importFile } from '../imports/service.ts';
import { catalogueSuggestion, moveSuggestion, quoteSuggestion } from './service.ts';
import { createOrder, moveOrder } from './service.ts';

// The patron's purchase suggestions after sending them (SPEC §7 GET /aquisicao/sugestoes…, §4
// statuses; decision 0050): their statuses and history, the suggester told of each change and of
// the title catalogued (alert, and one e-mail on a real SMTP server), and the purchase orders.

const DAY = 86_400;
const ISBN = '978-85-359-0277-8';

describe('purchase suggestions', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; campus_id: number; name: string };
  const by = 'staff:acquisitions';

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    library = (
      await ctx.db.query<{ id: number; campus_id: number; name: string }>(
        'SELECT id, campus_id, name FROM library ORDER BY id LIMIT 1',
      )
    ).rows[0]!;
  });
  afterEach(() => ctx.close());

  async function patron(options: { category?: string; email?: string | null } = {}) {
    const p = await makePatron(ctx.db, options);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = Awaited<ReturnType<typeof patron>>;
  const get = (who: { headers: Record<string, string> }, url: string, language?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api${url}`,
      // SPEC §6 language codes: 5 English, 3 Spanish.
      headers: { ...who.headers, ...(language ? { idioma: language === 'en' ? '5' : '3' } : {}) },
    });
  const suggest = async (who: Caller, fields: Record<string, unknown> = {}) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/unidade-informacao/sugestao-aquisicao',
      headers: who.headers,
      payload: {
        campus: library.campus_id,
        biblioteca: library.id,
        titulo: 'Vidas secas',
        editor: 'Record',
        autor: 'Graciliano Ramos',
        ...fields,
      },
    });
    expect(response.statusCode).toBe(201);
    return SuggestionReceiptSchema.parse(response.json()).codigo;
  };
  const suggestionsOf = async (who: Caller, query = '') => {
    const response = await get(who, `/aquisicao/sugestoes${query}`);
    expect(response.statusCode).toBe(200);
    return OwnSuggestionsSchema.parse(response.json());
  };
  const alertsOf = async (who: Caller, language?: string) => {
    const response = await get(who, '/solicitacoes/alertas?dataIni=2026-01-01&dataFim=2026-12-31', language);
    expect(response.statusCode).toBe(200);
    return AlertsSchema.parse(response.json());
  };
  const mailTo = (address: string) => mail.smtp.messages.filter((m) => m.envelope.to.includes(address));

  it('refuses the calls to a visitor (public token) and to no token at all', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) };
    for (const url of [
      '/aquisicao/sugestoes/situacao',
      '/aquisicao/sugestoes',
      '/aquisicao/pedidos-compra',
    ]) {
      expect((await get(visitor, url)).statusCode, url).toBe(401);
      expect((await get({ headers: {} }, url)).statusCode, url).toBe(401);
    }
  });

  it('lists the fourteen statuses of SPEC §4 as codes labelled in the reader’s language', async () => {
    const ana = await patron();
    const pt = SuggestionStatusOptionsSchema.parse((await get(ana, '/aquisicao/sugestoes/situacao')).json());
    expect(pt.map((s) => s.codigo)).toEqual([...SUGGESTION_STATUSES]);
    expect(pt).toHaveLength(14);
    expect(pt.find((s) => s.codigo === 'em-cotacao')?.descricao).toBe('Em cotação');
    const en = SuggestionStatusOptionsSchema.parse(
      (await get(ana, '/aquisicao/sugestoes/situacao', 'en')).json(),
    );
    expect(en.find((s) => s.codigo === 'aguardando-entrega')?.descricao).toBe('Awaiting delivery');
    const es = SuggestionStatusOptionsSchema.parse(
      (await get(ana, '/aquisicao/sugestoes/situacao', 'es')).json(),
    );
    expect(es.find((s) => s.codigo === 'esgotada')?.descricao).toBe('Agotada');
  });

  it('shows a sent suggestion as a pre-suggestion with its fields and first history step', async () => {
    const ana = await patron();
    const id = await suggest(ana, { isbn_issn: ISBN, edicao: '2. ed.' });
    const [found, ...others] = await suggestionsOf(ana);
    expect(others).toEqual([]);
    expect(found).toMatchObject({
      codigo: id,
      titulo: 'Vidas secas',
      autor: 'Graciliano Ramos',
      edicao: '2. ed.',
      editor: 'Record',
      isbn_issn: ISBN,
      biblioteca: library.name,
      situacao: 'pre-sugestao',
      quantidade_itens: null,
      data_cotacao: null,
      data_criacao: '2026-03-02T12:00:00.000Z',
      solicitante: `Leitor ${ana.login}`,
      total_entregue: 0,
      previsao_entrega: null,
      obra_estrangeira: false,
      acervo: null,
      historico: [
        { situacao: 'pre-sugestao', data: '2026-03-02T12:00:00.000Z', observacao: null, acervo: null },
      ],
    });
  });

  it('never shows one patron another patron’s suggestions or orders', async () => {
    const ana = await patron({ category: '12' });
    const bruno = await patron({ category: '12' });
    const anas = await suggest(ana);
    const brunos = await suggest(bruno, { titulo: 'Grande sertão: veredas' });
    await createOrder(ctx.db, clock, { supplier: 'Livraria', suggestionIds: [anas, brunos] });
    expect((await suggestionsOf(ana)).map((s) => s.codigo)).toEqual([anas]);
    expect((await suggestionsOf(bruno)).map((s) => s.codigo)).toEqual([brunos]);
    const orders = PurchaseOrdersSchema.parse((await get(ana, '/aquisicao/pedidos-compra')).json());
    expect(orders.map((o) => o.sugestoes.map((s) => s.codigo))).toEqual([[anas]]);
  });

  it('hands out the patron’s suggestions with their history in the privacy download, and nobody else’s', async () => {
    const ana = await patron();
    const bruno = await patron();
    const anas = await suggest(ana);
    const brunos = await suggest(bruno);
    await moveSuggestion(ctx.db, clock, {
      id: anas,
      status: 'sugestao-compra',
      note: 'ok',
      by,
      delivered: null,
    });
    await moveSuggestion(ctx.db, clock, { id: brunos, status: 'duplicada', note: null, by, delivered: null });
    const data = PrivacyExportSchema.parse(
      (await get(ana, '/pessoas/meu-pergamum/privacidade/dados')).json(),
    );
    expect(data.tabelas.purchase_suggestion!.linhas.map((row) => row.id)).toEqual([anas]);
    expect(
      data.tabelas.purchase_suggestion_event!.linhas.map((row) => [row.suggestion_id, row.status, row.note]),
    ).toEqual([
      [anas, 'pre-sugestao', null],
      [anas, 'sugestao-compra', 'ok'],
    ]);
  });

  it('filters by creation day (in the library’s time zone) and status, and refuses a start after the end', async () => {
    const ana = await patron();
    const first = await suggest(ana);
    clock.advance(3 * DAY);
    const second = await suggest(ana, { titulo: 'São Bernardo' });
    await moveSuggestion(ctx.db, clock, {
      id: second,
      status: 'sugestao-compra',
      note: null,
      by,
      delivered: null,
    });
    const ids = async (query: string) => (await suggestionsOf(ana, query)).map((s) => s.codigo);
    expect(await ids('')).toEqual([second, first]);
    expect(await ids('?dataIni=2026-03-01&dataFim=2026-03-02')).toEqual([first]);
    expect(await ids('?dataIni=2026-03-03')).toEqual([second]);
    expect(await ids('?situacao=sugestao-compra')).toEqual([second]);
    expect(await ids('?situacao=pre-sugestao&dataFim=2026-03-02')).toEqual([first]);
    const refused = await get(ana, '/aquisicao/sugestoes?dataIni=2026-03-05&dataFim=2026-03-01');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'DATE_RANGE', message: 'suggestions.errors.dateRange' });
    expect((await get(ana, '/aquisicao/sugestoes?situacao=comprada')).statusCode).toBe(400);
  });

  it('moves a suggestion only along the transitions, keeps each step, and tells the suggester in their language', async () => {
    const ana = await patron();
    const id = await suggest(ana);
    await moveSuggestion(
      ctx.db,
      clock,
      { id, status: 'sugestao-compra', note: 'Aprovada pela comissão', by, delivered: null },
      { mailer: mail.mailer },
    );
    clock.advance(DAY);
    await expect(
      moveSuggestion(ctx.db, clock, { id, status: 'atendida', note: null, by, delivered: null }),
    ).rejects.toThrow('suggestion ' + id + ' is sugestao-compra; it can move to em-cotacao');

    const [shown] = await suggestionsOf(ana);
    expect(shown!.situacao).toBe('sugestao-compra');
    expect(shown!.historico.map((h) => [h.situacao, h.observacao])).toEqual([
      ['pre-sugestao', null],
      ['sugestao-compra', 'Aprovada pela comissão'],
    ]);

    const [alert] = await alertsOf(ana);
    expect(alert).toMatchObject({
      tipo: 'suggestionStatus',
      texto: 'Sua sugestão de aquisição "Vidas secas" mudou de situação: Sugestão de compra.',
      link: '/meupergamum/sugestoes',
    });
    const [inEnglish] = await alertsOf(ana, 'en');
    expect(inEnglish!.texto).toBe(
      'Your purchase suggestion "Vidas secas" changed status: Purchase suggestion.',
    );

    const mails = mailTo(ana.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Novo alerta da biblioteca');
    expect(mails[0]!.text).toContain(
      'Sua sugestão de aquisição "Vidas secas" mudou de situação: Sugestão de compra.',
    );
    expect(mail.smtp.messages).toHaveLength(1);
  });

  it('writes the alert but sends no e-mail to a suggester who does not receive e-mails', async () => {
    const quiet = await patron();
    await ctx.db.query('UPDATE patron SET receives_email = false WHERE id = $1', [quiet.id]);
    const id = await suggest(quiet);
    await moveSuggestion(
      ctx.db,
      clock,
      { id, status: 'duplicada', note: null, by, delivered: null },
      { mailer: mail.mailer },
    );
    expect((await alertsOf(quiet)).map((a) => a.tipo)).toEqual(['suggestionStatus']);
    expect(mail.smtp.messages).toEqual([]);
  });

  it('records a quote (items, day, expected delivery, foreign work) and moves the suggestion into quote', async () => {
    const ana = await patron();
    const id = await suggest(ana);
    await moveSuggestion(ctx.db, clock, { id, status: 'sugestao-compra', note: null, by, delivered: null });
    const quoted = await quoteSuggestion(ctx.db, clock, {
      id,
      quotedOn: '2026-03-05',
      items: 3,
      expectedOn: '2026-04-10',
      isForeign: true,
      by,
    });
    expect(quoted.status).toBe('em-cotacao');
    await moveSuggestion(ctx.db, clock, {
      id,
      status: 'aguardando-entrega',
      note: null,
      by,
      delivered: null,
    });
    await moveSuggestion(ctx.db, clock, {
      id,
      status: 'parcialmente-atendida',
      note: null,
      by,
      delivered: 2,
    });
    const [shown] = await suggestionsOf(ana);
    expect(shown).toMatchObject({
      situacao: 'parcialmente-atendida',
      quantidade_itens: 3,
      data_cotacao: '2026-03-05',
      previsao_entrega: '2026-04-10',
      obra_estrangeira: true,
      total_entregue: 2,
    });
    expect(shown!.historico.map((h) => h.situacao)).toEqual([
      'pre-sugestao',
      'sugestao-compra',
      'em-cotacao',
      'aguardando-entrega',
      'parcialmente-atendida',
    ]);
  });

  it('tells the suggester when the suggested title is catalogued, with a link to its page and one e-mail', async () => {
    const ana = await patron();
    const id = await suggest(ana);
    const title = (
      await ctx.db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id LIMIT 1')
    ).rows[0]!;
    await catalogueSuggestion(ctx.db, clock, { id, titleId: title.id, by }, { mailer: mail.mailer });
    await expect(catalogueSuggestion(ctx.db, clock, { id, titleId: title.id, by })).rejects.toThrow(
      'already catalogued',
    );
    const [alert] = await alertsOf(ana);
    expect(alert).toMatchObject({
      tipo: 'suggestionCatalogued',
      texto: `O título que você sugeriu, "${title.title}", já está no acervo.`,
      link: titlePagePath(title.id),
    });
    const [shown] = await suggestionsOf(ana);
    expect(shown!.acervo).toBe(title.id);
    expect(shown!.historico.at(-1)).toMatchObject({ situacao: 'pre-sugestao', acervo: title.id });
    expect(mailTo(ana.email!).map((m) => m.text.includes(`"${title.title}", já está no acervo`))).toEqual([
      true,
    ]);
  });

  describe('a MARC import bringing the suggested ISBN or ISSN', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'estante-suggestions-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    const marcFile = async (name: string, number: { tag: '020' | '022'; value: string }, title: string) => {
      const path = join(dir, name);
      await writeFile(
        path,
        `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim"><record>
<leader>00000nam a2200000 a 4500</leader>
<controlfield tag="001">${name}</controlfield><controlfield tag="003">SUGTEST</controlfield>
<datafield tag="${number.tag}" ind1=" " ind2=" "><subfield code="a">${number.value}</subfield></datafield>
<datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield>
</record></collection>`,
      );
      return path;
    };

    it('marks the waiting suggestions catalogued and tells each suggester once, never a refused one', async () => {
      const ana = await patron();
      const bruno = await patron();
      const diego = await patron();
      // Given as its ISBN-10: the catalogue keeps the ISBN-13.
      const book = await suggest(ana, { isbn_issn: '85-359-0277-5' });
      const journal = await suggest(bruno, {
        titulo: 'Ciência da Informação',
        isbn_issn: '0100-1965',
        periodico: true,
      });
      const refused = await suggest(diego, { isbn_issn: ISBN });
      await moveSuggestion(ctx.db, clock, {
        id: refused,
        status: 'cancelada',
        note: null,
        by,
        delivered: null,
      });

      const options = { mailer: mail.mailer, clock };
      await importFile(
        ctx.db,
        await marcFile('sug-1.xml', { tag: '020', value: '9788535902778' }, 'Vidas secas'),
        options,
      );
      await importFile(
        ctx.db,
        await marcFile('sug-2.xml', { tag: '022', value: '0100-1965' }, 'Ciência da informação'),
        options,
      );

      const titleOf = async (control: string) =>
        (await ctx.db.query<{ id: number }>(`SELECT id FROM title WHERE control_number = $1`, [control]))
          .rows[0]!.id;
      expect((await suggestionsOf(ana)).map((s) => [s.codigo, s.acervo])).toEqual([
        [book, await titleOf('sug-1.xml')],
      ]);
      expect((await suggestionsOf(bruno)).map((s) => [s.codigo, s.acervo])).toEqual([
        [journal, await titleOf('sug-2.xml')],
      ]);
      expect((await suggestionsOf(diego))[0]!.acervo).toBeNull();
      expect((await alertsOf(ana)).map((a) => [a.tipo, a.link])).toEqual([
        ['suggestionCatalogued', titlePagePath(await titleOf('sug-1.xml'))],
      ]);
      expect(mailTo(ana.email!)).toHaveLength(1);
      expect(mailTo(bruno.email!)).toHaveLength(1);
      expect(mailTo(diego.email!)).toHaveLength(0);

      // Importing the record again (an update) tells nobody a second time.
      await importFile(ctx.db, join(dir, 'sug-1.xml'), options);
      expect(await alertsOf(ana)).toHaveLength(1);
      expect(mail.smtp.messages).toHaveLength(2);
    });
  });

  it('shows a professor the orders holding their suggestions with their state; other categories may not', async () => {
    const carla = await patron({ category: '12' });
    const ana = await patron({ category: '01' });
    const first = await suggest(carla);
    const second = await suggest(carla, { titulo: 'Angústia' });
    const order = await createOrder(ctx.db, clock, {
      supplier: 'Livraria Cultura',
      suggestionIds: [first, second],
    });
    clock.advance(DAY);
    await moveOrder(ctx.db, clock, { id: order, status: 'enviado' });
    await expect(moveOrder(ctx.db, clock, { id: order, status: 'aberto' })).rejects.toThrow(
      'it can move to parcialmente-recebido, recebido, cancelado',
    );
    const response = await get(carla, '/aquisicao/pedidos-compra');
    expect(response.statusCode).toBe(200);
    expect(PurchaseOrdersSchema.parse(response.json())).toEqual([
      {
        codigo: order,
        fornecedor: 'Livraria Cultura',
        situacao: 'enviado',
        data_criacao: '2026-03-02T12:00:00.000Z',
        data_atualizacao: '2026-03-03T12:00:00.000Z',
        sugestoes: [
          { codigo: first, titulo: 'Vidas secas', situacao: 'pre-sugestao' },
          { codigo: second, titulo: 'Angústia', situacao: 'pre-sugestao' },
        ],
      },
    ]);
    expect((await get(ana, '/aquisicao/pedidos-compra')).statusCode).toBe(403);
  });
});
