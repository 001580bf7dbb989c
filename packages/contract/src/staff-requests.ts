import { z } from 'zod';
import { calendarDaySchema, multilineTextSchema, queryIdSchema } from './schemas/input.ts';
import { LOAN_REQUEST_STATES } from './circulation.ts';

// The circulation half of the staff workspace's requests (decision 0061): loan requests,
// inter-library loans and closed-stack protocols, each a queue with filters, its history and the
// answer the patron sees; and the general comments (the footer's comment to a library).

/** The longest page of a staff queue; `total` says how many match in all. */
export const STAFF_QUEUE_PAGE_SIZE = 50;

/** The longest answer a librarian writes to a patron. */
export const STAFF_ANSWER_MAX_LENGTH = 2000;

/** The filters every request queue takes: status, library, the days the requests were made. */
const queueFilters = {
  biblioteca: queryIdSchema()
    .optional()
    .describe('Only requests of this library (receiving, or holding the items)'),
  dataIni: calendarDaySchema().optional().describe('First day the requests were made (YYYY-MM-DD)'),
  dataFim: calendarDaySchema().optional().describe('Last day the requests were made (YYYY-MM-DD)'),
};

/** A library as a queue names it. */
const QueueLibrarySchema = z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() });

/** The patron who asked; null once the patron's account was erased (a closed request stays). */
const QueuePatronSchema = z.object({ nome: z.string(), login: z.string() }).nullable();

/** The path parameter of every request call. */
export const StaffRequestIdParamsSchema = z.object({ id: queryIdSchema() });

// ---- Loan requests: the engine moves them (SPEC §7 /solicitacao-emprestimo; decision 0025).

/** GET /equipe/pedidos/emprestimos. */
export const StaffLoanRequestsQuerySchema = z.object({
  situacao: z.enum(LOAN_REQUEST_STATES).optional().describe('Only requests in this status'),
  ...queueFilters,
});
export type StaffLoanRequestsQuery = z.infer<typeof StaffLoanRequestsQuerySchema>;

/** One step of a request's history: the status it entered, when, and the librarian who moved it. */
export const StaffRequestStepSchema = z.object({
  situacao: z.string(),
  data: z.string(),
  /** The staff login that moved it; null when the patron or the library's own jobs did. */
  por: z.string().nullable(),
  /** What the patron was told with it, when the librarian wrote something. */
  resposta: z.string().nullable(),
});
export type StaffRequestStep = z.infer<typeof StaffRequestStepSchema>;

export const StaffLoanRequestSchema = z.object({
  codigo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  leitor: QueuePatronSchema,
  /** The copy set aside for it (its number). */
  exemplar: z.string(),
  biblioteca_origem: QueueLibrarySchema,
  biblioteca_recebimento: QueueLibrarySchema,
  local_recebimento: z.string(),
  endereco_entrega: z.string().nullable(),
  situacao: z.enum(LOAN_REQUEST_STATES),
  data_solicitacao: z.string(),
  /** The last day to collect it, once it is available. */
  prazo_retirada: z.string().nullable(),
  historico: z.array(StaffRequestStepSchema),
});
export type StaffLoanRequest = z.infer<typeof StaffLoanRequestSchema>;

export const StaffLoanRequestsSchema = z.object({
  data: z.array(StaffLoanRequestSchema),
  total: z.number().int(),
});
export type StaffLoanRequests = z.infer<typeof StaffLoanRequestsSchema>;

/**
 * The moves a librarian makes on a loan request (the same as `estante desk request ID
 * send|arrive|cancel`): sent to the receiving library, arrived there (the patron is told the pickup
 * deadline), or cancelled. It ends as finished when the copy is lent to the patron at the desk.
 */
export const STAFF_LOAN_REQUEST_STEPS = ['em_transito', 'disponivel', 'nao_finalizada'] as const;
export type StaffLoanRequestStep = (typeof STAFF_LOAN_REQUEST_STEPS)[number];

/** POST /equipe/pedidos/emprestimos/{id}/situacao. */
export const StaffLoanRequestStepRequestSchema = z.object({ situacao: z.enum(STAFF_LOAN_REQUEST_STEPS) });
export type StaffLoanRequestStepRequest = z.infer<typeof StaffLoanRequestStepRequestSchema>;

// ---- Inter-library loans (SPEC §7 /solicitacoes/emprestimo-inter-bibliotecas).

export const INTERLIBRARY_STATES = LOAN_REQUEST_STATES;
export type InterlibraryState = (typeof INTERLIBRARY_STATES)[number];

/**
 * What a librarian may do with an inter-library loan from each status: ask the lending institution
 * and have it sent, receive it, lend it (finished), or end it unserved (refused, not lent, not
 * collected), which needs a reason the patron reads.
 */
export const INTERLIBRARY_STEPS: Record<InterlibraryState, readonly InterlibraryState[]> = {
  aguardando: ['em_transito', 'nao_finalizada'],
  em_transito: ['disponivel', 'nao_finalizada'],
  disponivel: ['finalizada', 'nao_finalizada'],
  finalizada: [],
  nao_finalizada: [],
};

/** Whether an inter-library loan may move from `from` to `to`. */
export function interlibraryStepAllowed(from: InterlibraryState, to: InterlibraryState): boolean {
  return INTERLIBRARY_STEPS[from].includes(to);
}

export const StaffInterlibraryQuerySchema = z.object({
  situacao: z.enum(INTERLIBRARY_STATES).optional().describe('Only requests in this status'),
  ...queueFilters,
});
export type StaffInterlibraryQuery = z.infer<typeof StaffInterlibraryQuerySchema>;

export const StaffInterlibraryRequestSchema = z.object({
  codigo: z.number().int(),
  leitor: QueuePatronSchema,
  /** The network institution asked to lend it, when the patron chose one. */
  instituicao: z.string().nullable(),
  titulo: z.string(),
  autor: z.string().nullable(),
  publicacao: z.string().nullable(),
  observacao: z.string().nullable(),
  email: z.string(),
  telefone: z.string().nullable(),
  biblioteca_recebimento: QueueLibrarySchema,
  situacao: z.enum(INTERLIBRARY_STATES),
  data_solicitacao: z.string(),
  /** The library's last answer to the patron. */
  resposta: z.string().nullable(),
  historico: z.array(StaffRequestStepSchema),
});
export type StaffInterlibraryRequest = z.infer<typeof StaffInterlibraryRequestSchema>;

export const StaffInterlibraryRequestsSchema = z.object({
  data: z.array(StaffInterlibraryRequestSchema),
  total: z.number().int(),
});
export type StaffInterlibraryRequests = z.infer<typeof StaffInterlibraryRequestsSchema>;

/** POST /equipe/pedidos/inter-bibliotecas/{id}/situacao: the new status and what the patron is told. */
export const StaffInterlibraryStepRequestSchema = z.object({
  situacao: z.enum(INTERLIBRARY_STATES),
  resposta: multilineTextSchema().max(STAFF_ANSWER_MAX_LENGTH).optional(),
});
export type StaffInterlibraryStepRequest = z.infer<typeof StaffInterlibraryStepRequestSchema>;

// ---- Closed-stack protocols (SPEC §4: the request produces a protocol number).

export const CLOSED_STACK_STATES = ['aguardando', 'atendida', 'recusada', 'cancelada'] as const;
export type ClosedStackState = (typeof CLOSED_STACK_STATES)[number];
/** The librarian's answers to a protocol awaiting: the items were fetched, or it is refused. */
export const CLOSED_STACK_DECISIONS = ['atendida', 'recusada'] as const;

export const StaffClosedStackQuerySchema = z.object({
  situacao: z.enum(CLOSED_STACK_STATES).optional().describe('Only protocols in this status'),
  ...queueFilters,
});
export type StaffClosedStackQuery = z.infer<typeof StaffClosedStackQuerySchema>;

export const StaffClosedStackRequestSchema = z.object({
  codigo: z.number().int(),
  protocolo: z.string(),
  leitor: QueuePatronSchema,
  biblioteca: QueueLibrarySchema,
  /** The copies to fetch from the closed stacks. */
  itens: z.array(
    z.object({
      cod_acervo: z.number().int(),
      titulo: z.string(),
      exemplar: z.string(),
      localizacao: z.string().nullable(),
    }),
  ),
  situacao: z.enum(CLOSED_STACK_STATES),
  data_solicitacao: z.string(),
  resposta: z.string().nullable(),
  historico: z.array(StaffRequestStepSchema),
});
export type StaffClosedStackRequest = z.infer<typeof StaffClosedStackRequestSchema>;

export const StaffClosedStackRequestsSchema = z.object({
  data: z.array(StaffClosedStackRequestSchema),
  total: z.number().int(),
});
export type StaffClosedStackRequests = z.infer<typeof StaffClosedStackRequestsSchema>;

/** POST /equipe/pedidos/acervo-fechado/{id}/situacao. */
export const StaffClosedStackDecisionRequestSchema = z.object({
  situacao: z.enum(CLOSED_STACK_DECISIONS),
  resposta: multilineTextSchema().max(STAFF_ANSWER_MAX_LENGTH).optional(),
});
export type StaffClosedStackDecisionRequest = z.infer<typeof StaffClosedStackDecisionRequestSchema>;

// ---- General comments (SPEC §2 footer, §3 general comment payload).

export const PendingGeneralCommentSchema = z.object({
  codigo: z.number().int(),
  biblioteca: QueueLibrarySchema,
  autor: z.string(),
  login: z.string(),
  texto: z.string(),
  data_envio: z.string(),
});
export type PendingGeneralComment = z.infer<typeof PendingGeneralCommentSchema>;

export const PendingGeneralCommentsSchema = z.object({
  data: z.array(PendingGeneralCommentSchema),
  total: z.number().int(),
});
export type PendingGeneralComments = z.infer<typeof PendingGeneralCommentsSchema>;

export const GeneralCommentDecisionSchema = z.object({
  codigo: z.number().int(),
  biblioteca: QueueLibrarySchema,
  situacao: z.enum(['aprovado', 'recusado']),
  data_avaliacao: z.string(),
  avaliado_por: z.string(),
  motivo_recusa: z.string().nullable(),
});
export type GeneralCommentDecision = z.infer<typeof GeneralCommentDecisionSchema>;

/**
 * 422 refusals of the request calls: a stable code and the translation key sent as the message. A
 * general comment's decision is refused as a title comment's is (COMMENT_MODERATION_ERRORS).
 */
export const STAFF_REQUEST_ERROR = {
  STEP: { code: 'STAFF_REQUEST_STEP', key: 'staff.requests.errors.step' },
  ANSWER_REQUIRED: { code: 'STAFF_REQUEST_ANSWER_REQUIRED', key: 'staff.requests.errors.answerRequired' },
} as const;
