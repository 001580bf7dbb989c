import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlertsSchema,
  OwnSuggestionsSchema,
  STAFF_PATHS,
  StaffPurchaseOrderSchema,
  StaffPurchaseOrdersSchema,
  StaffSuggestionInboxSchema,
  StaffSuggestionSchema,
  SuggestionReceiptSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';

// Acquisitions in the staff workspace (decision 0059): the acquisition role moves suggestions
// through SPEC §4's statuses, quotes them, orders and receives them over HTTP, with the same
// service as `estante suggestions` — the suggester told each time (alert, and an e-mail on a real
// SMTP server), every change in the audit log.

const DAY = 86_400;
type Headers = Record<string, string>;

describe('acquisitions in the staff workspace', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; campus_id: number };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2031-04-01T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    library = (
      await ctx.db.query<{ id: number; campus_id: number }>(
        'SELECT id, campus_id FROM library ORDER BY id LIMIT 1',
      )
    ).rows[0]!;
  });
  afterEach(() => ctx.close());

  const as = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login.replace('.', '-')}`)).access_token);
  const suggester = async (email: string | null = 'sugere@example.org') => {
    const patron = await makePatron(ctx.db, { email });
    return {
      ...patron,
      headers: bearer((await signIn(ctx.app, patron.login, patron.password)).access_token),
    };
  };
  const suggest = async (headers: Headers, titulo = 'Angústia') => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/unidade-informacao/sugestao-aquisicao',
      headers,
      payload: {
        campus: library.campus_id,
        biblioteca: library.id,
        titulo,
        editor: 'Record',
        autor: 'Graciliano Ramos',
      },
    });
    expect(sent.statusCode).toBe(201);
    return SuggestionReceiptSchema.parse(sent.json()).codigo;
  };
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
  const auditOf = async (kind: string, id: number) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        `SELECT actor_login, action, before, after FROM staff_action
          WHERE target_kind = $1 AND target_id = $2 ORDER BY id`,
        [kind, String(id)],
      )
    ).rows;
  const alertsOf = async (headers: Headers) => {
    const response = await call(
      headers,
      'GET',
      '/solicitacoes/alertas?dataIni=2031-01-01&dataFim=2031-12-31',
    );
    expect(response.statusCode).toBe(200);
    return AlertsSchema.parse(response.json());
  };

  it('refuses every acquisition call to visitors (401), patrons and staff without the role (403)', async () => {
    const patron = await suggester();
    const id = await suggest(patron.headers);
    const calls: [method: 'GET' | 'POST' | 'PUT', path: string, payload?: object][] = [
      ['GET', STAFF_PATHS.acquisitionSuggestions],
      ['GET', STAFF_PATHS.acquisitionSuggestion(id)],
      ['POST', STAFF_PATHS.acquisitionSuggestionStatus(id), { situacao: 'sugestao-compra' }],
      ['PUT', STAFF_PATHS.acquisitionSuggestionQuote(id), { data_cotacao: '2031-04-02' }],
      ['GET', STAFF_PATHS.acquisitionOrders],
      ['POST', STAFF_PATHS.acquisitionOrders, { sugestoes: [id] }],
      ['POST', STAFF_PATHS.acquisitionOrderStatus(1), { situacao: 'enviado' }],
      ['POST', STAFF_PATHS.acquisitionOrderReceipt(1), { itens: [{ sugestao: id, quantidade: 1 }] }],
    ];
    const visitor = bearer(await publicToken(ctx.app));
    const callers: [who: string, headers: Headers, status: number][] = [
      ['no token', {}, 401],
      ['visitor', visitor, 401],
      ['patron', patron.headers, 403],
      ['circulation', await as('equipe.circulacao'), 403],
      ['reference', await as('equipe.referencia'), 403],
      ['cataloguing', await as('equipe.catalogacao'), 403],
    ];
    for (const [method, path, payload] of calls)
      for (const [who, headers, status] of callers)
        expect((await call(headers, method, path, payload)).statusCode, `${who} ${method} ${path}`).toBe(
          status,
        );
    // Nothing moved, nothing was logged.
    expect(
      StaffSuggestionSchema.parse(
        (await call(await as('equipe.admin'), 'GET', STAFF_PATHS.acquisitionSuggestion(id))).json(),
      ).situacao,
    ).toBe('pre-sugestao');
    expect(
      (
        await ctx.db.query(
          "SELECT 1 FROM staff_action WHERE action LIKE 'suggestion.%' OR action LIKE 'order.%'",
        )
      ).rows,
    ).toEqual([]);
  });

  it('lists the inbox by status, newest or oldest first, with the count in each status', async () => {
    const patron = await suggester();
    const first = await suggest(patron.headers, 'Caetés');
    clock.advance(60);
    const second = await suggest(patron.headers, 'São Bernardo');
    const librarian = await as('equipe.aquisicao');
    const inbox = (query: string) =>
      call(librarian, 'GET', `${STAFF_PATHS.acquisitionSuggestions}${query}`).then((r) => {
        expect(r.statusCode).toBe(200);
        return StaffSuggestionInboxSchema.parse(r.json());
      });
    const before = await inbox('');
    const waiting = before.contagens.find((c) => c.situacao === 'pre-sugestao')!.quantidade;
    expect(before.contagens).toHaveLength(14);
    expect(before.data.slice(0, 2).map((s) => s.codigo)).toEqual([second, first]);
    expect(before.data[0]).toMatchObject({
      titulo: 'São Bernardo',
      login: patron.login,
      situacao: 'pre-sugestao',
    });
    const oldest = await inbox('?ordem=antigas&situacao=pre-sugestao');
    expect(oldest.total).toBe(waiting);
    const mine = oldest.data.filter((s) => s.login === patron.login).map((s) => s.codigo);
    expect(mine).toEqual([first, second]);

    const moved = await call(librarian, 'POST', STAFF_PATHS.acquisitionSuggestionStatus(first), {
      situacao: 'sugestao-compra',
    });
    expect(moved.statusCode).toBe(200);
    const after = await inbox('?situacao=sugestao-compra');
    expect(after.data.map((s) => s.codigo)).toContain(first);
    expect(after.data.map((s) => s.codigo)).not.toContain(second);
    expect(after.contagens.find((c) => c.situacao === 'pre-sugestao')!.quantidade).toBe(waiting - 1);
    expect(after.contagens.find((c) => c.situacao === 'sugestao-compra')!.quantidade).toBe(
      before.contagens.find((c) => c.situacao === 'sugestao-compra')!.quantidade + 1,
    );
  });

  it('pages the inbox by fifty, the total counting every match', async () => {
    const patron = await suggester();
    await ctx.db.query(
      `INSERT INTO purchase_suggestion (patron_id, campus_id, library_id, title, publisher, status, created_at)
       SELECT $1, $2, $3, 'Título ' || n, 'Editora', 'negociacao', $4::timestamptz + n * interval '1 minute'
         FROM generate_series(1, 51) AS n`,
      [patron.id, library.campus_id, library.id, '2031-04-01T00:00:00Z'],
    );
    const librarian = await as('equipe.aquisicao');
    const page = async (n: number) =>
      StaffSuggestionInboxSchema.parse(
        (
          await call(
            librarian,
            'GET',
            `${STAFF_PATHS.acquisitionSuggestions}?situacao=negociacao&pagina=${n}`,
          )
        ).json(),
      );
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect([first.total, second.total, past.total]).toEqual([51, 51, 51]);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.titulo).toBe('Título 51');
    expect(second.data.map((s) => s.titulo)).toEqual(['Título 1']);
    expect(past.data).toEqual([]);
  });

  it('takes a suggestion from sent to attended: quote, order, receipt — the suggester told at each step, each change logged', async () => {
    const patron = await suggester('leitor.sugere@example.org');
    const id = await suggest(patron.headers);
    const librarian = await as('equipe.aquisicao');
    const step = async (method: 'POST' | 'PUT', path: string, payload: object, status = 200) => {
      clock.advance(3600);
      const response = await call(librarian, method, path, payload);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
      return response.json() as unknown;
    };

    const accepted = StaffSuggestionSchema.parse(
      await step('POST', STAFF_PATHS.acquisitionSuggestionStatus(id), {
        situacao: 'sugestao-compra',
        observacao: '  Aprovada pela comissão  ',
      }),
    );
    expect(accepted).toMatchObject({ situacao: 'sugestao-compra', login: patron.login });
    expect(accepted.transicoes).toContain('em-cotacao');
    expect(accepted.historico.map((h) => [h.situacao, h.responsavel, h.observacao])).toEqual([
      ['pre-sugestao', null, null],
      ['sugestao-compra', 'equipe.aquisicao', 'Aprovada pela comissão'],
    ]);

    const quoted = StaffSuggestionSchema.parse(
      await step('PUT', STAFF_PATHS.acquisitionSuggestionQuote(id), {
        data_cotacao: '2031-04-02',
        quantidade_itens: 2,
        previsao_entrega: '2031-05-02',
        valor: 89.9,
        fornecedor: 'Livraria Leitura',
      }),
    );
    expect(quoted).toMatchObject({
      situacao: 'em-cotacao',
      data_cotacao: '2031-04-02',
      quantidade_itens: 2,
      previsao_entrega: '2031-05-02',
      valor_cotacao: 89.9,
      fornecedor_cotacao: 'Livraria Leitura',
    });
    await step('POST', STAFF_PATHS.acquisitionSuggestionStatus(id), { situacao: 'aguardando-entrega' });

    const opened = StaffPurchaseOrderSchema.parse(
      await step(
        'POST',
        STAFF_PATHS.acquisitionOrders,
        { fornecedor: 'Livraria Leitura', sugestoes: [id, id] },
        201,
      ),
    );
    expect(opened).toMatchObject({
      situacao: 'aberto',
      fornecedor: 'Livraria Leitura',
      transicoes: ['enviado', 'cancelado'],
    });
    expect(opened.sugestoes).toEqual([
      {
        codigo: id,
        titulo: 'Angústia',
        situacao: 'aguardando-entrega',
        quantidade_itens: 2,
        total_entregue: 0,
      },
    ]);
    const order = opened.codigo;
    // An open order has not been sent: nothing can arrive yet.
    const early = await call(librarian, 'POST', STAFF_PATHS.acquisitionOrderReceipt(order), {
      itens: [{ sugestao: id, quantidade: 1 }],
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: 'ORDER_NOT_SENT',
      message: 'staff.acquisitions.errors.orderNotSent',
    });
    await step('POST', STAFF_PATHS.acquisitionOrderStatus(order), { situacao: 'enviado' });

    const half = StaffPurchaseOrderSchema.parse(
      await step('POST', STAFF_PATHS.acquisitionOrderReceipt(order), {
        itens: [{ sugestao: id, quantidade: 1 }],
      }),
    );
    expect(half.situacao).toBe('parcialmente-recebido');
    expect(half.sugestoes[0]).toMatchObject({ situacao: 'parcialmente-atendida', total_entregue: 1 });
    const full = StaffPurchaseOrderSchema.parse(
      await step('POST', STAFF_PATHS.acquisitionOrderReceipt(order), {
        itens: [{ sugestao: id, quantidade: 1 }],
      }),
    );
    expect(full).toMatchObject({ situacao: 'recebido', transicoes: [] });
    expect(full.sugestoes[0]).toMatchObject({ situacao: 'atendida', total_entregue: 2 });
    const orders = StaffPurchaseOrdersSchema.parse(
      (await call(librarian, 'GET', STAFF_PATHS.acquisitionOrders)).json(),
    );
    expect(orders.find((o) => o.codigo === order)?.situacao).toBe('recebido');

    // The suggester reads every step, newest first, and its history in the personal area.
    const alerts = (await alertsOf(patron.headers)).filter((a) => a.tipo === 'suggestionStatus');
    expect(alerts.map((a) => a.texto)).toEqual(
      ['Atendida', 'Parcialmente atendida', 'Aguardando entrega', 'Em cotação', 'Sugestão de compra'].map(
        (status) => `Sua sugestão de aquisição "Angústia" mudou de situação: ${status}.`,
      ),
    );
    const [own] = OwnSuggestionsSchema.parse(
      (await call(patron.headers, 'GET', '/aquisicao/sugestoes')).json(),
    );
    expect(own!.historico.map((h) => h.situacao)).toEqual([
      'pre-sugestao',
      'sugestao-compra',
      'em-cotacao',
      'aguardando-entrega',
      'parcialmente-atendida',
      'atendida',
    ]);
    await settle();
    expect(
      mail.smtp.messages.filter((m) => m.envelope.to.includes('leitor.sugere@example.org')),
    ).toHaveLength(5);

    // The audit log: who did each change, with the thing before and after.
    const suggestionLog = await auditOf('suggestion', id);
    expect(suggestionLog.map((e) => [e.actor_login, e.action])).toEqual([
      ['equipe.aquisicao', 'suggestion.move'],
      ['equipe.aquisicao', 'suggestion.quote'],
      ['equipe.aquisicao', 'suggestion.move'],
    ]);
    expect(suggestionLog[0]).toMatchObject({
      before: { situacao: 'pre-sugestao' },
      after: { situacao: 'sugestao-compra', observacao: 'Aprovada pela comissão' },
    });
    expect(suggestionLog[1]).toMatchObject({
      before: { situacao: 'sugestao-compra', valor_cotacao: null, fornecedor_cotacao: null },
      after: {
        situacao: 'em-cotacao',
        valor_cotacao: 89.9,
        fornecedor_cotacao: 'Livraria Leitura',
        quantidade_itens: 2,
      },
    });
    const orderLog = await auditOf('purchaseOrder', order);
    expect(orderLog.map((e) => e.action)).toEqual([
      'order.create',
      'order.move',
      'order.receive',
      'order.receive',
    ]);
    expect(orderLog[3]).toMatchObject({
      before: {
        situacao: 'parcialmente-recebido',
        sugestoes: [{ codigo: id, situacao: 'parcialmente-atendida', total_entregue: 1 }],
      },
      after: { situacao: 'recebido', sugestoes: [{ codigo: id, situacao: 'atendida', total_entregue: 2 }] },
    });
  });

  it('refuses the moves a librarian would not make, changing and logging nothing', async () => {
    const patron = await suggester();
    const id = await suggest(patron.headers);
    const other = await suggest(patron.headers, 'Infância');
    const librarian = await as('equipe.admin');
    const expectRefusal = async (
      method: 'POST' | 'PUT',
      path: string,
      payload: object,
      status: number,
      code?: string,
    ) => {
      const response = await call(librarian, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(status);
      if (code)
        expect(response.json()).toMatchObject({
          code,
          message: expect.stringMatching(/^staff\.acquisitions\.errors\./),
        });
    };
    // SPEC §4 through SUGGESTION_TRANSITIONS: a pre-suggestion is not attended at once.
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionSuggestionStatus(id),
      { situacao: 'atendida' },
      422,
      'SUGGESTION_TRANSITION',
    );
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionSuggestionStatus(999_999),
      { situacao: 'cancelada' },
      404,
    );
    await expectRefusal(
      'PUT',
      STAFF_PATHS.acquisitionSuggestionQuote(999_999),
      { data_cotacao: '2031-04-02' },
      404,
    );
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionOrders,
      { sugestoes: [id, 999_999] },
      422,
      'ORDER_UNKNOWN_SUGGESTION',
    );
    await expectRefusal('POST', STAFF_PATHS.acquisitionOrderStatus(999_999), { situacao: 'enviado' }, 404);

    // An order whose suggestion is not yet awaiting delivery receives nothing; a suggestion of
    // another order is not received through this one; an open order does not jump to received.
    const order = StaffPurchaseOrderSchema.parse(
      (await call(librarian, 'POST', STAFF_PATHS.acquisitionOrders, { sugestoes: [id] })).json(),
    ).codigo;
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionOrderStatus(order),
      { situacao: 'recebido' },
      422,
      'ORDER_TRANSITION',
    );
    expect(
      (await call(librarian, 'POST', STAFF_PATHS.acquisitionOrderStatus(order), { situacao: 'enviado' }))
        .statusCode,
    ).toBe(200);
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionOrderReceipt(order),
      { itens: [{ sugestao: id, quantidade: 1 }] },
      422,
      'RECEIPT_NOT_AWAITING',
    );
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionOrderReceipt(order),
      { itens: [{ sugestao: other, quantidade: 1 }] },
      422,
      'RECEIPT_NOT_IN_ORDER',
    );

    // A closed suggestion moves no more and takes no quote.
    expect(
      (
        await call(librarian, 'POST', STAFF_PATHS.acquisitionSuggestionStatus(other), {
          situacao: 'duplicada',
        })
      ).statusCode,
    ).toBe(200);
    await expectRefusal(
      'POST',
      STAFF_PATHS.acquisitionSuggestionStatus(other),
      { situacao: 'sugestao-compra' },
      422,
      'SUGGESTION_CLOSED',
    );
    await expectRefusal(
      'PUT',
      STAFF_PATHS.acquisitionSuggestionQuote(other),
      { data_cotacao: '2031-04-02', valor: 10 },
      422,
      'SUGGESTION_CLOSED',
    );
    // Bad input never reaches the service.
    await expectRefusal(
      'PUT',
      STAFF_PATHS.acquisitionSuggestionQuote(id),
      { data_cotacao: '2031-02-30' },
      400,
    );
    await expectRefusal(
      'PUT',
      STAFF_PATHS.acquisitionSuggestionQuote(id),
      { data_cotacao: '2031-04-02', valor: 1.234 },
      400,
    );

    const detail = StaffSuggestionSchema.parse(
      (await call(librarian, 'GET', STAFF_PATHS.acquisitionSuggestion(id))).json(),
    );
    expect(detail).toMatchObject({
      situacao: 'pre-sugestao',
      valor_cotacao: null,
      pedidos: [{ codigo: order, situacao: 'enviado' }],
    });
    const closed = StaffSuggestionSchema.parse(
      (await call(librarian, 'GET', STAFF_PATHS.acquisitionSuggestion(other))).json(),
    );
    expect(closed).toMatchObject({ situacao: 'duplicada', transicoes: [], data_cotacao: null });
    expect(await auditOf('suggestion', id)).toEqual([]);
    expect((await auditOf('suggestion', other)).map((e) => [e.actor_login, e.action])).toEqual([
      ['equipe.admin', 'suggestion.move'],
    ]);
    expect((await auditOf('purchaseOrder', order)).map((e) => e.action)).toEqual([
      'order.create',
      'order.move',
    ]);
    expect((await alertsOf(patron.headers)).map((a) => a.texto)).toEqual([
      'Sua sugestão de aquisição "Infância" mudou de situação: Duplicada.',
    ]);
  });
});
