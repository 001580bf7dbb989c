// What a patron asks of the library (SPEC §7 api/solicitacoes; SPEC §3 "Bibliographic request";
// decision 0047): the kinds of request, the kinds of bibliographic switching, and the states a
// request goes through until the library answers it.

/** The request types: SPEC §7's path segments under /solicitacoes. */
export const REQUEST_TYPES = [
  'comutacao-bibliografica',
  'levantamento-bibliografico',
  'pesquisa-especializada',
  'ficha-catalografica',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Bibliographic switching's kinds (SPEC §3): an article, a thesis or dissertation, part of a document. */
export const SWITCHING_KINDS = ['artigo', 'tese', 'parte-documento'] as const;
export type SwitchingKind = (typeof SWITCHING_KINDS)[number];

/** A thesis's degree (SPEC §3): master, doctorate, post-doc. */
export const THESIS_DEGREES = ['mestrado', 'doutorado', 'pos-doutorado'] as const;
export type ThesisDegree = (typeof THESIS_DEGREES)[number];

/**
 * A request's states: sent and waiting, being worked on, answered, not answered (the library could
 * not: the reason is its answer), cancelled (by the patron while waiting, or by the library).
 */
export const REQUEST_STATUSES = [
  'aguardando',
  'em_atendimento',
  'atendida',
  'nao_atendida',
  'cancelada',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The moves a librarian makes; a request answered, not answered or cancelled is closed. */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  aguardando: ['em_atendimento', 'atendida', 'nao_atendida', 'cancelada'],
  em_atendimento: ['atendida', 'nao_atendida', 'cancelada'],
  atendida: [],
  nao_atendida: [],
  cancelada: [],
};
