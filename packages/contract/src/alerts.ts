import { z } from 'zod';
import { calendarDaySchema } from './schemas/input.ts';
import type { LoanRequestState } from './circulation.ts';
import type { RequestStatus, RequestType } from './requests.ts';
import type { SuggestionStatus } from './purchase-suggestions.ts';
import type { InterlibraryState } from './staff-requests.ts';
import { titlePagePath } from './web-routes.ts';

// The patron's alerts (SPEC §3 Alert: id, lido; SPEC §7 GET/PUT/DELETE /solicitacoes/alertas;
// decision 0044). Events write them (a hold ready, a loan due soon or late, an automatic renewal,
// a request that moved, a comment answered…); each has a kind, its parameters, a day, a text in
// the reader's language and the address of the screen it is about.

/** What an alert is about. Other modules add theirs here, with their parameters and texts. */
export const ALERT_KINDS = [
  'holdReady',
  'loanDueSoon',
  'loanOverdue',
  'renewalDone',
  'renewalRefused',
  'loanRequestStatus',
  'commentApproved',
  'commentRefused',
  'suggestionStatus',
  'catalogueSheetIssued',
  // A bibliographic request moved (decision 0048).
  'requestStatus',
  'suggestionCatalogued',
  // Selective dissemination (decision 0052): a new title or issue matches the interest profile.
  'interestMatch',
  // The library moved an inter-library loan, answered a closed-stack protocol or decided on a
  // general comment (decision 0061).
  'interlibraryStatus',
  'closedStackStatus',
  'generalCommentApproved',
  'generalCommentRefused',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The parameters each kind of alert carries; days are YYYY-MM-DD, shown in the reader's format. */
export interface AlertParamsByKind {
  holdReady: { title: string; titleId: number; library: string; until: string };
  loanDueSoon: { title: string; titleId: number; dueOn: string };
  loanOverdue: { title: string; titleId: number; dueOn: string };
  renewalDone: { title: string; titleId: number; dueOn: string };
  /** `reason` is the refusal's translation key (circulation.errors.*). */
  renewalRefused: { title: string; titleId: number; dueOn: string; reason: string };
  /** `until` is the pickup deadline when the request is ready, else null. */
  loanRequestStatus: {
    title: string;
    titleId: number;
    status: LoanRequestState;
    library: string;
    until: string | null;
  };
  commentApproved: { title: string; titleId: number };
  /** `reason` is the librarian's own words, or null. */
  commentRefused: { title: string; titleId: number; reason: string | null };
  /** The library issued the final catalogue sheet of the patron's work `title` (request `requestId`). */
  catalogueSheetIssued: { title: string; requestId: number };
  /** A bibliographic request moved; `title` is what the request is about (its title or subject). */
  requestStatus: { title: string; requestId: number; type: RequestType; status: RequestStatus };
  /** `status` is the suggestion's status code, written as the reader's language names it. */
  suggestionStatus: { title: string; suggestionId: number; status: SuggestionStatus };
  /** The suggested title is in the catalogue now: `titleId` is its record. */
  suggestionCatalogued: { title: string; suggestionId: number; titleId: number };
  /** `reason` is what of the profile it matched ("Gatos", "Revista X: v. 2, n. 1"). */
  interestMatch: { title: string; titleId: number; reason: string };
  /** `answer` is the librarian's own words to the patron, or null. */
  interlibraryStatus: {
    title: string;
    requestId: number;
    status: InterlibraryState;
    library: string;
    answer: string | null;
  };
  /** The protocol was attended (the items wait at `library`'s desk) or refused (`answer` says why). */
  closedStackStatus: {
    protocol: string;
    status: 'atendida' | 'recusada';
    library: string;
    answer: string | null;
  };
  generalCommentApproved: { library: string };
  /** `reason` is the librarian's own words. */
  generalCommentRefused: { library: string; reason: string };
}
export type AlertParams<K extends AlertKind = AlertKind> = AlertParamsByKind[K];

/** Translation keys of the alert texts; a loan request's text depends on its new status. */
const ALERT_TEXT_KEYS = {
  holdReady: 'alerts.kind.holdReady',
  loanDueSoon: 'alerts.kind.loanDueSoon',
  loanOverdue: 'alerts.kind.loanOverdue',
  renewalDone: 'alerts.kind.renewalDone',
  renewalRefused: 'alerts.kind.renewalRefused',
  commentApproved: 'alerts.kind.commentApproved',
  commentRefused: 'alerts.kind.commentRefused',
  commentRefusedWithReason: 'alerts.kind.commentRefusedWithReason',
  suggestionStatus: 'alerts.kind.suggestionStatus',
  catalogueSheetIssued: 'alerts.kind.catalogueSheetIssued',
  suggestionCatalogued: 'alerts.kind.suggestionCatalogued',
  interestMatch: 'alerts.kind.interestMatch',
  generalCommentApproved: 'alerts.kind.generalCommentApproved',
  generalCommentRefused: 'alerts.kind.generalCommentRefused',
} as const;
/** An inter-library loan's text depends on its new status, and on whether the library wrote to the patron. */
const INTERLIBRARY_TEXT_KEYS: Record<InterlibraryState, { plain: string; withAnswer: string }> = {
  aguardando: {
    plain: 'alerts.kind.interlibrary.aguardando',
    withAnswer: 'alerts.kind.interlibrary.aguardandoWithAnswer',
  },
  em_transito: {
    plain: 'alerts.kind.interlibrary.em_transito',
    withAnswer: 'alerts.kind.interlibrary.em_transitoWithAnswer',
  },
  disponivel: {
    plain: 'alerts.kind.interlibrary.disponivel',
    withAnswer: 'alerts.kind.interlibrary.disponivelWithAnswer',
  },
  finalizada: {
    plain: 'alerts.kind.interlibrary.finalizada',
    withAnswer: 'alerts.kind.interlibrary.finalizadaWithAnswer',
  },
  // Ending one unserved needs a reason (decision 0061).
  nao_finalizada: {
    plain: 'alerts.kind.interlibrary.nao_finalizada',
    withAnswer: 'alerts.kind.interlibrary.nao_finalizada',
  },
};
const CLOSED_STACK_TEXT_KEYS = {
  atendida: 'alerts.kind.closedStack.atendida',
  atendidaWithAnswer: 'alerts.kind.closedStack.atendidaWithAnswer',
  recusada: 'alerts.kind.closedStack.recusada',
} as const;
/** A bibliographic request's text depends on its new status (decision 0048). */
const REQUEST_STATUS_TEXT_KEYS: Record<RequestStatus, string> = {
  aguardando: 'alerts.kind.requestStatus.aguardando',
  em_atendimento: 'alerts.kind.requestStatus.em_atendimento',
  atendida: 'alerts.kind.requestStatus.atendida',
  nao_atendida: 'alerts.kind.requestStatus.nao_atendida',
  cancelada: 'alerts.kind.requestStatus.cancelada',
};
const LOAN_REQUEST_TEXT_KEYS: Record<LoanRequestState, string> = {
  aguardando: 'alerts.kind.loanRequest.aguardando',
  em_transito: 'alerts.kind.loanRequest.em_transito',
  disponivel: 'alerts.kind.loanRequest.disponivel',
  finalizada: 'alerts.kind.loanRequest.finalizada',
  nao_finalizada: 'alerts.kind.loanRequest.nao_finalizada',
};

/** The translation key of an alert's text; its placeholders are the parameters' names. */
export function alertTextKey(kind: AlertKind, params: Record<string, unknown>): string {
  if (kind === 'loanRequestStatus')
    return LOAN_REQUEST_TEXT_KEYS[params['status'] as LoanRequestState] ?? LOAN_REQUEST_TEXT_KEYS.aguardando;
  if (kind === 'requestStatus')
    return REQUEST_STATUS_TEXT_KEYS[params['status'] as RequestStatus] ?? REQUEST_STATUS_TEXT_KEYS.aguardando;
  if (kind === 'commentRefused' && typeof params['reason'] === 'string' && params['reason'])
    return ALERT_TEXT_KEYS.commentRefusedWithReason;
  const answered = typeof params['answer'] === 'string' && params['answer'] !== '';
  if (kind === 'interlibraryStatus') {
    const keys =
      INTERLIBRARY_TEXT_KEYS[params['status'] as InterlibraryState] ?? INTERLIBRARY_TEXT_KEYS.aguardando;
    return answered ? keys.withAnswer : keys.plain;
  }
  if (kind === 'closedStackStatus') {
    if (params['status'] === 'recusada') return CLOSED_STACK_TEXT_KEYS.recusada;
    return answered ? CLOSED_STACK_TEXT_KEYS.atendidaWithAnswer : CLOSED_STACK_TEXT_KEYS.atendida;
  }
  return ALERT_TEXT_KEYS[kind];
}

/**
 * The translation key a parameter's value stands for, when it is a code the text names in the
 * reader's language (a renewal refusal's reason, a suggestion's status); null for plain values.
 */
export function alertParamTextKey(kind: AlertKind, name: string, value: unknown): string | null {
  if (kind === 'renewalRefused' && name === 'reason') return String(value);
  if (kind === 'suggestionStatus' && name === 'status') return `suggestions.status.${String(value)}`;
  return null;
}

/** Parameters that are library days, written in the reader's date format in the text. */
export const ALERT_DAY_PARAMS = ['until', 'dueOn'] as const;

/** The web page an alert leads to: the holds, the loans, the loan requests, or the title's page. */
export function alertLink(kind: AlertKind, params: Record<string, unknown>): string | null {
  switch (kind) {
    case 'holdReady':
      return '/meupergamum/reservas';
    case 'loanDueSoon':
    case 'loanOverdue':
    case 'renewalDone':
    case 'renewalRefused':
      return '/meupergamum/emprestimos';
    case 'loanRequestStatus':
      return '/meupergamum/solicitacoes';
    case 'requestStatus':
      return '/meupergamum/pedidos';
    case 'suggestionStatus':
      return '/meupergamum/sugestoes';
    case 'commentApproved':
    case 'commentRefused':
    case 'suggestionCatalogued':
    case 'interestMatch':
      return typeof params['titleId'] === 'number' ? titlePagePath(params['titleId']) : null;
    case 'catalogueSheetIssued':
      return '/meupergamum/ficha-catalografica';
    case 'interlibraryStatus':
      return '/meupergamum/emprestimo-entre-bibliotecas';
    default:
      return null;
  }
}

/** Translation keys of the alert calls' refusals (422 messages name the field). */
export const ALERT_RULE_KEYS = {
  startRequired: 'alerts.errors.startRequired',
  endRequired: 'alerts.errors.endRequired',
  dateRange: 'alerts.errors.dateRange',
} as const;

/** 422 refusals of the alert calls: a stable code and the translation key sent as the message. */
export const ALERT_ERROR = {
  START_REQUIRED: { code: 'ALERT_START_REQUIRED', key: ALERT_RULE_KEYS.startRequired },
  END_REQUIRED: { code: 'ALERT_END_REQUIRED', key: ALERT_RULE_KEYS.endRequired },
  DATE_RANGE: { code: 'DATE_RANGE', key: ALERT_RULE_KEYS.dateRange },
} as const;

/**
 * GET /solicitacoes/alertas (dataIni, dataFim). SPEC §5: both are required and the start is not
 * after the end; a missing one is a 422 naming it (not a 400), so the screen can say which.
 */
export const AlertsQuerySchema = z.object({
  dataIni: calendarDaySchema().optional().describe('First day (required: a 422 names it when missing)'),
  dataFim: calendarDaySchema().optional().describe('Last day (required: a 422 names it when missing)'),
});
export type AlertsQuery = z.infer<typeof AlertsQuerySchema>;

/** One alert (SPEC §3 Alert: id, lido; the rest is Estante's, decision 0044). */
export const AlertSchema = z.object({
  id: z.number().int(),
  lido: z.boolean(),
  tipo: z.enum(ALERT_KINDS),
  /** When the event happened (ISO 8601, UTC). */
  data: z.string(),
  /** The alert in the request's language. */
  texto: z.string(),
  parametros: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The web page it is about (a path of the web app), or null. */
  link: z.string().nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertsSchema = z.array(AlertSchema);

/** DELETE /solicitacoes/alertas/{id}: the id of the alert deleted. */
export const DeletedAlertSchema = z.object({ id: z.number().int() });
export type DeletedAlert = z.infer<typeof DeletedAlertSchema>;

/** GET /solicitacoes/alertas/nao-lidos (an extension, decision 0044): how many are unread. */
export const UnreadAlertsSchema = z.object({ quantidade: z.number().int().min(0) });
export type UnreadAlerts = z.infer<typeof UnreadAlertsSchema>;
