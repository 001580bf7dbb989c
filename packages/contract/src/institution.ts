/** Search tabs (SPEC §2 "Search tabs"); which show comes from this list. */
export const SEARCH_TABS = [
  'geral',
  'ebooks',
  'arquivo',
  'atos-normativos',
  'jurisprudencia',
  'autoridades',
  'avancada',
  'acessibilidade',
  'novas-aquisicoes',
  'plano-ensino',
  'rede-oai',
] as const;
export type SearchTabKey = (typeof SEARCH_TABS)[number];

/** Institution pages served under /parametros (SPEC §7): the two home-page sections and the general information. */
export const INSTITUTION_PAGES = ['secao_1', 'secao_2', 'informacoes_gerais'] as const;
export type InstitutionPageKey = (typeof INSTITUTION_PAGES)[number];

/** Longest general comment accepted, in characters. */
export const COMMENT_MAX_LENGTH = 2000;

/** True for a valid ISBN-10, ISBN-13 or ISSN (check digit included), typed with or without hyphens and spaces. */
export function isValidIsbnOrIssn(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  const digit = (c: string) => (c === 'X' ? 10 : Number(c));
  if (/^\d{7}[\dX]$/.test(compact)) {
    const sum = [...compact].reduce((acc, c, i) => acc + digit(c) * (8 - i), 0);
    return sum % 11 === 0;
  }
  if (/^\d{9}[\dX]$/.test(compact)) {
    const sum = [...compact].reduce((acc, c, i) => acc + digit(c) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(compact)) {
    const sum = [...compact].reduce((acc, c, i) => acc + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  return false;
}

/** Limits of the suggestion fields, in characters. */
export const SUGGESTION_FIELD_MAX = {
  autor: 300,
  titulo: 500,
  edicao: 100,
  editor: 300,
  isbn_issn: 20,
  outras_inf: 2000,
} as const;

/** Refusals of the comment and suggestion calls: 422 with a translation key as the message. */
export const FEEDBACK_ERRORS = {
  COMMENT_LIMIT_EXCEEDED: { code: 'COMMENT_LIMIT_EXCEEDED', key: 'feedback.comment.limitExceeded' },
  UNKNOWN_LIBRARY: { code: 'UNKNOWN_LIBRARY', key: 'feedback.unknownLibrary' },
  LIBRARY_NOT_IN_CAMPUS: { code: 'LIBRARY_NOT_IN_CAMPUS', key: 'feedback.suggestion.libraryNotInCampus' },
} as const;
