import { z } from 'zod';
import { DebtsSchema, HoldsSchema, LoanRequestsSchema, PendingTitlesSchema } from './circulation.ts';
import { calendarDaySchema, multilineTextSchema, textSchema } from './schemas/input.ts';
import { LibraryRequestsSchema } from './library-requests.ts';
import { STAFF_ACTIONS } from './staff.ts';

// The patrons part of the staff workspace and the audit log's search (decision 0062).

/** Patrons per page of the search. */
export const STAFF_PATRONS_PAGE_SIZE = 20;
/** Entries per page of the audit log. */
export const STAFF_AUDIT_PAGE_SIZE = 50;
/** The largest CSV the import takes at once (characters), about ten thousand patrons. */
export const STAFF_PATRON_IMPORT_MAX = 2_000_000;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/**
 * GET /equipe/leitores: by name (every word, in any order), login, e-mail, CPF, RG, person key or
 * an alias such as a card number; accents and case ignored. Empty: every patron, by name.
 */
export const StaffPatronSearchQuerySchema = z.object({
  q: textSchema().trim().max(200).default(''),
  pagina: page,
});
export type StaffPatronSearchQuery = z.input<typeof StaffPatronSearchQuerySchema>;

/** A patron as the search lists them. */
export const StaffPatronSummarySchema = z.object({
  login: z.string(),
  nome: z.string(),
  email: z.string().nullable(),
  categoria: z.string(),
  bloqueado: z.boolean(),
});
export type StaffPatronSummary = z.infer<typeof StaffPatronSummarySchema>;

/** One page of the search. */
export const StaffPatronSearchSchema = z.object({
  leitores: z.array(StaffPatronSummarySchema),
  total: z.number().int().min(0),
  pagina: z.number().int().min(1),
  por_pagina: z.number().int().min(1),
});
export type StaffPatronSearch = z.infer<typeof StaffPatronSearchSchema>;

/** The path parameter of /equipe/leitores/{login}. */
export const StaffPatronParamsSchema = z.object({ login: textSchema().trim().min(1).max(120) });

/**
 * A patron's block. `bloqueado` without `motivo`: a password not set yet (an import without one),
 * which password recovery lifts; with `motivo`: the library's block, which only staff lift.
 */
export const StaffPatronBlockSchema = z.object({
  bloqueado: z.boolean(),
  motivo: z.string().nullable(),
  data: z.string().nullable(),
  por: z.string().nullable(),
});
export type StaffPatronBlock = z.infer<typeof StaffPatronBlockSchema>;

/** GET /equipe/leitores/{login}: the patron and what they have with the library now. */
export const StaffPatronSchema = z.object({
  login: z.string(),
  nome: z.string(),
  email: z.string().nullable(),
  categoria: z.string(),
  cpf: z.string().nullable(),
  rg: z.string().nullable(),
  bloqueio: StaffPatronBlockSchema,
  emprestimos: PendingTitlesSchema,
  reservas: HoldsSchema,
  debitos: DebtsSchema,
  solicitacoes_emprestimo: LoanRequestsSchema,
  solicitacoes: LibraryRequestsSchema,
});
export type StaffPatron = z.infer<typeof StaffPatronSchema>;

/** PUT /equipe/leitores/{login}/bloqueio: the reason, which the log keeps. */
export const StaffPatronBlockRequestSchema = z.object({ motivo: textSchema().trim().max(500) });
export type StaffPatronBlockRequest = z.infer<typeof StaffPatronBlockRequestSchema>;

/** POST /equipe/leitores/{login}/codigo-senha: where the code went (masked) and how long it lasts. */
export const StaffPatronResetCodeSchema = z.object({
  emails: z.array(z.string()),
  expira_em: z.string(),
});
export type StaffPatronResetCode = z.infer<typeof StaffPatronResetCodeSchema>;

/** POST /equipe/leitores/importacao: the file's text, as `estante user import` reads it. */
export const StaffPatronImportRequestSchema = z.object({
  csv: multilineTextSchema().min(1).max(STAFF_PATRON_IMPORT_MAX),
});
export type StaffPatronImportRequest = z.infer<typeof StaffPatronImportRequestSchema>;

/** The import's report: rows read, added (of them without a password), and each line refused. */
export const StaffPatronImportSchema = z.object({
  lidas: z.number().int().min(0),
  incluidas: z.number().int().min(0),
  sem_senha: z.number().int().min(0),
  recusadas: z.array(z.object({ linha: z.number().int(), motivo: z.string() })),
});
export type StaffPatronImport = z.infer<typeof StaffPatronImportSchema>;

/** GET /equipe/auditoria: by actor login, action, target (kind or id), and days (the library's). */
export const StaffAuditQuerySchema = z.object({
  ator: textSchema().trim().max(120).optional(),
  acao: z.enum(STAFF_ACTIONS).optional(),
  alvo: textSchema().trim().max(200).optional(),
  de: calendarDaySchema().optional(),
  ate: calendarDaySchema().optional(),
  pagina: page,
});
export type StaffAuditQuery = z.input<typeof StaffAuditQuerySchema>;

/** One entry of the audit log (decision 0056). */
export const StaffAuditEntrySchema = z.object({
  codigo: z.number().int(),
  data: z.string(),
  ator: z.string(),
  acao: z.string(),
  alvo: z.object({ tipo: z.string(), id: z.string() }),
  /** The thing before and after, as JSON; null where it did not exist or no longer does. */
  antes: z.unknown(),
  depois: z.unknown(),
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>;

/** One page of the log, newest first. */
export const StaffAuditPageSchema = z.object({
  acoes: z.array(StaffAuditEntrySchema),
  total: z.number().int().min(0),
  pagina: z.number().int().min(1),
  por_pagina: z.number().int().min(1),
});
export type StaffAuditPage = z.infer<typeof StaffAuditPageSchema>;

/** Translation keys of the patrons part's refusals. */
export const STAFF_PATRON_RULE_KEYS = {
  reasonRequired: 'staff.patrons.errors.reasonRequired',
  alreadyBlocked: 'staff.patrons.errors.alreadyBlocked',
  notBlocked: 'staff.patrons.errors.notBlocked',
  importHeader: 'staff.patrons.errors.importHeader',
  dateRange: 'staff.audit.errors.dateRange',
} as const;

/** 422 refusals of the patrons part and the log: a stable code and the key sent as the message. */
export const STAFF_PATRON_ERROR = {
  REASON_REQUIRED: { code: 'STAFF_PATRON_REASON_REQUIRED', key: STAFF_PATRON_RULE_KEYS.reasonRequired },
  ALREADY_BLOCKED: { code: 'STAFF_PATRON_ALREADY_BLOCKED', key: STAFF_PATRON_RULE_KEYS.alreadyBlocked },
  NOT_BLOCKED: { code: 'STAFF_PATRON_NOT_BLOCKED', key: STAFF_PATRON_RULE_KEYS.notBlocked },
  IMPORT_HEADER: { code: 'STAFF_PATRON_IMPORT_HEADER', key: STAFF_PATRON_RULE_KEYS.importHeader },
  DATE_RANGE: { code: 'STAFF_AUDIT_DATE_RANGE', key: STAFF_PATRON_RULE_KEYS.dateRange },
} as const;
