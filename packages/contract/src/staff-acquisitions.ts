import { z } from 'zod';
import { bigIdSchema, calendarDaySchema, multilineTextSchema, textSchema } from './schemas/input.ts';
import { MAX_BIG_ID, MAX_INTEGER_ID } from './input.ts';
import {
  PURCHASE_ORDER_STATES,
  SUGGESTION_STATUSES,
  OwnSuggestionSchema,
  SuggestionEventSchema,
} from './purchase-suggestions.ts';

// Acquisitions in the staff workspace (decision 0059): the acquisition role reads every purchase
// suggestion, moves it through SPEC §4's statuses as SUGGESTION_TRANSITIONS allows, records its
// quote, groups suggestions in purchase orders and receives them; the suggester is told each time.

/** How the inbox is sorted: newest or oldest first (by the day the patron sent it). */
export const SUGGESTION_INBOX_ORDERS = ['recentes', 'antigas'] as const;
export type SuggestionInboxOrder = (typeof SUGGESTION_INBOX_ORDERS)[number];

/** The longest inbox page. */
export const SUGGESTION_INBOX_PAGE_SIZE = 50;

/** GET /equipe/aquisicoes/sugestoes: one status or all, newest or oldest first, a page of them. */
export const StaffSuggestionsQuerySchema = z.object({
  situacao: z.enum(SUGGESTION_STATUSES).optional().describe('Only suggestions in this status'),
  ordem: z.enum(SUGGESTION_INBOX_ORDERS).default('recentes').describe('recentes (newest first) or antigas'),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page, from 1'),
});
export type StaffSuggestionsQuery = z.infer<typeof StaffSuggestionsQuerySchema>;

/** One suggestion in the inbox: what was asked, by whom, and where it stands. */
export const StaffSuggestionSummarySchema = z.object({
  codigo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  editor: z.string(),
  isbn_issn: z.string().nullable(),
  biblioteca: z.string(),
  situacao: z.enum(SUGGESTION_STATUSES),
  solicitante: z.string(),
  login: z.string(),
  /** When the patron sent it (ISO 8601, UTC). */
  data_criacao: z.string(),
});
export type StaffSuggestionSummary = z.infer<typeof StaffSuggestionSummarySchema>;

/** The inbox: a page of suggestions, how many match, and how many there are in each status. */
export const StaffSuggestionInboxSchema = z.object({
  data: z.array(StaffSuggestionSummarySchema),
  total: z.number().int(),
  /** Every status, with how many suggestions are in it (whatever the filter). */
  contagens: z.array(z.object({ situacao: z.enum(SUGGESTION_STATUSES), quantidade: z.number().int() })),
});
export type StaffSuggestionInbox = z.infer<typeof StaffSuggestionInboxSchema>;

/** A step of the history as staff read it: who moved it (a staff login; null: the patron, sending). */
export const StaffSuggestionEventSchema = SuggestionEventSchema.extend({
  responsavel: z.string().nullable(),
});

/** GET /equipe/aquisicoes/sugestoes/{id}: the suggestion, its quote, history, orders and next statuses. */
export const StaffSuggestionSchema = OwnSuggestionSchema.extend({
  login: z.string(),
  /** The quoted unit price (two decimals), or null. */
  valor_cotacao: z.number().nullable(),
  /** The vendor of the quote, or null. */
  fornecedor_cotacao: z.string().nullable(),
  historico: z.array(StaffSuggestionEventSchema),
  /** The statuses a librarian may move it to now (none: closed). */
  transicoes: z.array(z.enum(SUGGESTION_STATUSES)),
  /** The purchase orders holding it. */
  pedidos: z.array(
    z.object({
      codigo: z.number().int(),
      situacao: z.enum(PURCHASE_ORDER_STATES),
      fornecedor: z.string().nullable(),
    }),
  ),
});
export type StaffSuggestion = z.infer<typeof StaffSuggestionSchema>;

/** Path parameter of a suggestion. */
export const StaffSuggestionParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_BIG_ID) });
/** Path parameter of a purchase order. */
export const StaffOrderParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });

/** The longest note or supplier name staff type. */
export const ACQUISITION_NOTE_MAX = 2000;
export const ACQUISITION_NAME_MAX = 200;
/** The most copies a quote or a delivery counts. */
export const ACQUISITION_MAX_ITEMS = 999_999;

/** POST /equipe/aquisicoes/sugestoes/{id}/situacao: the new status, a note the patron reads, copies delivered. */
export const SuggestionMoveRequestSchema = z.object({
  situacao: z.enum(SUGGESTION_STATUSES),
  observacao: multilineTextSchema().trim().max(ACQUISITION_NOTE_MAX).optional(),
  total_entregue: z.number().int().min(0).max(ACQUISITION_MAX_ITEMS).optional(),
});
export type SuggestionMoveRequest = z.infer<typeof SuggestionMoveRequestSchema>;

/** PUT /equipe/aquisicoes/sugestoes/{id}/cotacao: the quote (its day; the rest kept when absent). */
export const SuggestionQuoteRequestSchema = z.object({
  data_cotacao: calendarDaySchema(),
  quantidade_itens: z.number().int().min(1).max(ACQUISITION_MAX_ITEMS).optional(),
  previsao_entrega: calendarDaySchema().optional(),
  obra_estrangeira: z.boolean().optional(),
  /** Unit price, at most two decimals. */
  valor: z
    .number()
    .min(0)
    .max(99_999_999.99)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals')
    .optional(),
  fornecedor: textSchema().trim().min(1).max(ACQUISITION_NAME_MAX).optional(),
});
export type SuggestionQuoteRequest = z.infer<typeof SuggestionQuoteRequestSchema>;

/** A purchase order as staff see it: every suggestion in it, and the states it may go to. */
export const StaffPurchaseOrderSchema = z.object({
  codigo: z.number().int(),
  fornecedor: z.string().nullable(),
  situacao: z.enum(PURCHASE_ORDER_STATES),
  data_criacao: z.string(),
  data_atualizacao: z.string(),
  transicoes: z.array(z.enum(PURCHASE_ORDER_STATES)),
  sugestoes: z.array(
    z.object({
      codigo: z.number().int(),
      titulo: z.string(),
      situacao: z.enum(SUGGESTION_STATUSES),
      quantidade_itens: z.number().int().nullable(),
      total_entregue: z.number().int(),
    }),
  ),
});
export type StaffPurchaseOrder = z.infer<typeof StaffPurchaseOrderSchema>;
export const StaffPurchaseOrdersSchema = z.array(StaffPurchaseOrderSchema);

/** POST /equipe/aquisicoes/pedidos: a new order to a supplier, grouping suggestions. */
export const PurchaseOrderCreateRequestSchema = z.object({
  fornecedor: textSchema().trim().max(ACQUISITION_NAME_MAX).optional(),
  sugestoes: z.array(bigIdSchema()).min(1).max(SUGGESTION_INBOX_PAGE_SIZE),
});
export type PurchaseOrderCreateRequest = z.infer<typeof PurchaseOrderCreateRequestSchema>;

/** POST /equipe/aquisicoes/pedidos/{id}/situacao. */
export const PurchaseOrderMoveRequestSchema = z.object({ situacao: z.enum(PURCHASE_ORDER_STATES) });
export type PurchaseOrderMoveRequest = z.infer<typeof PurchaseOrderMoveRequestSchema>;

/**
 * POST /equipe/aquisicoes/pedidos/{id}/recebimento: copies that arrived, per suggestion of the order.
 * A suggestion with all its copies is attended, one with fewer partially attended; the order is
 * received when every suggestion in it is closed, partially received otherwise.
 */
export const PurchaseOrderReceiptRequestSchema = z.object({
  itens: z
    .array(
      z.object({
        sugestao: bigIdSchema(),
        quantidade: z.number().int().min(1).max(ACQUISITION_MAX_ITEMS),
      }),
    )
    .min(1)
    .max(SUGGESTION_INBOX_PAGE_SIZE),
});
export type PurchaseOrderReceiptRequest = z.infer<typeof PurchaseOrderReceiptRequestSchema>;

/** 422 refusals of the acquisition calls: a stable code and the translation key sent as the message. */
export const ACQUISITION_ERROR = {
  TRANSITION: { code: 'SUGGESTION_TRANSITION', key: 'staff.acquisitions.errors.transition' },
  CLOSED: { code: 'SUGGESTION_CLOSED', key: 'staff.acquisitions.errors.closed' },
  UNKNOWN_SUGGESTION: {
    code: 'ORDER_UNKNOWN_SUGGESTION',
    key: 'staff.acquisitions.errors.unknownSuggestion',
  },
  ORDER_TRANSITION: { code: 'ORDER_TRANSITION', key: 'staff.acquisitions.errors.orderTransition' },
  ORDER_NOT_SENT: { code: 'ORDER_NOT_SENT', key: 'staff.acquisitions.errors.orderNotSent' },
  NOT_IN_ORDER: { code: 'RECEIPT_NOT_IN_ORDER', key: 'staff.acquisitions.errors.notInOrder' },
  NOT_AWAITING: { code: 'RECEIPT_NOT_AWAITING', key: 'staff.acquisitions.errors.notAwaiting' },
} as const;
export type AcquisitionRefusalReason = keyof typeof ACQUISITION_ERROR;
