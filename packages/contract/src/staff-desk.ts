import { z } from 'zod';
import {
  CirculationLibrarySchema,
  DebtsSchema,
  HoldsSchema,
  PendingTitlesSchema,
  RefusalSchema,
  SuspensionsSchema,
} from './circulation.ts';
import { bigIdSchema, calendarDaySchema, textSchema } from './schemas/input.ts';
import { ISO_DAY_PATTERN } from './input.ts';

// The circulation desk of the staff workspace (decision 0058): the `estante desk` operations over
// HTTP for the circulation role, keyboard first — a barcode scanner types a number and Enter.
// Money is in reais with two decimals (R$ 4.50 → 4.5), as in the patron's circulation calls.

const day = z.string().regex(ISO_DAY_PATTERN);
const id = z.number().int();

/** What the desk types to find a patron: their login or their card number (a sign-in alias). */
const patronKeySchema = textSchema().trim().min(1).max(120);

/**
 * A copy as the scanner types it: its number (the barcode), or LIBRARY:NUMBER when the same number
 * is used in more than one library.
 */
export const DeskCopyKeySchema = textSchema().trim().min(1).max(120);

/** A patron as the desk names them. */
export const DeskPersonSchema = z.object({ login: z.string(), nome: z.string() });
export type DeskPerson = z.infer<typeof DeskPersonSchema>;

/** GET /equipe/balcao/leitor?chave=: the patron, by login or card number. */
export const DeskPatronQuerySchema = z.object({ chave: patronKeySchema });

/** The patron at the desk: who they are, whether they may borrow, and everything they have open. */
export const DeskPatronSchema = z.object({
  login: z.string(),
  nome: z.string(),
  categoria: z.string(),
  /** Whether a loan would be allowed now; motivo (a desk refusal key) says why not. */
  pode_emprestar: z.boolean(),
  motivo: RefusalSchema.nullable(),
  /** Open loans, with the copy's details (the patron's own pending-titles answer). */
  emprestimos: PendingTitlesSchema,
  /** Holds in the queue or waiting at the desk. */
  reservas: HoldsSchema,
  /** Debts with something left to pay. */
  debitos: DebtsSchema,
  /** Suspensions running now or later, and past ones. */
  afastamentos: SuspensionsSchema,
  /** What the patron owes in all. */
  total_devido: z.number(),
});
export type DeskPatron = z.infer<typeof DeskPatronSchema>;

/** POST /equipe/balcao/emprestimos: lend a copy to the patron. */
export const DeskCheckoutRequestSchema = z.object({
  leitor: patronKeySchema,
  exemplar: DeskCopyKeySchema,
  /** A due day set by hand instead of the rule's. */
  data_devolucao: calendarDaySchema().optional(),
});
export type DeskCheckoutRequest = z.infer<typeof DeskCheckoutRequestSchema>;

/** A copy named on a receipt. */
const DeskCopySchema = z.object({
  cod_exemplar: id,
  numero_exemplar: z.string(),
  biblioteca: CirculationLibrarySchema,
  cod_acervo: id,
  titulo: z.string(),
  autor: z.string().nullable(),
});

/** The loan made: a receipt line. */
export const DeskLoanSchema = DeskCopySchema.extend({
  cod_emprestimo: id,
  leitor: DeskPersonSchema,
  data_emprestimo: z.string(),
  data_devolucao: day,
  /** The patron's hold on the title ended with this loan. */
  reserva_atendida: z.boolean(),
});
export type DeskLoan = z.infer<typeof DeskLoanSchema>;

/** POST /equipe/balcao/devolucoes: take a copy back. */
export const DeskCheckinRequestSchema = z.object({ exemplar: DeskCopyKeySchema });
export type DeskCheckinRequest = z.infer<typeof DeskCheckinRequestSchema>;

/** Where a returned copy goes: quarantine, the holds shelf for a patron, or back on the shelf. */
export const DESK_RETURN_DESTINATIONS = ['quarentena', 'reservado', 'disponivel'] as const;

/** The return: a receipt line, and what the desk must do with the copy. */
export const DeskReturnSchema = DeskCopySchema.extend({
  cod_emprestimo: id,
  leitor: DeskPersonSchema,
  data_devolucao: day,
  devolvido_em: z.string(),
  dias_atraso: id,
  multa: z.number(),
  afastamento: z.object({ data_inicio: day, data_fim: day, dias: id }).nullable(),
  destino: z.enum(DESK_RETURN_DESTINATIONS),
  /** With destino `reservado`: the hold the copy now waits for on the holds shelf. */
  reserva: z.object({ cod_reserva: id, leitor: DeskPersonSchema, prazo_retirada: day.nullable() }).nullable(),
});
export type DeskReturn = z.infer<typeof DeskReturnSchema>;

/** POST /equipe/balcao/renovacoes: renew the patron's loans named. */
export const DeskRenewRequestSchema = z.object({
  leitor: patronKeySchema,
  emprestimos: z.array(bigIdSchema()).min(1).max(100),
});
export type DeskRenewRequest = z.infer<typeof DeskRenewRequestSchema>;

/** One outcome per loan; one refusal does not fail the others. */
export const DeskRenewResultSchema = z.object({
  resultados: z.array(
    z.object({
      cod_emprestimo: id,
      titulo: z.string().nullable(),
      renovado: z.boolean(),
      data_devolucao: day.nullable(),
      renovacoes: id.nullable(),
      motivo: RefusalSchema.nullable(),
    }),
  ),
});
export type DeskRenewResult = z.infer<typeof DeskRenewResultSchema>;

/** One copy waiting on the holds shelf for its patron. */
export const DeskShelfHoldSchema = z.object({
  cod_reserva: id,
  cod_acervo: id,
  titulo: z.string(),
  cod_exemplar: id,
  numero_exemplar: z.string(),
  biblioteca: CirculationLibrarySchema,
  leitor: DeskPersonSchema,
  data_liberacao: z.string().nullable(),
  prazo_retirada: day,
  /** The pickup deadline is today: the copy goes on to the next hold or the shelf tomorrow. */
  vence_hoje: z.boolean(),
});
export type DeskShelfHold = z.infer<typeof DeskShelfHoldSchema>;

/** GET /equipe/balcao/reservas-liberadas: the holds shelf, nearest pickup deadline first. */
export const DeskHoldsShelfSchema = z.object({ hoje: day, data: z.array(DeskShelfHoldSchema) });
export type DeskHoldsShelf = z.infer<typeof DeskHoldsShelfSchema>;

/** The largest amount the desk takes at once. */
export const DESK_MAX_AMOUNT = 1_000_000;

/** POST /equipe/balcao/pagamentos: a payment, oldest debt first unless one is named. */
export const DeskPaymentRequestSchema = z.object({
  leitor: patronKeySchema,
  valor: z.number().positive().max(DESK_MAX_AMOUNT),
  cod_debito: bigIdSchema().optional(),
});
export type DeskPaymentRequest = z.infer<typeof DeskPaymentRequestSchema>;

/** The longest reason the desk writes (a waiver, a suspension). */
export const DESK_REASON_MAX = 500;

/** POST /equipe/balcao/abonos: waive one debt — a discount of all that is left of it — with a reason. */
export const DeskWaiverRequestSchema = z.object({
  leitor: patronKeySchema,
  cod_debito: bigIdSchema(),
  motivo: textSchema().trim().max(DESK_REASON_MAX),
});
export type DeskWaiverRequest = z.infer<typeof DeskWaiverRequestSchema>;

/** After a payment or a waiver: the debts settled, what is still owed, and the debts left. */
export const DeskSettlementSchema = z.object({
  quitados: z.array(id),
  total_devido: z.number(),
  debitos: DebtsSchema,
});
export type DeskSettlement = z.infer<typeof DeskSettlementSchema>;

/** The longest suspension the desk gives at once (ten years). */
export const DESK_MAX_SUSPENSION_DAYS = 3650;

/** POST /equipe/balcao/suspensoes: suspend the patron for some days, after any suspension running. */
export const DeskSuspensionRequestSchema = z.object({
  leitor: patronKeySchema,
  dias: z.number().int().min(1).max(DESK_MAX_SUSPENSION_DAYS),
  motivo: textSchema().trim().max(DESK_REASON_MAX),
});
export type DeskSuspensionRequest = z.infer<typeof DeskSuspensionRequestSchema>;

/** The suspension given. */
export const DeskSuspensionSchema = z.object({ data_inicio: day, data_fim: day, dias: id });
export type DeskSuspension = z.infer<typeof DeskSuspensionSchema>;

/**
 * Translation keys of the desk's refusals (422 messages), by code: the engine's desk refusals, two
 * of the desk's own (a number or key naming several), and the patron's standing worded for staff
 * (the patron's own screens say "you").
 */
export const DESK_REFUSAL_KEYS = {
  COPY_NOT_FOUND: 'staff.desk.refusals.copyNotFound',
  COPY_AMBIGUOUS: 'staff.desk.refusals.copyAmbiguous',
  PATRON_NOT_FOUND: 'staff.desk.refusals.patronNotFound',
  PATRON_AMBIGUOUS: 'staff.desk.refusals.patronAmbiguous',
  TOKEN_INVALID: 'staff.desk.refusals.tokenInvalid',
  COPY_NOT_LOANABLE: 'staff.desk.refusals.copyNotLoanable',
  COPY_ON_LOAN: 'staff.desk.refusals.copyOnLoan',
  COPY_IN_QUARANTINE: 'staff.desk.refusals.copyInQuarantine',
  COPY_HELD_FOR_OTHER: 'staff.desk.refusals.copyHeldForOther',
  COPY_NOT_FREE: 'staff.desk.refusals.copyNotFree',
  LOAN_LIMIT: 'staff.desk.refusals.loanLimit',
  NOT_ON_LOAN: 'staff.desk.refusals.notOnLoan',
  REQUEST_NOT_FOUND: 'staff.desk.refusals.requestNotFound',
  REQUEST_STEP: 'staff.desk.refusals.requestStep',
  NOTHING_DUE: 'staff.desk.refusals.nothingDue',
  PAYMENT_TOO_LARGE: 'staff.desk.refusals.paymentTooLarge',
  DEBT_NOT_FOUND: 'staff.desk.refusals.debtNotFound',
  REASON_REQUIRED: 'staff.desk.refusals.reasonRequired',
  PATRON_SUSPENDED: 'staff.desk.refusals.patronSuspended',
  PATRON_IN_DEBT: 'staff.desk.refusals.patronInDebt',
  PATRON_UNLINKED: 'staff.desk.refusals.patronUnlinked',
  PATRON_HAS_LATE_LOANS: 'staff.desk.refusals.patronHasLateLoans',
} as const;
export type DeskRefusalCode = keyof typeof DESK_REFUSAL_KEYS;
