import { z } from 'zod';
import { calendarDaySchema } from './schemas/input.ts';

// A patron's purchase suggestions after sending them (SPEC §3 purchase suggestion, §4 statuses,
// §7 GET /aquisicao/sugestoes…) and the purchase orders that group them (decision 0050).

/** SPEC §7 acquisition calls of the patron, and the purchase orders (an extension, decision 0050). */
export const SUGGESTION_PATHS = {
  statuses: '/aquisicao/sugestoes/situacao',
  suggestions: '/aquisicao/sugestoes',
  purchaseOrders: '/aquisicao/pedidos-compra',
} as const;

/**
 * SPEC §4's fourteen statuses of a purchase suggestion, as stable codes (their labels are
 * `suggestions.status.<code>` in pt, en and es).
 */
export const SUGGESTION_STATUSES = [
  'pre-sugestao',
  'sugestao-compra',
  'em-cotacao',
  'negociacao',
  'aguardando-entrega',
  'parcialmente-atendida',
  'atendida',
  'finalizada-incompleta',
  'cancelada',
  'duplicada',
  'esgotada',
  'ja-existe',
  'nao-atendida',
  'nao-encontrada',
] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/**
 * Where a librarian may move a suggestion from each status. The path of a bought title: pre-
 * suggestion (as sent) → purchase suggestion (accepted) → in quote → trading → awaiting delivery →
 * partially attended → attended or finished incomplete. Refusals end it early: duplicated, already
 * exists, exhausted (out of print), not found, not attended, cancelled. Closed statuses move no more.
 */
export const SUGGESTION_TRANSITIONS: Record<SuggestionStatus, readonly SuggestionStatus[]> = {
  'pre-sugestao': ['sugestao-compra', 'duplicada', 'ja-existe', 'nao-atendida', 'cancelada'],
  'sugestao-compra': [
    'em-cotacao',
    'duplicada',
    'ja-existe',
    'esgotada',
    'nao-encontrada',
    'nao-atendida',
    'cancelada',
  ],
  'em-cotacao': [
    'negociacao',
    'aguardando-entrega',
    'esgotada',
    'nao-encontrada',
    'nao-atendida',
    'cancelada',
  ],
  negociacao: ['aguardando-entrega', 'esgotada', 'nao-encontrada', 'nao-atendida', 'cancelada'],
  'aguardando-entrega': ['parcialmente-atendida', 'atendida', 'finalizada-incompleta', 'cancelada'],
  'parcialmente-atendida': ['atendida', 'finalizada-incompleta'],
  atendida: [],
  'finalizada-incompleta': [],
  cancelada: [],
  duplicada: [],
  esgotada: [],
  'ja-existe': [],
  'nao-atendida': [],
  'nao-encontrada': [],
};

/** Whether a librarian may move a suggestion from one status to another. */
export function canMoveSuggestion(from: SuggestionStatus, to: SuggestionStatus): boolean {
  return SUGGESTION_TRANSITIONS[from].includes(to);
}

/**
 * Suggestions still waiting for their title: when a record with their ISBN/ISSN is catalogued, the
 * suggester is told. Refused ones (cancelled, duplicated, already exists…) are not.
 */
export const SUGGESTION_WATCHED_STATUSES: readonly SuggestionStatus[] = [
  'pre-sugestao',
  'sugestao-compra',
  'em-cotacao',
  'negociacao',
  'aguardando-entrega',
  'parcialmente-atendida',
  'atendida',
  'finalizada-incompleta',
];

/** Translation key of a status's label. */
export function suggestionStatusKey(status: SuggestionStatus): `suggestions.status.${SuggestionStatus}` {
  return `suggestions.status.${status}`;
}

/** The states of a purchase order (decision 0050), with their labels at `suggestions.order.status.<code>`. */
export const PURCHASE_ORDER_STATES = [
  'aberto',
  'enviado',
  'parcialmente-recebido',
  'recebido',
  'cancelado',
] as const;
export type PurchaseOrderState = (typeof PURCHASE_ORDER_STATES)[number];

/** Where a purchase order may go from each state; received and cancelled orders are closed. */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderState, readonly PurchaseOrderState[]> = {
  aberto: ['enviado', 'cancelado'],
  enviado: ['parcialmente-recebido', 'recebido', 'cancelado'],
  'parcialmente-recebido': ['recebido', 'cancelado'],
  recebido: [],
  cancelado: [],
};

/** One status for the filter (GET /aquisicao/sugestoes/situacao): its code and its label in the request's language. */
export const SuggestionStatusOptionSchema = z.object({
  codigo: z.enum(SUGGESTION_STATUSES),
  descricao: z.string(),
});
export const SuggestionStatusOptionsSchema = z.array(SuggestionStatusOptionSchema);
export type SuggestionStatusOption = z.infer<typeof SuggestionStatusOptionSchema>;

/** GET /aquisicao/sugestoes (SPEC §7): the creation days and the status, each optional. */
export const SuggestionsQuerySchema = z.object({
  dataIni: calendarDaySchema().optional().describe('First creation day (YYYY-MM-DD)'),
  dataFim: calendarDaySchema().optional().describe('Last creation day (YYYY-MM-DD)'),
  situacao: z.enum(SUGGESTION_STATUSES).optional().describe('Only suggestions in this status'),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuerySchema>;

/** One step of a suggestion's history: a status it entered, or its title catalogued. */
export const SuggestionEventSchema = z.object({
  situacao: z.enum(SUGGESTION_STATUSES),
  /** When (ISO 8601, UTC). */
  data: z.string(),
  /** The library's note, or null. */
  observacao: z.string().nullable(),
  /** Set on the step that says the suggested title was catalogued: the title's id. */
  acervo: z.number().int().nullable(),
});

/** A patron's purchase suggestion (SPEC §3): what was sent and what the library did with it. */
export const OwnSuggestionSchema = z.object({
  codigo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  edicao: z.string().nullable(),
  editor: z.string(),
  isbn_issn: z.string().nullable(),
  periodico: z.boolean(),
  outras_inf: z.string().nullable(),
  biblioteca: z.string(),
  situacao: z.enum(SUGGESTION_STATUSES),
  /** Copies the library means to buy (set when quoted), or null. */
  quantidade_itens: z.number().int().nullable(),
  /** Day of the quote (YYYY-MM-DD), or null. */
  data_cotacao: z.string().nullable(),
  /** When the patron sent it (ISO 8601, UTC). */
  data_criacao: z.string(),
  /** The patron who sent it (their name). */
  solicitante: z.string(),
  total_entregue: z.number().int(),
  /** Expected delivery day (YYYY-MM-DD), or null. */
  previsao_entrega: z.string().nullable(),
  obra_estrangeira: z.boolean(),
  /** The catalogued title it became, or null. */
  acervo: z.number().int().nullable(),
  historico: z.array(SuggestionEventSchema),
});
export type OwnSuggestion = z.infer<typeof OwnSuggestionSchema>;
export const OwnSuggestionsSchema = z.array(OwnSuggestionSchema);

/** A purchase order holding some of the patron's suggestions, with its state (decision 0050). */
export const PurchaseOrderSchema = z.object({
  codigo: z.number().int(),
  fornecedor: z.string().nullable(),
  situacao: z.enum(PURCHASE_ORDER_STATES),
  data_criacao: z.string(),
  data_atualizacao: z.string(),
  /** Only the patron's own suggestions in the order. */
  sugestoes: z.array(
    z.object({ codigo: z.number().int(), titulo: z.string(), situacao: z.enum(SUGGESTION_STATUSES) }),
  ),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;
export const PurchaseOrdersSchema = z.array(PurchaseOrderSchema);

/** 422 refusals of the suggestion query: a stable code and the translation key sent as the message. */
export const SUGGESTION_ERROR = {
  DATE_RANGE: { code: 'DATE_RANGE', key: 'suggestions.errors.dateRange' },
} as const;
