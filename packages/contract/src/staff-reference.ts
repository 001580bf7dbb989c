import { z } from 'zod';
import { calendarDaySchema, multilineTextSchema, queryIdSchema, textSchema } from './schemas/input.ts';
import { LibraryRequestSchema } from './library-requests.ts';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus } from './requests.ts';

// The reference desk in the staff workspace (decision 0060): the patrons' bibliographic requests
// (switching, survey, specialized search) and catalogue sheets, one queue per type with filters;
// each request's history and the answer its patron reads; moving a request along
// REQUEST_TRANSITIONS; the catalogue sheet's library data (classification, Cutter, subjects) and
// its final sheet. The paths are in STAFF_PATHS.

/** The statuses of a request still open: the queue's first view. */
export const OPEN_REQUEST_STATUSES = [
  'aguardando',
  'em_atendimento',
] as const satisfies readonly RequestStatus[];

/** How many requests one page of the queue shows (the oldest first: they wait longest). */
export const STAFF_REQUESTS_PAGE_SIZE = 100;

/** GET /equipe/solicitacoes: the queue of one type (all types when absent), by status(es) and sending day. */
export const StaffRequestsQuerySchema = z.object({
  tipo: z.enum(REQUEST_TYPES).optional(),
  /** One status, or several (`status=aguardando&status=em_atendimento`: the open ones). */
  status: z
    .union([z.enum(REQUEST_STATUSES), z.array(z.enum(REQUEST_STATUSES)).max(REQUEST_STATUSES.length)])
    .optional(),
  /** Sent on or after this day (YYYY-MM-DD, the library's calendar in UTC). */
  dataIni: calendarDaySchema().optional(),
  /** Sent on or before this day. */
  dataFim: calendarDaySchema().optional(),
});
export type StaffRequestsQuery = z.infer<typeof StaffRequestsQuerySchema>;

/** One step of a request's history as the library reads it: who moved it, besides what the patron reads. */
export const StaffRequestEventSchema = z.object({
  situacao: z.enum(REQUEST_STATUSES),
  data: z.string(),
  observacao: z.string().nullable(),
  /** The librarian who moved it; null for the patron's own steps (sending, cancelling). */
  responsavel: z.string().nullable(),
});

/** A request in the library's queue: what its patron reads, who sent it, and who moved it at each step. */
export const StaffRequestSchema = LibraryRequestSchema.extend({
  usuario: z.object({ login: z.string(), nome: z.string() }),
  historico: z.array(StaffRequestEventSchema),
});
export type StaffRequest = z.infer<typeof StaffRequestSchema>;

/** GET /equipe/solicitacoes: the first page of the queue, and how many match in all. */
export const StaffRequestsSchema = z.object({
  data: z.array(StaffRequestSchema),
  total: z.number().int(),
});
export type StaffRequests = z.infer<typeof StaffRequestsSchema>;

/** The path parameter of one request in the staff calls. */
export const StaffRequestParamsSchema = z.object({ id: queryIdSchema() });

/** Largest answer file the workspace sends (base64 in the body: about 4/3 of this; larger is a 400). */
export const STAFF_ANSWER_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Longest answer text and note the library writes. */
export const STAFF_ANSWER_MAX = 10_000;

/** The base64 alphabet (with padding): what an answer file's content is written in. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** POST /equipe/solicitacoes/{id}/mover: the new status, a note for the history, and the answer. */
export const StaffRequestMoveSchema = z.object({
  situacao: z.enum(REQUEST_STATUSES),
  /** Shown in the history the patron reads (e.g. why it was not answered). */
  observacao: multilineTextSchema().trim().max(STAFF_ANSWER_MAX).optional(),
  /** The answer's text, which the patron reads with the request. */
  resposta: multilineTextSchema().trim().max(STAFF_ANSWER_MAX).optional(),
  /** The answer's file, which the patron downloads (GET /solicitacoes/{type}/{id}/arquivo). */
  arquivo: z
    .object({
      nome: textSchema().trim().min(1).max(200),
      tipo: textSchema().trim().min(1).max(200),
      conteudo: z
        .string()
        .min(1)
        .max(Math.ceil((STAFF_ANSWER_FILE_MAX_BYTES * 4) / 3) + 4)
        .regex(BASE64, 'must be base64'),
    })
    .optional(),
});
export type StaffRequestMove = z.infer<typeof StaffRequestMoveSchema>;

/** The catalogue sheet as the librarian edits it: the library's data and the card it gives. */
export const StaffCatalogueSheetSchema = z.object({
  codigo: z.number().int(),
  situacao: z.enum(REQUEST_STATUSES),
  classificacao: z.string().nullable(),
  cutter: z.string().nullable(),
  /** Subjects replacing the patron's keywords on the final sheet (none: the keywords). */
  assuntos: z.array(z.string()),
  /** The final sheet was issued: the request is answered and its data no longer changes. */
  final: z.boolean(),
  /** The card's text line by line, with the library's data as it is now. */
  ficha: z.array(z.string()),
});
export type StaffCatalogueSheet = z.infer<typeof StaffCatalogueSheetSchema>;

/** PUT /equipe/solicitacoes/{id}/ficha (and POST …/emitir): what the library sets; an empty text clears it. */
export const StaffCatalogueSheetChangeSchema = z.object({
  classificacao: textSchema().trim().max(60).optional(),
  cutter: textSchema().trim().max(20).optional(),
  assuntos: z.array(textSchema().trim().max(200)).max(12).optional(),
});
export type StaffCatalogueSheetChange = z.infer<typeof StaffCatalogueSheetChangeSchema>;

/** Translation keys of the reference desk's refusals (422). */
export const REFERENCE_REQUEST_RULE_KEYS = {
  closed: 'staff.reference.errors.closed',
  notAllowed: 'staff.reference.errors.notAllowed',
  reasonRequired: 'staff.reference.errors.reasonRequired',
  sheetIssuedOnly: 'staff.reference.errors.sheetIssuedOnly',
  sheetIncomplete: 'staff.reference.errors.sheetIncomplete',
} as const;

/** 422 refusals of the reference desk: a stable code and the translation key sent as the message. */
export const REFERENCE_REQUEST_ERROR = {
  /** Answered, not answered or cancelled: a closed request never moves again. */
  CLOSED: { code: 'REQUEST_CLOSED', key: REFERENCE_REQUEST_RULE_KEYS.closed },
  /** Not one of REQUEST_TRANSITIONS from the request's status. */
  NOT_ALLOWED: { code: 'REQUEST_TRANSITION_NOT_ALLOWED', key: REFERENCE_REQUEST_RULE_KEYS.notAllowed },
  /** Not answered without saying why (an answer or a note). */
  REASON_REQUIRED: { code: 'REQUEST_REASON_REQUIRED', key: REFERENCE_REQUEST_RULE_KEYS.reasonRequired },
  /** A catalogue sheet is answered by issuing its final sheet, not by a move. */
  SHEET_ISSUED_ONLY: {
    code: 'CATALOGUE_SHEET_ISSUE_TO_ANSWER',
    key: REFERENCE_REQUEST_RULE_KEYS.sheetIssuedOnly,
  },
  /** The final sheet needs the classification and the Cutter number. */
  SHEET_INCOMPLETE: { code: 'CATALOGUE_SHEET_INCOMPLETE', key: REFERENCE_REQUEST_RULE_KEYS.sheetIncomplete },
} as const;
