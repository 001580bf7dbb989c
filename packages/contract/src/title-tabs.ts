/** Title sub-tabs of SPEC §2 by route segment, as /acervo/{id}/permissoes names them. */
export const TITLE_TAB_SEGMENTS = [
  'referencia',
  'marc',
  'exemplares',
  'dublin-core',
  'reserva',
  'solicitacao-emprestimo',
  'colecao-kardex',
  'sumarios',
  'sumarios-livros',
  'dados-estatisticos',
  'acervo-fechado',
] as const;
export type TitleTabSegment = (typeof TITLE_TAB_SEGMENTS)[number];

/** SPEC §2 tab codes; the summary and closed-collection tabs have none. */
export const TITLE_TAB_CODES = {
  referencia: 33,
  marc: 36,
  exemplares: 30,
  'dublin-core': 115,
  reserva: 18,
  'solicitacao-emprestimo': 75,
  'colecao-kardex': 32,
  sumarios: null,
  'sumarios-livros': null,
  'dados-estatisticos': 74,
  'acervo-fechado': null,
} as const satisfies Record<TitleTabSegment, number | null>;

/** Most copies one closed-stack request asks for. */
export const CLOSED_STACKS_MAX_ITEMS = 5;

/** The 422 refusals of a closed-stack request; the message is the translation key. */
export const CLOSED_STACKS_ERROR = {
  NOT_CLOSED_STACKS: { code: 'CLOSED_STACKS_NOT_CLOSED', key: 'record.closedCollection.errors.notClosed' },
  OTHER_LIBRARY: { code: 'CLOSED_STACKS_OTHER_LIBRARY', key: 'record.closedCollection.errors.otherLibrary' },
  /** SPEC §8 "no copies available for request": lent, missing, or already asked for by someone. */
  UNAVAILABLE: { code: 'CLOSED_STACKS_UNAVAILABLE', key: 'record.closedCollection.errors.unavailable' },
  /** SPEC §8 "duplicate request for the same title": the patron already waits for this copy. */
  DUPLICATE: { code: 'CLOSED_STACKS_DUPLICATE', key: 'record.closedCollection.errors.duplicate' },
} as const;

/** 422 when the institution has not set up the link's publisher (SPEC §8 "e-book supplier data not found"). */
export const RESTRICTED_ACCESS_ERROR = {
  SUPPLIER_NOT_FOUND: { code: 'EBOOK_SUPPLIER_NOT_FOUND', key: 'record.links.supplierNotFound' },
} as const;
