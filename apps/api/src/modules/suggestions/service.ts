import {
  canMoveSuggestion,
  PURCHASE_ORDER_TRANSITIONS,
  SUGGESTION_STATUSES,
  SUGGESTION_TRANSITIONS,
  SUGGESTION_WATCHED_STATUSES,
  suggestionStatusKey,
  type OwnSuggestion,
  type PurchaseOrder,
  type PurchaseOrderState,
  type SuggestionsQuery,
  type SuggestionStatus,
  type SuggestionStatusOption,
  SUGGESTION_INBOX_PAGE_SIZE,
  type StaffPurchaseOrder,
  type StaffSuggestion,
  type StaffSuggestionInbox,
  type StaffSuggestionsQuery,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { Mailer, MailMessage } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { recordAlert } from '../alerts/index.ts';
import { translate } from '../circulation/mail-texts.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import { SUGGESTION_ERRORS, SuggestionCommandRefusal } from './errors.ts';
import {
  countByStatus,
  existingSuggestions,
  findForStaff,
  findTitle,
  listInbox,
  listStaffEvents,
  listStaffOrders,
  ordersOf,
  insertEvent,
  insertOrder,
  listEvents,
  listOrders,
  listOwn,
  lockAnsweredSuggestions,
  lockOrder,
  lockSuggestion,
  markCatalogued,
  orderSuggestionIds,
  updateDelivered,
  updateOrderStatus,
  updateQuote,
  updateStatus,
  type LockedSuggestion,
  type OrderRow,
  type StaffOrderRow,
  type SuggestionEventRow,
  type SuggestionRow,
} from './repository.ts';

/** Where the suggester's alert e-mails go (none: the alert only) and who hears of a failed send. */
export interface TellOptions {
  mailer?: Mailer | undefined;
  /** Told when an e-mail could not be sent (the change and the alert stand). */
  onMailError?: (error: unknown) => void;
  /** Who makes the change, for the staff audit log (decision 0056); none: nothing is logged. */
  auditAs?: StaffActor | undefined;
}

/** What the audit log keeps of a suggestion: its status, copies, and quote. */
function auditedSuggestion(s: LockedSuggestion) {
  return {
    situacao: s.status,
    quantidade_itens: s.item_count,
    total_entregue: s.total_delivered,
    data_cotacao: s.quoted_on,
    previsao_entrega: s.expected_on,
    obra_estrangeira: s.is_foreign,
    valor_cotacao: s.quote_price,
    fornecedor_cotacao: s.quote_vendor,
  };
}

/** Sends the alert e-mails once the change is committed; a failed send does not undo it. */
async function sendAll(mails: (MailMessage | null)[], options: TellOptions): Promise<void> {
  if (!options.mailer) return;
  for (const mail of mails) {
    if (mail) await options.mailer.send(mail).catch((error: unknown) => options.onMailError?.(error));
  }
}

/** GET /aquisicao/sugestoes/situacao: SPEC §4's statuses, labelled in the request's language. */
export function statusOptions(language: ServerLanguage): SuggestionStatusOption[] {
  return SUGGESTION_STATUSES.map((codigo) => ({
    codigo,
    descricao: translate(suggestionStatusKey(codigo), language),
  }));
}

function presentSuggestion(row: SuggestionRow, events: SuggestionEventRow[]): OwnSuggestion {
  return {
    codigo: row.id,
    titulo: row.title,
    autor: row.author,
    edicao: row.edition,
    editor: row.publisher,
    isbn_issn: row.isbn_issn,
    periodico: row.is_periodical,
    outras_inf: row.other_info,
    biblioteca: row.library,
    situacao: row.status,
    quantidade_itens: row.item_count,
    data_cotacao: row.quoted_on,
    data_criacao: new Date(row.created_at).toISOString(),
    solicitante: row.patron_name,
    total_entregue: row.total_delivered,
    previsao_entrega: row.expected_on,
    obra_estrangeira: row.is_foreign,
    acervo: row.catalogued_title_id,
    historico: events.map((event) => ({
      situacao: event.status,
      data: new Date(event.at).toISOString(),
      observacao: event.note,
      acervo: event.title_id,
    })),
  };
}

/**
 * GET /aquisicao/sugestoes: the patron's own suggestions (never another's), created between the two
 * library days when given (422 when the first is after the last), in one status when given.
 */
export async function ownSuggestions(
  db: Db,
  patronId: number,
  query: SuggestionsQuery,
  timeZone: string,
): Promise<OwnSuggestion[]> {
  if (query.dataIni && query.dataFim && query.dataIni > query.dataFim) throw SUGGESTION_ERRORS.dateRange();
  const rows = await listOwn(db, patronId, {
    from: query.dataIni ?? null,
    to: query.dataFim ?? null,
    status: query.situacao ?? null,
    timeZone,
  });
  const events = await listEvents(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    presentSuggestion(
      row,
      events.filter((event) => event.suggestion_id === row.id),
    ),
  );
}

function presentOrder(row: OrderRow): PurchaseOrder {
  return {
    codigo: row.id,
    fornecedor: row.supplier,
    situacao: row.status,
    data_criacao: new Date(row.created_at).toISOString(),
    data_atualizacao: new Date(row.updated_at).toISOString(),
    sugestoes: row.suggestions.map((s) => ({ codigo: Number(s.id), titulo: s.title, situacao: s.status })),
  };
}

/** GET /aquisicao/pedidos-compra: the orders holding the patron's suggestions, with only those suggestions. */
export async function ownOrders(db: Db, patronId: number): Promise<PurchaseOrder[]> {
  return (await listOrders(db, patronId)).map(presentOrder);
}

/** Every purchase order with all its suggestions (the librarian's command). */
export async function allOrders(db: Db): Promise<PurchaseOrder[]> {
  return (await listOrders(db, null)).map(presentOrder);
}

/** A suggestion that moved, as the command reports it. */
export interface MovedSuggestion {
  id: number;
  title: string;
  from: SuggestionStatus;
  to: SuggestionStatus;
}

/** Moves a locked suggestion to a status: the row, its history and the suggester's alert (answers its e-mail). */
async function move(
  tx: Queryable,
  suggestion: { id: number; patron_id: number; title: string; status: SuggestionStatus },
  change: { to: SuggestionStatus; note: string | null; by: string; delivered: number | null; at: Date },
): Promise<MailMessage | null> {
  if (!canMoveSuggestion(suggestion.status, change.to)) {
    const allowed = SUGGESTION_TRANSITIONS[suggestion.status];
    throw new SuggestionCommandRefusal(
      `suggestion ${suggestion.id} is ${suggestion.status}; ` +
        (allowed.length ? `it can move to ${allowed.join(', ')}` : 'it is closed and moves no more'),
      allowed.length ? 'TRANSITION' : 'CLOSED',
    );
  }
  await updateStatus(tx, suggestion.id, change.to, change.delivered);
  await insertEvent(tx, {
    suggestionId: suggestion.id,
    status: change.to,
    note: change.note,
    staff: change.by,
    titleId: null,
    at: change.at,
  });
  const recorded = await recordAlert(tx, {
    patronId: suggestion.patron_id,
    kind: 'suggestionStatus',
    params: { title: suggestion.title, suggestionId: suggestion.id, status: change.to },
    at: change.at,
  });
  return recorded?.mail ?? null;
}

/**
 * A librarian moves a suggestion to a status SUGGESTION_TRANSITIONS allows from its own (with a
 * note, and the copies delivered so far); its suggester gets an alert naming the status in their
 * language, and an e-mail when they receive e-mails.
 */
export async function moveSuggestion(
  db: Db,
  clock: Clock,
  input: { id: number; status: SuggestionStatus; note: string | null; by: string; delivered: number | null },
  options: TellOptions = {},
): Promise<MovedSuggestion> {
  const at = clock.now();
  const { moved, mail } = await db.transaction(async (tx) => {
    const suggestion = await lockSuggestion(tx, input.id);
    if (!suggestion) throw new SuggestionCommandRefusal(`there is no suggestion ${input.id}`, 'NOT_FOUND');
    const mail = await move(tx, suggestion, {
      to: input.status,
      note: input.note,
      by: input.by,
      delivered: input.delivered,
      at,
    });
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'suggestion.move',
        target: { kind: 'suggestion', id: suggestion.id },
        before: { situacao: suggestion.status, total_entregue: suggestion.total_delivered },
        after: {
          situacao: input.status,
          total_entregue: input.delivered ?? suggestion.total_delivered,
          observacao: input.note,
        },
        at,
      });
    return {
      moved: { id: suggestion.id, title: suggestion.title, from: suggestion.status, to: input.status },
      mail,
    };
  });
  await sendAll([mail], options);
  return moved;
}

/**
 * A librarian records a suggestion's quote (its day, the copies to buy, the expected delivery,
 * whether the work is foreign). A suggestion not yet quoted moves to "in quote" (with its alert);
 * one further along keeps its status. Answers the status it has now.
 */
export async function quoteSuggestion(
  db: Db,
  clock: Clock,
  input: {
    id: number;
    quotedOn: string;
    items: number | null;
    expectedOn: string | null;
    isForeign: boolean | null;
    /** The unit price quoted and the vendor (the staff workspace's; absent: kept). */
    price?: number | null | undefined;
    vendor?: string | null | undefined;
    by: string;
  },
  options: TellOptions = {},
): Promise<{ id: number; title: string; status: SuggestionStatus }> {
  const at = clock.now();
  const { result, mail } = await db.transaction(async (tx) => {
    const suggestion = await lockSuggestion(tx, input.id);
    if (!suggestion) throw new SuggestionCommandRefusal(`there is no suggestion ${input.id}`, 'NOT_FOUND');
    if (SUGGESTION_TRANSITIONS[suggestion.status].length === 0)
      throw new SuggestionCommandRefusal(
        `suggestion ${input.id} is ${suggestion.status}: it is closed`,
        'CLOSED',
      );
    await updateQuote(tx, input.id, input);
    const quoting = canMoveSuggestion(suggestion.status, 'em-cotacao');
    const mail = quoting
      ? await move(tx, suggestion, { to: 'em-cotacao', note: null, by: input.by, delivered: null, at })
      : null;
    if (options.auditAs) {
      const after = (await lockSuggestion(tx, input.id))!;
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'suggestion.quote',
        target: { kind: 'suggestion', id: suggestion.id },
        before: auditedSuggestion(suggestion),
        after: auditedSuggestion(after),
        at,
      });
    }
    return {
      result: {
        id: suggestion.id,
        title: suggestion.title,
        status: quoting ? 'em-cotacao' : suggestion.status,
      },
      mail,
    };
  });
  await sendAll([mail], options);
  return result as { id: number; title: string; status: SuggestionStatus };
}

/** Records a locked suggestion's title as catalogued and tells its suggester (answers the e-mail). */
async function catalogued(
  tx: Queryable,
  suggestion: { id: number; patron_id: number; title: string; status: SuggestionStatus },
  title: { id: number; title: string },
  by: string | null,
  at: Date,
): Promise<MailMessage | null> {
  await markCatalogued(tx, suggestion.id, title.id, at);
  await insertEvent(tx, {
    suggestionId: suggestion.id,
    status: suggestion.status,
    note: null,
    staff: by,
    titleId: title.id,
    at,
  });
  const recorded = await recordAlert(tx, {
    patronId: suggestion.patron_id,
    kind: 'suggestionCatalogued',
    params: { title: title.title, suggestionId: suggestion.id, titleId: title.id },
    at,
    onceKey: `suggestionCatalogued:${suggestion.id}`,
  });
  return recorded?.mail ?? null;
}

/** A librarian says which catalogued title a suggestion became; its suggester is told (alert, e-mail). */
export async function catalogueSuggestion(
  db: Db,
  clock: Clock,
  input: { id: number; titleId: number; by: string },
  options: TellOptions = {},
): Promise<{ id: number; titleId: number; title: string }> {
  const at = clock.now();
  const { title, mail } = await db.transaction(async (tx) => {
    const suggestion = await lockSuggestion(tx, input.id);
    if (!suggestion) throw new SuggestionCommandRefusal(`there is no suggestion ${input.id}`);
    if (suggestion.catalogued_title_id !== null)
      throw new SuggestionCommandRefusal(
        `suggestion ${input.id} was already catalogued as title ${suggestion.catalogued_title_id}`,
      );
    const title = await findTitle(tx, input.titleId);
    if (!title) throw new SuggestionCommandRefusal(`there is no title ${input.titleId}`);
    return { title, mail: await catalogued(tx, suggestion, title, input.by, at) };
  });
  await sendAll([mail], options);
  return { id: input.id, titleId: title.id, title: title.title };
}

/**
 * After an import wrote these titles: the suggestions still waiting whose ISBN/ISSN one of them
 * carries are marked catalogued and their suggesters told. One indexed query when none match.
 * Answers how many suggesters were told.
 */
export async function tellCataloguedSuggestions(
  db: Db,
  clock: Clock,
  titleIds: number[],
  options: TellOptions = {},
): Promise<number> {
  if (titleIds.length === 0) return 0;
  const at = clock.now();
  const mails = await db.transaction(async (tx) => {
    const answered = await lockAnsweredSuggestions(tx, titleIds, SUGGESTION_WATCHED_STATUSES);
    const out: (MailMessage | null)[] = [];
    for (const row of answered) {
      const suggestion = await lockSuggestion(tx, row.id);
      if (!suggestion) continue;
      out.push(await catalogued(tx, suggestion, { id: row.title_id, title: row.catalogued_title }, null, at));
    }
    return out;
  });
  await sendAll(mails, options);
  return mails.length;
}

/** A librarian groups suggestions in a new purchase order (state "open"); answers its id. */
export async function createOrder(
  db: Db,
  clock: Clock,
  input: { supplier: string | null; suggestionIds: number[] },
  options: Pick<TellOptions, 'auditAs'> = {},
): Promise<number> {
  const ids = [...new Set(input.suggestionIds)];
  if (ids.length === 0) throw new SuggestionCommandRefusal('an order needs at least one suggestion');
  const at = clock.now();
  return db.transaction(async (tx) => {
    const found = new Set(await existingSuggestions(tx, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw new SuggestionCommandRefusal(
        `there is no suggestion ${missing.join(', ')}`,
        'UNKNOWN_SUGGESTION',
      );
    const id = await insertOrder(tx, { supplier: input.supplier, suggestionIds: ids, at });
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'order.create',
        target: { kind: 'purchaseOrder', id },
        before: null,
        after: { situacao: 'aberto', fornecedor: input.supplier, sugestoes: ids },
        at,
      });
    return id;
  });
}

/** A librarian moves a purchase order to a state PURCHASE_ORDER_TRANSITIONS allows. */
export async function moveOrder(
  db: Db,
  clock: Clock,
  input: { id: number; status: PurchaseOrderState },
  options: Pick<TellOptions, 'auditAs'> = {},
): Promise<{ id: number; from: PurchaseOrderState; to: PurchaseOrderState }> {
  const at = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (!order) throw new SuggestionCommandRefusal(`there is no purchase order ${input.id}`, 'NOT_FOUND');
    const allowed = PURCHASE_ORDER_TRANSITIONS[order.status];
    if (!allowed.includes(input.status))
      throw new SuggestionCommandRefusal(
        `purchase order ${input.id} is ${order.status}; ` +
          (allowed.length ? `it can move to ${allowed.join(', ')}` : 'it is closed and moves no more'),
        'ORDER_TRANSITION',
      );
    await updateOrderStatus(tx, input.id, input.status, at);
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'order.move',
        target: { kind: 'purchaseOrder', id: input.id },
        before: { situacao: order.status },
        after: { situacao: input.status },
        at,
      });
    return { id: input.id, from: order.status, to: input.status };
  });
}

/**
 * Copies of a sent purchase order arrived: each suggestion named gets them added to its delivered
 * count and, awaiting delivery or partially attended, moves to attended once it has the copies its
 * quote counted (one when it counted none), to partially attended before that — its suggester told
 * each time. The order is then received when every suggestion in it is closed, partially received
 * otherwise. All in one transaction, with one audit entry; the e-mails go after it.
 */
export async function receiveOrder(
  db: Db,
  clock: Clock,
  input: { id: number; items: { suggestionId: number; copies: number }[]; by: string },
  options: TellOptions = {},
): Promise<{ id: number; status: PurchaseOrderState }> {
  const at = clock.now();
  const { result, mails } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (!order) throw new SuggestionCommandRefusal(`there is no purchase order ${input.id}`, 'NOT_FOUND');
    if (order.status !== 'enviado' && order.status !== 'parcialmente-recebido')
      throw new SuggestionCommandRefusal(
        `purchase order ${input.id} is ${order.status}; only a sent order receives copies`,
        'ORDER_NOT_SENT',
      );
    const inOrder = await orderSuggestionIds(tx, input.id);
    const copies = new Map<number, number>();
    for (const item of input.items) {
      if (!inOrder.includes(item.suggestionId))
        throw new SuggestionCommandRefusal(
          `suggestion ${item.suggestionId} is not in purchase order ${input.id}`,
          'NOT_IN_ORDER',
        );
      copies.set(item.suggestionId, (copies.get(item.suggestionId) ?? 0) + item.copies);
    }
    const mails: (MailMessage | null)[] = [];
    const before: { codigo: number; situacao: SuggestionStatus; total_entregue: number }[] = [];
    const after: { codigo: number; situacao: SuggestionStatus; total_entregue: number }[] = [];
    for (const [suggestionId, arrived] of [...copies].sort(([a], [b]) => a - b)) {
      const suggestion = (await lockSuggestion(tx, suggestionId))!;
      if (suggestion.status !== 'aguardando-entrega' && suggestion.status !== 'parcialmente-atendida')
        throw new SuggestionCommandRefusal(
          `suggestion ${suggestionId} is ${suggestion.status}; only one awaiting delivery receives copies`,
          'NOT_AWAITING',
        );
      const delivered = suggestion.total_delivered + arrived;
      const next: SuggestionStatus =
        delivered >= (suggestion.item_count ?? 1) ? 'atendida' : 'parcialmente-atendida';
      if (next === suggestion.status) await updateDelivered(tx, suggestionId, delivered);
      else mails.push(await move(tx, suggestion, { to: next, note: null, by: input.by, delivered, at }));
      before.push({
        codigo: suggestionId,
        situacao: suggestion.status,
        total_entregue: suggestion.total_delivered,
      });
      after.push({ codigo: suggestionId, situacao: next, total_entregue: delivered });
    }
    const statuses = await Promise.all(inOrder.map(async (id) => (await lockSuggestion(tx, id))!.status));
    const status: PurchaseOrderState = statuses.every((s) => SUGGESTION_TRANSITIONS[s].length === 0)
      ? 'recebido'
      : 'parcialmente-recebido';
    await updateOrderStatus(tx, input.id, status, at);
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'order.receive',
        target: { kind: 'purchaseOrder', id: input.id },
        before: { situacao: order.status, sugestoes: before },
        after: { situacao: status, sugestoes: after },
        at,
      });
    return { result: { id: input.id, status }, mails };
  });
  await sendAll(mails, options);
  return result;
}

/** The staff inbox (decision 0059): a page of every patron's suggestions, and the count in each status. */
export async function suggestionInbox(db: Db, query: StaffSuggestionsQuery): Promise<StaffSuggestionInbox> {
  const [page, counts] = await Promise.all([
    listInbox(db, {
      status: query.situacao ?? null,
      newestFirst: query.ordem === 'recentes',
      limit: SUGGESTION_INBOX_PAGE_SIZE,
      offset: (query.pagina - 1) * SUGGESTION_INBOX_PAGE_SIZE,
    }),
    countByStatus(db),
  ]);
  return {
    data: page.rows.map((row) => ({
      codigo: row.id,
      titulo: row.title,
      autor: row.author,
      editor: row.publisher,
      isbn_issn: row.isbn_issn,
      biblioteca: row.library,
      situacao: row.status,
      solicitante: row.patron_name,
      login: row.patron_login,
      data_criacao: new Date(row.created_at).toISOString(),
    })),
    total: page.total,
    contagens: SUGGESTION_STATUSES.map((situacao) => ({ situacao, quantidade: counts.get(situacao) ?? 0 })),
  };
}

/** One suggestion as staff see it: its fields, quote, history with who moved it, orders and next statuses. */
export async function staffSuggestion(db: Db, id: number): Promise<StaffSuggestion> {
  const row = await findForStaff(db, id);
  if (!row) throw new SuggestionCommandRefusal(`there is no suggestion ${id}`, 'NOT_FOUND');
  const [events, orders] = await Promise.all([listStaffEvents(db, id), ordersOf(db, id)]);
  const own = presentSuggestion(row, events);
  return {
    ...own,
    login: row.patron_login,
    valor_cotacao: row.quote_price,
    fornecedor_cotacao: row.quote_vendor,
    historico: own.historico.map((step, index) => ({ ...step, responsavel: events[index]!.staff })),
    transicoes: [...SUGGESTION_TRANSITIONS[row.status]],
    pedidos: orders.map((order) => ({
      codigo: order.id,
      situacao: order.status,
      fornecedor: order.supplier,
    })),
  };
}

function presentStaffOrder(row: StaffOrderRow): StaffPurchaseOrder {
  return {
    codigo: row.id,
    fornecedor: row.supplier,
    situacao: row.status,
    data_criacao: new Date(row.created_at).toISOString(),
    data_atualizacao: new Date(row.updated_at).toISOString(),
    transicoes: [...PURCHASE_ORDER_TRANSITIONS[row.status]],
    sugestoes: row.suggestions.map((s) => ({
      codigo: Number(s.id),
      titulo: s.title,
      situacao: s.status,
      quantidade_itens: s.item_count,
      total_entregue: s.total_delivered,
    })),
  };
}

/** Every purchase order, newest first, with all its suggestions and the states it may go to. */
export async function staffOrders(db: Db): Promise<StaffPurchaseOrder[]> {
  return (await listStaffOrders(db)).map(presentStaffOrder);
}

/** One purchase order as staff see it. */
export async function staffOrder(db: Db, id: number): Promise<StaffPurchaseOrder> {
  const row = (await listStaffOrders(db, id))[0];
  if (!row) throw new SuggestionCommandRefusal(`there is no purchase order ${id}`, 'NOT_FOUND');
  return presentStaffOrder(row);
}
