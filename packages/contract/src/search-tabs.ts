import type { ResultDisplay } from './search.ts';

/** `opcao` keys of the archive tab: fonds, series, and the years the material covers (from, to). */
export const ARCHIVE_OPTION = { fonds: 'fundo', series: 'serie', from: 'dataIni', to: 'dataFim' } as const;
/** `opcao` keys of the normative-acts tab: kind (NORMATIVE_ACT_KINDS), issuing body, number, year. */
export const NORMATIVE_ACT_OPTION = { kind: 'tipo', issuer: 'orgao', number: 'numero', year: 'ano' } as const;
/** `opcao` keys of the jurisprudence tab: court, kind of decision, case number, rapporteur, year of judgment. */
export const CASE_LAW_OPTION = {
  court: 'tribunal',
  kind: 'tipo',
  number: 'numero',
  rapporteur: 'relator',
  year: 'ano',
} as const;
/** `opcao` keys of the new-acquisitions tab: the last N days, or a period of dates (YYYY-MM-DD). */
export const NEW_ACQUISITIONS_OPTION = { days: 'dias', from: 'dataIni', to: 'dataFim' } as const;

/**
 * `opcao` keys of the advanced-search tab: the publication years (YYYY) a title must fall in, either
 * may be left open. Its other limits (work type, language, library) are the result filters T, I, B.
 */
export const ADVANCED_OPTION = { from: 'dataIni', to: 'dataFim' } as const;

/** The periods the new-acquisitions form offers, in days; 30 when none is chosen. */
export const NEW_ACQUISITIONS_PERIODS = [7, 15, 30, 60, 90, 180] as const;
/** Longest period in days a new-acquisitions search may ask for. */
export const NEW_ACQUISITIONS_MAX_DAYS = 366;

/**
 * New-acquisitions defaults (SPEC §3 "new-acquisitions display option C"): the last 30 days, shown
 * as display C, compact covers (D, the detailed result lines, is the other tabs' default); the
 * patron may switch between the RESULT_DISPLAYS.
 */
export const NEW_ACQUISITIONS_DEFAULTS = { dias: 30, exibicao: 'C' } as const satisfies {
  dias: number;
  exibicao: ResultDisplay;
};

/** Kinds of normative act (the normative-acts tab's `tipo`); equal to packages/marc's NORMATIVE_ACT_KINDS. */
export const NORMATIVE_ACT_KINDS = [
  'CONSTITUICAO',
  'EMENDA_CONSTITUCIONAL',
  'LEI_COMPLEMENTAR',
  'LEI',
  'MEDIDA_PROVISORIA',
  'DECRETO_LEI',
  'DECRETO',
  'PORTARIA',
  'RESOLUCAO',
  'INSTRUCAO_NORMATIVA',
  'OUTRO',
] as const;
export type NormativeActKind = (typeof NORMATIVE_ACT_KINDS)[number];

/** Translation key of each normative-act kind (the `descricao` of /consulta/opcoes-atos-normativos kinds). */
export const NORMATIVE_ACT_KIND_LABELS: Record<NormativeActKind, string> = {
  CONSTITUICAO: 'search.normativeActs.kind.CONSTITUICAO',
  EMENDA_CONSTITUCIONAL: 'search.normativeActs.kind.EMENDA_CONSTITUCIONAL',
  LEI_COMPLEMENTAR: 'search.normativeActs.kind.LEI_COMPLEMENTAR',
  LEI: 'search.normativeActs.kind.LEI',
  MEDIDA_PROVISORIA: 'search.normativeActs.kind.MEDIDA_PROVISORIA',
  DECRETO_LEI: 'search.normativeActs.kind.DECRETO_LEI',
  DECRETO: 'search.normativeActs.kind.DECRETO',
  PORTARIA: 'search.normativeActs.kind.PORTARIA',
  RESOLUCAO: 'search.normativeActs.kind.RESOLUCAO',
  INSTRUCAO_NORMATIVA: 'search.normativeActs.kind.INSTRUCAO_NORMATIVA',
  OUTRO: 'search.normativeActs.kind.OUTRO',
};

/** Fields of the teaching-plan search that choose plans (the library only says where to look for copies). */
export const TEACHING_PLAN_CRITERIA = ['departamento', 'ano', 'semestre', 'periodo', 'disciplina'] as const;

/** SPEC §5 "at least one field for teaching-plan search": the 422 code and its message key. */
export const TEACHING_PLAN_CRITERIA_REQUIRED = {
  code: 'TEACHING_PLAN_CRITERIA_REQUIRED',
  message: 'search.teachingPlan.criteriaRequired',
} as const;

/** Whether a teaching-plan search names at least one field that chooses plans (SPEC §5). */
export function hasTeachingPlanCriteria(query: Partial<Record<string, unknown>>): boolean {
  return TEACHING_PLAN_CRITERIA.some(
    (key) => query[key] !== undefined && query[key] !== null && query[key] !== '',
  );
}

/** Media type of the new-acquisitions feed (RFC 4287 Atom). */
export const NEW_ACQUISITIONS_FEED_TYPE = 'application/atom+xml';
