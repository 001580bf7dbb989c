import { z } from 'zod';
import {
  bigIdSchema,
  calendarDaySchema,
  idSchema,
  multilineTextSchema,
  textSchema,
} from './schemas/input.ts';
import { ISO_DAY_PATTERN } from './input.ts';

// Circulation calls of SPEC §7 (Loans, Reservations, Loan request, People renovar/afastamentos,
// nada-consta, gru, inter-library loans). Every one needs a signed-in patron and answers only
// about that patron. Dates are library days (YYYY-MM-DD); instants are ISO 8601 in UTC; money is
// in the currency's units with two decimals (R$ 4.50 → 4.5).

const day = z.string().regex(ISO_DAY_PATTERN);
const id = z.number().int();

/** `S`/`N`, `true`/`false` or `1`/`0` in a query string. */
const queryFlag = z
  .enum(['S', 'N', 's', 'n', 'true', 'false', '1', '0'])
  .transform((value) => ['S', 's', 'true', '1'].includes(value));

/** A library as the circulation calls name it (SPEC §3 Library). */
export const CirculationLibrarySchema = z.object({ cod_biblioteca: id, desc_biblioteca: z.string() });
export type CirculationLibrary = z.infer<typeof CirculationLibrarySchema>;

/** Translation keys of circulation refusals (422 messages) and of the hold observations. */
export const CIRCULATION_RULE_KEYS = {
  nothingToRenew: 'circulation.errors.nothingToRenew',
  nothingToCancel: 'circulation.errors.nothingToCancel',
  requestLimit: 'circulation.errors.requestLimit',
  requestDuplicate: 'circulation.errors.requestDuplicate',
  holdNotAllowed: 'circulation.errors.holdNotAllowed',
  requestNoCopies: 'circulation.errors.requestNoCopies',
  requestAllCopiesRequested: 'circulation.errors.requestAllCopiesRequested',
  requestNotAllowed: 'circulation.errors.requestNotAllowed',
  requestAddressRequired: 'circulation.errors.requestAddressRequired',
  requestLocationInvalid: 'circulation.errors.requestLocationInvalid',
  holdCopyAvailable: 'circulation.errors.holdCopyAvailable',
  holdLimit: 'circulation.errors.holdLimit',
  holdDuplicate: 'circulation.errors.holdDuplicate',
  holdAlreadyBorrowed: 'circulation.errors.holdAlreadyBorrowed',
  choiceRequiredBiblioteca: 'circulation.errors.choiceRequired.biblioteca',
  choiceRequiredVolume: 'circulation.errors.choiceRequired.volume',
  choiceRequiredTomo: 'circulation.errors.choiceRequired.tomo',
  choiceRequiredParte: 'circulation.errors.choiceRequired.parte',
  choiceRequiredMaterial: 'circulation.errors.choiceRequired.material_adicional',
  choiceRequiredLocalizacao: 'circulation.errors.choiceRequired.localizacao',
  choiceInvalid: 'circulation.errors.choiceInvalid',
  patronSuspended: 'circulation.errors.patronSuspended',
  patronInDebt: 'circulation.errors.patronInDebt',
  patronUnlinked: 'circulation.errors.patronUnlinked',
  patronHasLateLoans: 'circulation.errors.patronHasLateLoans',
  renewLimit: 'circulation.errors.renewLimit',
  renewHoldsWaiting: 'circulation.errors.renewHoldsWaiting',
  renewLate: 'circulation.errors.renewLate',
  renewTooEarly: 'circulation.errors.renewTooEarly',
  loanNotFound: 'circulation.errors.loanNotFound',
  holdNotFound: 'circulation.errors.holdNotFound',
  holdEnded: 'circulation.errors.holdEnded',
  dateRange: 'circulation.errors.dateRange',
  noDebtsHasLoans: 'circulation.errors.noDebtsHasLoans',
  noDebtsHasDebts: 'circulation.errors.noDebtsHasDebts',
  noDebtsDisabled: 'circulation.errors.noDebtsDisabled',
  noDebtsNotIssued: 'circulation.errors.noDebtsNotIssued',
  noDebtsFileMismatch: 'circulation.errors.noDebtsFileMismatch',
  emailInvalid: 'circulation.errors.emailInvalid',
  mailOff: 'circulation.errors.mailOff',
  slipAmountInvalid: 'circulation.errors.slipAmountInvalid',
  slipNothingDue: 'circulation.errors.slipNothingDue',
  observationExpired: 'circulation.holds.observation.expired',
  observationNoCopy: 'circulation.holds.observation.noCopy',
  observationStaff: 'circulation.holds.observation.staff',
  observationUnlinked: 'circulation.holds.observation.unlinked',
  observationPickup: 'circulation.holds.observation.pickup',
} as const;

/** 422 refusals of the circulation calls: a stable code and the translation key sent as the message. */
export const CIRCULATION_ERROR = {
  RENEW_NOTHING_SELECTED: { code: 'RENEW_NOTHING_SELECTED', key: CIRCULATION_RULE_KEYS.nothingToRenew },
  HOLD_NOTHING_SELECTED: { code: 'HOLD_NOTHING_SELECTED', key: CIRCULATION_RULE_KEYS.nothingToCancel },
  REQUEST_LIMIT: { code: 'REQUEST_LIMIT', key: CIRCULATION_RULE_KEYS.requestLimit },
  REQUEST_DUPLICATE: { code: 'REQUEST_DUPLICATE', key: CIRCULATION_RULE_KEYS.requestDuplicate },
  REQUEST_NO_COPIES: { code: 'REQUEST_NO_COPIES', key: CIRCULATION_RULE_KEYS.requestNoCopies },
  REQUEST_ALL_COPIES_REQUESTED: {
    code: 'REQUEST_ALL_COPIES_REQUESTED',
    key: CIRCULATION_RULE_KEYS.requestAllCopiesRequested,
  },
  REQUEST_NOT_ALLOWED: { code: 'REQUEST_NOT_ALLOWED', key: CIRCULATION_RULE_KEYS.requestNotAllowed },
  REQUEST_ADDRESS_REQUIRED: {
    code: 'REQUEST_ADDRESS_REQUIRED',
    key: CIRCULATION_RULE_KEYS.requestAddressRequired,
  },
  REQUEST_LOCATION_INVALID: {
    code: 'REQUEST_LOCATION_INVALID',
    key: CIRCULATION_RULE_KEYS.requestLocationInvalid,
  },
  HOLD_NOT_ALLOWED: { code: 'HOLD_NOT_ALLOWED', key: CIRCULATION_RULE_KEYS.holdNotAllowed },
  HOLD_COPY_AVAILABLE: { code: 'HOLD_COPY_AVAILABLE', key: CIRCULATION_RULE_KEYS.holdCopyAvailable },
  HOLD_LIMIT: { code: 'HOLD_LIMIT', key: CIRCULATION_RULE_KEYS.holdLimit },
  HOLD_DUPLICATE: { code: 'HOLD_DUPLICATE', key: CIRCULATION_RULE_KEYS.holdDuplicate },
  HOLD_ALREADY_BORROWED: { code: 'HOLD_ALREADY_BORROWED', key: CIRCULATION_RULE_KEYS.holdAlreadyBorrowed },
  CHOICE_REQUIRED_BIBLIOTECA: {
    code: 'CHOICE_REQUIRED',
    key: CIRCULATION_RULE_KEYS.choiceRequiredBiblioteca,
  },
  CHOICE_REQUIRED_VOLUME: { code: 'CHOICE_REQUIRED', key: CIRCULATION_RULE_KEYS.choiceRequiredVolume },
  CHOICE_REQUIRED_TOMO: { code: 'CHOICE_REQUIRED', key: CIRCULATION_RULE_KEYS.choiceRequiredTomo },
  CHOICE_REQUIRED_PARTE: { code: 'CHOICE_REQUIRED', key: CIRCULATION_RULE_KEYS.choiceRequiredParte },
  CHOICE_REQUIRED_MATERIAL: { code: 'CHOICE_REQUIRED', key: CIRCULATION_RULE_KEYS.choiceRequiredMaterial },
  CHOICE_REQUIRED_LOCALIZACAO: {
    code: 'CHOICE_REQUIRED',
    key: CIRCULATION_RULE_KEYS.choiceRequiredLocalizacao,
  },
  CHOICE_INVALID: { code: 'CHOICE_INVALID', key: CIRCULATION_RULE_KEYS.choiceInvalid },
  PATRON_SUSPENDED: { code: 'PATRON_SUSPENDED', key: CIRCULATION_RULE_KEYS.patronSuspended },
  PATRON_IN_DEBT: { code: 'PATRON_IN_DEBT', key: CIRCULATION_RULE_KEYS.patronInDebt },
  PATRON_UNLINKED: { code: 'PATRON_UNLINKED', key: CIRCULATION_RULE_KEYS.patronUnlinked },
  PATRON_HAS_LATE_LOANS: { code: 'PATRON_HAS_LATE_LOANS', key: CIRCULATION_RULE_KEYS.patronHasLateLoans },
  RENEW_LIMIT: { code: 'RENEW_LIMIT', key: CIRCULATION_RULE_KEYS.renewLimit },
  RENEW_HOLDS_WAITING: { code: 'RENEW_HOLDS_WAITING', key: CIRCULATION_RULE_KEYS.renewHoldsWaiting },
  RENEW_LATE: { code: 'RENEW_LATE', key: CIRCULATION_RULE_KEYS.renewLate },
  RENEW_TOO_EARLY: { code: 'RENEW_TOO_EARLY', key: CIRCULATION_RULE_KEYS.renewTooEarly },
  LOAN_NOT_FOUND: { code: 'LOAN_NOT_FOUND', key: CIRCULATION_RULE_KEYS.loanNotFound },
  HOLD_NOT_FOUND: { code: 'HOLD_NOT_FOUND', key: CIRCULATION_RULE_KEYS.holdNotFound },
  HOLD_ENDED: { code: 'HOLD_ENDED', key: CIRCULATION_RULE_KEYS.holdEnded },
  DATE_RANGE: { code: 'DATE_RANGE', key: CIRCULATION_RULE_KEYS.dateRange },
  NO_DEBTS_HAS_LOANS: { code: 'NO_DEBTS_HAS_LOANS', key: CIRCULATION_RULE_KEYS.noDebtsHasLoans },
  NO_DEBTS_HAS_DEBTS: { code: 'NO_DEBTS_HAS_DEBTS', key: CIRCULATION_RULE_KEYS.noDebtsHasDebts },
  NO_DEBTS_DISABLED: { code: 'NO_DEBTS_DISABLED', key: CIRCULATION_RULE_KEYS.noDebtsDisabled },
  NO_DEBTS_NOT_ISSUED: { code: 'NO_DEBTS_NOT_ISSUED', key: CIRCULATION_RULE_KEYS.noDebtsNotIssued },
  NO_DEBTS_FILE_MISMATCH: { code: 'NO_DEBTS_FILE_MISMATCH', key: CIRCULATION_RULE_KEYS.noDebtsFileMismatch },
  EMAIL_INVALID: { code: 'CIRCULATION_EMAIL_INVALID', key: CIRCULATION_RULE_KEYS.emailInvalid },
  MAIL_OFF: { code: 'CIRCULATION_MAIL_OFF', key: CIRCULATION_RULE_KEYS.mailOff },
  SLIP_AMOUNT_INVALID: { code: 'SLIP_AMOUNT_INVALID', key: CIRCULATION_RULE_KEYS.slipAmountInvalid },
  SLIP_NOTHING_DUE: { code: 'SLIP_NOTHING_DUE', key: CIRCULATION_RULE_KEYS.slipNothingDue },
} as const;
export type CirculationRefusal = (typeof CIRCULATION_ERROR)[keyof typeof CIRCULATION_ERROR];

/** A refusal inside an answer (a batch item, a reason a loan cannot be renewed): code and translation key. */
export const RefusalSchema = z.object({ codigo: z.string(), mensagem: z.string() });
export type Refusal = z.infer<typeof RefusalSchema>;

// ---------------------------------------------------------------- loans

/** SPEC §3 loan states: loaned, quarantine (returned, the copy rests), reserved (others wait for it), late. */
export const LOAN_STATES = ['emprestado', 'quarentena', 'reservado', 'atrasado'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

/** GET /emprestimo/titulos-pendentes (showDetails). */
export const PendingTitlesQuerySchema = z.object({ showDetails: queryFlag.default(false) });

/**
 * The fine a loan past its due date has run up so far (beyond SPEC: SPEC §3 charges it as a Debt on
 * return). Not final: it grows by `valor_por_dia` each day late, up to `valor_maximo`, and becomes a
 * debt of that amount when the copy is returned. Money in reais, two decimals, as Debt's.
 */
export const AccruingFineSchema = z.object({
  /** What a return today would be charged. */
  valor: z.number(),
  /** What each further day late adds (the rule's rate). */
  valor_por_dia: z.number(),
  /** The most this loan's fine can reach; null: no ceiling. */
  valor_maximo: z.number().nullable(),
  dias_atraso: id,
  /** Always true: the amount is a preview, the debt is charged on return. */
  provisoria: z.literal(true),
});
export type AccruingFine = z.infer<typeof AccruingFineSchema>;

/** One title the patron has (SPEC §3 Loan): return date, renewals and their limit, late flag. */
export const PendingTitleSchema = z.object({
  cod_emprestimo: id,
  cod_acervo: id,
  titulo: z.string(),
  autor: z.string().nullable(),
  data_emprestimo: z.string(),
  data_devolucao: day,
  renovacoes: id,
  limite_renovacoes: id,
  atrasado: z.boolean(),
  dias_atraso: id,
  situacao: z.enum(LOAN_STATES),
  /** Whether POST /emprestimo/renovacao would renew it now, and why not. */
  pode_renovar: z.boolean(),
  motivo: RefusalSchema.nullable(),
  /** The fine accruing while the loan is late; null when it is not late or the rule charges nothing. */
  multa_em_curso: AccruingFineSchema.nullable(),
  /** With showDetails only. */
  detalhes: z
    .object({
      cod_exemplar: id,
      numero_exemplar: z.string(),
      biblioteca: CirculationLibrarySchema,
      localizacao: z.string().nullable(),
      numero_chamada: z.string().nullable(),
      tipo_emprestimo: z.string().nullable(),
      volume: z.string().nullable(),
      /** Fine so far if returned today (late loans); 0 otherwise. */
      multa_prevista: z.number(),
      /** Holds waiting for this title. */
      reservas_em_espera: id,
      /** Last day of quarantine, for a returned copy still in quarantine. */
      fim_quarentena: day.nullable(),
    })
    .optional(),
});
export type PendingTitle = z.infer<typeof PendingTitleSchema>;
export const PendingTitlesSchema = z.array(PendingTitleSchema);

/** POST /emprestimo/renovacao: the loans to renew (one or several); none is "nothing selected". */
export const RenewRequestSchema = z.object({
  emprestimos: z.array(bigIdSchema()).max(100).default([]),
});
export type RenewRequest = z.infer<typeof RenewRequestSchema>;

/** The outcome per loan: one refusal does not fail the others (STYLE "Batches"). */
export const RenewResultSchema = z.object({
  resultados: z.array(
    z.object({
      cod_emprestimo: id,
      renovado: z.boolean(),
      data_devolucao: day.nullable(),
      renovacoes: id.nullable(),
      motivo: RefusalSchema.nullable(),
    }),
  ),
});
export type RenewResult = z.infer<typeof RenewResultSchema>;

/** Date range of the history calls; both optional (default: the last twelve months). */
export const DateRangeQuerySchema = z.object({
  dataIni: calendarDaySchema().optional(),
  dataFim: calendarDaySchema().optional(),
});

/** GET /emprestimo/historico (dataIni, dataFim, multa: only loans that were fined). */
export const LoanHistoryQuerySchema = DateRangeQuerySchema.extend({ multa: queryFlag.optional() });

/** One loan of the history, open or returned. */
export const LoanHistoryEntrySchema = z.object({
  cod_emprestimo: id,
  cod_acervo: id,
  titulo: z.string(),
  autor: z.string().nullable(),
  biblioteca: CirculationLibrarySchema,
  numero_exemplar: z.string(),
  data_emprestimo: z.string(),
  data_prevista: day,
  data_devolucao: z.string().nullable(),
  renovacoes: id,
  dias_atraso: id,
  multa: z.number(),
  situacao: z.enum([...LOAN_STATES, 'devolvido']),
});
export type LoanHistoryEntry = z.infer<typeof LoanHistoryEntrySchema>;
export const LoanHistorySchema = z.array(LoanHistoryEntrySchema);

/** Service types of a debt: a late-return fine, or another fee the desk charged. */
export const DEBT_SERVICE_TYPES = ['multa_atraso', 'taxa'] as const;

/** GET /emprestimo/debitos-pendentes: SPEC §3 Debt, those not settled yet. */
export const DebtSchema = z.object({
  cod_debito: id,
  valor_multa: z.number(),
  desconto: z.number(),
  valor_pago: z.number(),
  valor_pendente: z.number(),
  data_pagamento: z.string().nullable(),
  data_debito: z.string(),
  tipo_servico: z.enum(DEBT_SERVICE_TYPES),
  motivo: z.string(),
  biblioteca: CirculationLibrarySchema.nullable(),
  cod_acervo: id.nullable(),
  titulo: z.string().nullable(),
  dias_atraso: id.nullable(),
});
export type Debt = z.infer<typeof DebtSchema>;
export const DebtsSchema = z.array(DebtSchema);

/** POST /unidade-informacao/gru: a payment slip for part or all of what is owed at one library. */
export const PaymentSlipRequestSchema = z.object({
  valor: z.number().positive().max(1_000_000),
  codBiblioteca: idSchema(),
});
export type PaymentSlipRequest = z.infer<typeof PaymentSlipRequestSchema>;

/** The slip: its number, the typed line of the bank slip, and the PDF (base64) to print. */
export const PaymentSlipSchema = z.object({
  numero: z.string(),
  valor: z.number(),
  vencimento: day,
  biblioteca: CirculationLibrarySchema,
  linha_digitavel: z.string(),
  nome_arquivo: z.string(),
  pdf: z.string(),
});
export type PaymentSlip = z.infer<typeof PaymentSlipSchema>;

/** GET /pessoas/afastamentos: the patron's suspensions, current first. */
export const SuspensionSchema = z.object({
  cod_afastamento: id,
  data_inicio: day,
  data_fim: day,
  dias: id,
  origem: z.enum(['atraso', 'balcao']),
  motivo: z.string(),
  ativo: z.boolean(),
  biblioteca: CirculationLibrarySchema.nullable(),
  cod_acervo: id.nullable(),
  titulo: z.string().nullable(),
});
export type Suspension = z.infer<typeof SuspensionSchema>;
export const SuspensionsSchema = z.array(SuspensionSchema);

/** GET /pessoas/renovar: what the renewal screen needs, and whether automatic renewal is on. */
export const RenewalOverviewSchema = z.object({
  renovacao_automatica: z.boolean(),
  /** Reasons that stop every renewal (suspension, debts, unlinked); empty when none. */
  bloqueios: z.array(RefusalSchema),
  emprestimos: z.array(
    z.object({
      cod_emprestimo: id,
      cod_acervo: id,
      titulo: z.string(),
      data_devolucao: day,
      renovacoes: id,
      limite_renovacoes: id,
      pode_renovar: z.boolean(),
      motivo: RefusalSchema.nullable(),
    }),
  ),
});
export type RenewalOverview = z.infer<typeof RenewalOverviewSchema>;

/** PUT /pessoas/renovar: turn automatic renewal on or off. */
export const RenewalSettingsSchema = z.object({ renovacao_automatica: z.boolean() });
export type RenewalSettings = z.infer<typeof RenewalSettingsSchema>;

/** Minutes a self-service loan token stays valid. */
export const LOAN_TOKEN_TTL_MINUTES = 30;

/** GET/POST /emprestimo/token: SPEC §3 loan token with its validity. */
export const LoanTokenSchema = z.object({
  token: z.string().nullable(),
  validade: z.string().nullable(),
  valido: z.boolean(),
});
export type LoanToken = z.infer<typeof LoanTokenSchema>;

// ---------------------------------------------------------------- no-debts declaration

/** GET /unidade-informacao/nada-consta/verifica. */
export const NoDebtsCheckSchema = z.object({
  permitido: z.boolean(),
  motivo: RefusalSchema.nullable(),
  emprestimos: id,
  valor_pendente: z.number(),
  /** Fines still accruing on late loans (not final, not in valor_pendente): AccruingFine's sum. */
  multa_em_curso: z.number(),
  /** The declaration already issued, if any. */
  emitida: z.object({ codigo_verificacao: z.string(), data_emissao: z.string() }).nullable(),
});
export type NoDebtsCheck = z.infer<typeof NoDebtsCheckSchema>;

/** POST /unidade-informacao/nada-consta: the declaration and its PDF (base64). */
export const NoDebtsDeclarationSchema = z.object({
  codigo_verificacao: z.string(),
  data_emissao: z.string(),
  nome_arquivo: z.string(),
  pdf: z.string(),
});
export type NoDebtsDeclaration = z.infer<typeof NoDebtsDeclarationSchema>;

/** POST /nada-consta/send-mail answer. */
export const NoDebtsMailSentSchema = z.object({
  enviado: z.literal(true),
  destinatarios: z.array(z.string()),
});
export type NoDebtsMailSent = z.infer<typeof NoDebtsMailSentSchema>;

/** Multipart fields of POST /nada-consta/send-mail: `email` (semicolon-separated; default the patron's) and the file `arquivo` (optional: the PDF received). */
export const NO_DEBTS_MAIL_FIELDS = { email: 'email', file: 'arquivo' } as const;

// ---------------------------------------------------------------- holds

/** SPEC §4 hold states: in queue, released (waiting at the desk), cancelled; and fulfilled (lent). */
export const HOLD_STATES = ['fila', 'liberada', 'cancelada', 'atendida'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/** Choices a hold or loan request offers (SPEC §5: every offered choice must be chosen). */
export const CopyChoicesSchema = z.object({
  volumes: z.array(z.string()),
  tomos: z.array(z.string()),
  partes: z.array(z.string()),
  materiais_adicionais: z.array(z.string()),
  localizacoes: z.array(z.string()),
});

/** GET /reserva/{id}/informacoes-iniciais. */
export const HoldInitialInfoSchema = CopyChoicesSchema.extend({
  cod_acervo: id,
  titulo: z.string(),
  /** False when a hold would be refused now; motivo says why. */
  permitido: z.boolean(),
  motivo: RefusalSchema.nullable(),
  bibliotecas: z.array(CirculationLibrarySchema),
  /** Holds already waiting for the title. */
  fila: id,
});
export type HoldInitialInfo = z.infer<typeof HoldInitialInfoSchema>;

const choice = textSchema().trim().min(1).max(200).nullish();

/** POST /reserva and /reserva/validar-fila (SPEC §7). */
export const HoldRequestSchema = z.object({
  cod_acervo: idSchema(),
  biblioteca: idSchema().nullish(),
  volume: choice,
  tomo: choice,
  parte: choice,
  material_adicional: choice,
  localizacao: choice,
});
export type HoldRequest = z.infer<typeof HoldRequestSchema>;

/** POST /reserva/validar-fila: the place the patron would take. */
export const HoldQueueCheckSchema = z.object({ posicao_fila: id });

/** SPEC §3 Hold. */
export const HoldSchema = z.object({
  cod_reserva: id,
  cod_acervo: id,
  titulo: z.string(),
  autor: z.string().nullable(),
  biblioteca: CirculationLibrarySchema,
  situacao: z.enum(HOLD_STATES),
  posicao_fila: id.nullable(),
  data_reserva: z.string(),
  data_liberacao: z.string().nullable(),
  prazo_retirada: day.nullable(),
  data_cancelamento: z.string().nullable(),
  /** A translation key (CIRCULATION_RULE_KEYS.observation*), or null. */
  observacoes: z.string().nullable(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
  localizacao: z.string().nullable(),
  cod_exemplar: id.nullable(),
});
export type Hold = z.infer<typeof HoldSchema>;
export const HoldsSchema = z.array(HoldSchema);

/** DELETE /reserva body: the holds to cancel; none is "a reservation must be selected". */
export const CancelHoldsRequestSchema = z.object({
  reservas: z.array(bigIdSchema()).max(100).default([]),
});
export const CancelHoldsResultSchema = z.object({
  resultados: z.array(
    z.object({ cod_reserva: id, cancelada: z.boolean(), motivo: RefusalSchema.nullable() }),
  ),
});
export type CancelHoldsResult = z.infer<typeof CancelHoldsResultSchema>;

// ---------------------------------------------------------------- loan requests

/** SPEC §4 loan request states: waiting, in transit, available, finished, not finished. */
export const LOAN_REQUEST_STATES = [
  'aguardando',
  'em_transito',
  'disponivel',
  'finalizada',
  'nao_finalizada',
] as const;
export type LoanRequestState = (typeof LOAN_REQUEST_STATES)[number];

/** GET /solicitacao-emprestimo/{id}/informacoes-iniciais. */
export const LoanRequestInitialInfoSchema = CopyChoicesSchema.extend({
  cod_acervo: id,
  titulo: z.string(),
  permitido: z.boolean(),
  motivo: RefusalSchema.nullable(),
  bibliotecas_origem: z.array(CirculationLibrarySchema.extend({ exemplares_disponiveis: id })),
  bibliotecas_recebimento: z.array(
    CirculationLibrarySchema.extend({
      locais: z.array(z.object({ cod_local: id, descricao: z.string(), domicilio: z.boolean() })),
    }),
  ),
  email: z.string().nullable(),
  limite: id,
  abertas: id,
});
export type LoanRequestInitialInfo = z.infer<typeof LoanRequestInitialInfoSchema>;

/** SPEC §5: digits, hyphen, parentheses and space, at most 16 characters. */
export const PHONE_PATTERN = /^[0-9()\- ]{1,16}$/;

/** POST /solicitacao-emprestimo/{id} (SPEC §7 fields). */
export const LoanRequestBodySchema = z.object({
  biblioteca_origem: idSchema(),
  biblioteca_recebimento: idSchema(),
  volume: choice,
  tomo: choice,
  parte: choice,
  material_adicional: choice,
  telefone: textSchema().trim().regex(PHONE_PATTERN).nullish(),
  email: z.email().max(254),
  cod_local_recebimento: idSchema(),
  pessoa_autorizada: textSchema().trim().max(200).nullish(),
  domicilio: z
    .union([z.boolean(), z.enum(['S', 'N'])])
    .transform((v) => v === true || v === 'S')
    .default(false),
  /** The home address for home delivery (SPEC §5: required then). */
  recebimento_textual: multilineTextSchema().trim().max(500).nullish(),
});
export type LoanRequestBody = z.infer<typeof LoanRequestBodySchema>;

/** GET /solicitacao-emprestimo (dataIni, dataFim, status). */
export const LoanRequestsQuerySchema = DateRangeQuerySchema.extend({
  status: z.enum(LOAN_REQUEST_STATES).optional(),
});

/** SPEC §3 Loan request. */
export const LoanRequestSchema = z.object({
  cod_solicitacao: id,
  cod_acervo: id,
  titulo: z.string(),
  situacao: z.enum(LOAN_REQUEST_STATES),
  data_solicitacao: z.string(),
  data_atualizacao: z.string(),
  prazo_retirada: day.nullable(),
  biblioteca_origem: CirculationLibrarySchema,
  biblioteca_recebimento: CirculationLibrarySchema,
  local_recebimento: z.string(),
  domicilio: z.boolean(),
  cod_exemplar: id,
  numero_exemplar: z.string(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string(),
  pessoa_autorizada: z.string().nullable(),
  observacao: z.string().nullable(),
});
export type LoanRequest = z.infer<typeof LoanRequestSchema>;
export const LoanRequestsSchema = z.array(LoanRequestSchema);

// ---------------------------------------------------------------- inter-library loans

/** An inter-library loan request. */
export const InterlibraryRequestSchema = z.object({
  codigo: id,
  instituicao: z.object({ cod_empresa: id, desc_empresa: z.string() }).nullable(),
  titulo: z.string(),
  autor: z.string().nullable(),
  publicacao: z.string().nullable(),
  observacao: z.string().nullable(),
  biblioteca_recebimento: CirculationLibrarySchema,
  situacao: z.enum(LOAN_REQUEST_STATES),
  data_solicitacao: z.string(),
});
export type InterlibraryRequest = z.infer<typeof InterlibraryRequestSchema>;

/** GET /solicitacoes/emprestimo-inter-bibliotecas/dados: what the form offers, and the patron's requests. */
export const InterlibraryDataSchema = z.object({
  instituicoes: z.array(z.object({ cod_empresa: id, desc_empresa: z.string() })),
  bibliotecas_recebimento: z.array(CirculationLibrarySchema),
  email: z.string().nullable(),
  solicitacoes: z.array(InterlibraryRequestSchema),
});
export type InterlibraryData = z.infer<typeof InterlibraryDataSchema>;

/** POST /solicitacoes/emprestimo-inter-bibliotecas. */
export const InterlibraryRequestBodySchema = z.object({
  cod_empresa: idSchema().nullish(),
  /** A record of the network catalogue (GET /rede-pergamum/acervo/{id}); its title fills titulo when absent. */
  cod_registro_rede: idSchema().nullish(),
  titulo: textSchema().trim().min(1).max(500).optional(),
  autor: textSchema().trim().max(300).nullish(),
  publicacao: textSchema().trim().max(300).nullish(),
  observacao: multilineTextSchema().trim().max(2000).nullish(),
  email: z.email().max(254),
  telefone: textSchema().trim().regex(PHONE_PATTERN).nullish(),
  biblioteca_recebimento: idSchema(),
});
export type InterlibraryRequestBody = z.infer<typeof InterlibraryRequestBodySchema>;
