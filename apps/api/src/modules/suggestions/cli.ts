import { parseArgs } from 'node:util';
import {
  isCalendarDay,
  PURCHASE_ORDER_STATES,
  SUGGESTION_STATUSES,
  type PurchaseOrderState,
  type SuggestionStatus,
} from '@estante/contract';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { SuggestionCommandRefusal } from './errors.ts';
import { listForStaff } from './repository.ts';
import {
  allOrders,
  catalogueSuggestion,
  createOrder,
  moveOrder,
  moveSuggestion,
  quoteSuggestion,
} from './service.ts';

/** Usage lines of `estante suggestions`, for the command's help. */
export const SUGGESTIONS_COMMAND_USAGE = `  estante suggestions list [--status STATUS] [--limit N]
                                          purchase suggestions, oldest first (statuses: SPEC §4 codes,
                                          e.g. pre-sugestao, em-cotacao, atendida)
  estante suggestions move ID STATUS [--note "TEXT"] [--delivered N] [--by NAME]
                                          move a suggestion; its suggester gets an alert (and an e-mail)
  estante suggestions quote ID --date YYYY-MM-DD [--items N] [--expected YYYY-MM-DD] [--foreign]
                                          record the quote; a suggestion not yet quoted goes "em-cotacao"
  estante suggestions catalogued ID TITLE_ID
                                          the suggested title is catalogued; its suggester is told
  estante suggestions order create SUGGESTION_ID... [--supplier "NAME"]
  estante suggestions order move ORDER_ID STATE   (aberto, enviado, parcialmente-recebido, recebido, cancelado)
  estante suggestions order list          purchase orders with their suggestions`;

/** What the command reads and writes, so a test can drive it. */
export interface SuggestionsIo {
  out(line: string): void;
  err(line: string): void;
}

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function count(value: string | undefined): number | null | 'bad' {
  if (value === undefined) return null;
  return /^\d{1,6}$/.test(value) ? Number(value) : 'bad';
}

const isStatus = (value: string | undefined): value is SuggestionStatus =>
  (SUGGESTION_STATUSES as readonly string[]).includes(value ?? '');
const isOrderState = (value: string | undefined): value is PurchaseOrderState =>
  (PURCHASE_ORDER_STATES as readonly string[]).includes(value ?? '');

/**
 * `estante suggestions …`: the acquisition librarian's moves until the staff workspace has its
 * screens (decision 0050). `actor` names who acts when --by is not given. Answers the exit code.
 */
export async function runSuggestionsCommand(
  db: Db,
  args: string[],
  io: SuggestionsIo,
  options: { clock?: Clock; actor: string; mailer?: Mailer | undefined },
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const tell = {
    mailer: options.mailer,
    onMailError: (error: unknown) =>
      io.err(
        `estante suggestions: the suggester's e-mail was not sent (${error instanceof Error ? error.message : String(error)}).`,
      ),
  };
  const usage = (problem?: string) => {
    if (problem) io.err(`estante suggestions: ${problem}`);
    io.err(`usage:\n${SUGGESTIONS_COMMAND_USAGE}`);
    return 2;
  };
  const [action, ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        note: { type: 'string' },
        delivered: { type: 'string' },
        by: { type: 'string' },
        date: { type: 'string' },
        items: { type: 'string' },
        expected: { type: 'string' },
        foreign: { type: 'boolean' },
        supplier: { type: 'string' },
      },
    });
  } catch (error) {
    return usage(error instanceof Error ? error.message : undefined);
  }
  const { values, positionals } = parsed;
  const by = values.by?.trim() || options.actor;
  // The command's changes go to the staff audit log too, under the operator's name (decision 0056).
  const audited = { ...tell, auditAs: { patronId: null, login: by } };
  try {
    switch (action) {
      case 'list': {
        if (values.status !== undefined && !isStatus(values.status))
          return usage(`unknown status "${values.status}"; statuses: ${SUGGESTION_STATUSES.join(', ')}`);
        const limit = values.limit === undefined ? 100 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000 || positionals.length > 0) return usage();
        const rows = await listForStaff(db, values.status ?? null, limit);
        if (rows.length === 0) io.out('No suggestions.');
        for (const row of rows) {
          io.out(
            `${row.id}  ${new Date(row.created_at).toISOString().slice(0, 10)}  ${row.status}  ` +
              `"${row.title}" (${row.publisher}${row.isbn_issn ? `, ${row.isbn_issn}` : ''}) by ${row.patron_name}, ${row.library}` +
              (row.catalogued_title_id ? `  catalogued as ${row.catalogued_title_id}` : ''),
          );
        }
        return 0;
      }
      case 'move': {
        const id = positiveId(positionals[0]);
        const status = positionals[1];
        const delivered = count(values.delivered);
        if (id === null || positionals.length !== 2 || delivered === 'bad') return usage();
        if (!isStatus(status))
          return usage(`unknown status "${status}"; statuses: ${SUGGESTION_STATUSES.join(', ')}`);
        const moved = await moveSuggestion(
          db,
          clock,
          { id, status, note: values.note?.trim() || null, by, delivered },
          audited,
        );
        io.out(`Suggestion ${moved.id} "${moved.title}": ${moved.from} → ${moved.to}.`);
        return 0;
      }
      case 'quote': {
        const id = positiveId(positionals[0]);
        const items = count(values.items);
        if (id === null || positionals.length !== 1 || items === 'bad' || items === 0) return usage();
        if (!values.date || !isCalendarDay(values.date)) return usage('--date YYYY-MM-DD is required');
        if (values.expected !== undefined && !isCalendarDay(values.expected))
          return usage('--expected takes a day, YYYY-MM-DD');
        const quoted = await quoteSuggestion(
          db,
          clock,
          {
            id,
            quotedOn: values.date,
            items,
            expectedOn: values.expected ?? null,
            isForeign: values.foreign ?? null,
            by,
          },
          audited,
        );
        io.out(`Suggestion ${quoted.id} "${quoted.title}" quoted on ${values.date}: ${quoted.status}.`);
        return 0;
      }
      case 'catalogued': {
        const id = positiveId(positionals[0]);
        const titleId = positiveId(positionals[1]);
        if (id === null || titleId === null || positionals.length !== 2) return usage();
        const done = await catalogueSuggestion(db, clock, { id, titleId, by }, tell);
        io.out(
          `Suggestion ${done.id} catalogued as title ${done.titleId} "${done.title}"; its suggester was told.`,
        );
        return 0;
      }
      case 'order': {
        const [sub, ...more] = positionals;
        if (sub === 'create') {
          const ids = more.map(positiveId);
          if (ids.length === 0 || ids.some((id) => id === null)) return usage();
          const orderId = await createOrder(
            db,
            clock,
            {
              supplier: values.supplier?.trim() || null,
              suggestionIds: ids as number[],
            },
            audited,
          );
          io.out(`Purchase order ${orderId} opened with suggestions ${ids.join(', ')}.`);
          return 0;
        }
        if (sub === 'move') {
          const id = positiveId(more[0]);
          const state = more[1];
          if (id === null || more.length !== 2) return usage();
          if (!isOrderState(state))
            return usage(`unknown state "${state}"; states: ${PURCHASE_ORDER_STATES.join(', ')}`);
          const moved = await moveOrder(db, clock, { id, status: state }, audited);
          io.out(`Purchase order ${moved.id}: ${moved.from} → ${moved.to}.`);
          return 0;
        }
        if (sub === 'list' && more.length === 0) {
          const orders = await allOrders(db);
          if (orders.length === 0) io.out('No purchase orders.');
          for (const order of orders) {
            io.out(
              `${order.codigo}  ${order.situacao}  ${order.fornecedor ?? '-'}  suggestions ` +
                order.sugestoes.map((s) => s.codigo).join(', '),
            );
          }
          return 0;
        }
        return usage();
      }
      default:
        return usage();
    }
  } catch (error) {
    if (!(error instanceof SuggestionCommandRefusal)) throw error;
    io.err(`estante suggestions: ${error.message}.`);
    return 1;
  }
}
