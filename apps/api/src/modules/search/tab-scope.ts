import {
  ADVANCED_OPTION,
  ARCHIVE_OPTION,
  CASE_LAW_OPTION,
  NEW_ACQUISITIONS_DEFAULTS,
  NEW_ACQUISITIONS_MAX_DAYS,
  NEW_ACQUISITIONS_OPTION,
  NORMATIVE_ACT_KINDS,
  NORMATIVE_ACT_OPTION,
  TAB,
} from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';
import type { SearchRequest } from './engine.ts';

type Param = (value: unknown) => string;
type Options = Record<string, string[]>;

/**
 * The SQL condition (over `title t`) restricting a search to the records of its tab, or null
 * when the tab searches the whole catalogue. `param` adds a bound parameter and answers its
 * placeholder. Each tab's `opcao` keys are in docs/search.md "Search tabs"; values of one key are
 * alternatives (OR), different keys all apply (AND). A malformed value is refused (400), a start
 * after its end too (422, SPEC §5); keys of other tabs are ignored.
 */
export function tabCondition(request: SearchRequest, param: Param): string | null {
  const options = request.options;
  switch (request.tab) {
    // E-books: the e-book work type, or any title read online (acesso_remoto cr).
    case TAB.ebooks:
      return `(t.work_type = 'EBOOK' OR t.remote_access = 'cr')`;
    case TAB.accessibility:
      return 't.is_accessible';
    case TAB.archive:
      return archiveCondition(options, param);
    case TAB.normativeActs:
      return normativeActCondition(options, param);
    case TAB.caseLaw:
      return caseLawCondition(options, param);
    case TAB.newAcquisitions:
      return newAcquisitionsCondition(options, param);
    case TAB.advanced:
      return advancedCondition(options, param);
    default:
      return null;
  }
}

/**
 * What comes first when the tab's results are ordered by relevance (ordering C): the newest
 * acquisitions on the new-acquisitions tab; null elsewhere.
 */
export function tabRelevanceOrder(request: SearchRequest): string | null {
  return request.tab === TAB.newAcquisitions ? 't.acquired_on DESC NULLS LAST' : null;
}

/** The given values of a key, trimmed, empty ones left out. */
function valuesOf(options: Options, key: string): string[] {
  return (options[key] ?? []).map((v) => v.trim()).filter((v) => v !== '');
}

function invalid(key: string): Error {
  return ERRORS.badRequest(`opcao: ${key}`);
}

/** A year option (four digits) or null; refuses anything else. */
function yearOf(options: Options, key: string): number | null {
  const [value] = valuesOf(options, key);
  if (value === undefined) return null;
  if (!/^\d{4}$/.test(value)) throw invalid(key);
  return Number(value);
}

/** Several years, each four digits. */
function yearsOf(options: Options, key: string): number[] {
  return valuesOf(options, key).map((value) => {
    if (!/^\d{4}$/.test(value)) throw invalid(key);
    return Number(value);
  });
}

/** SPEC §5: a start date may not come after the end date. */
function checkOrder(from: string | number | null, to: string | number | null): void {
  if (from !== null && to !== null && from > to)
    throw ERRORS.rule('DATE_RANGE_INVERTED', 'search.options.dateOrder');
}

/** Accent- and case-insensitive equality with any of the values (the column holds f_norm of the text). */
function normIn(column: string, values: string[], param: Param): string {
  return `${column} = ANY (ARRAY(SELECT public.f_norm(v) FROM unnest(${param(values)}::text[]) AS v))`;
}

/** A number as the *_number_norm columns keep it: letters and digits before a "/year", lower case. */
export function normaliseNumber(value: string): string {
  return (value.split('/')[0] ?? '').replace(/[^0-9A-Za-z]/g, '').toLowerCase();
}

/** A condition on the side table of a tab: EXISTS over its row for the title, with the option conditions. */
function sideRow(table: string, conditions: string[]): string {
  const where = [`x.title_id = t.id`, ...conditions].join(' AND ');
  return `EXISTS (SELECT 1 FROM ${table} x WHERE ${where})`;
}

function archiveCondition(options: Options, param: Param): string {
  const conditions: string[] = [];
  const fonds = valuesOf(options, ARCHIVE_OPTION.fonds);
  if (fonds.length) conditions.push(normIn('x.fonds_norm', fonds, param));
  const series = valuesOf(options, ARCHIVE_OPTION.series);
  if (series.length) conditions.push(normIn('x.series_norm', series, param));
  // The years the material covers overlap the years asked for.
  const from = yearOf(options, ARCHIVE_OPTION.from);
  const to = yearOf(options, ARCHIVE_OPTION.to);
  checkOrder(from, to);
  if (from !== null) conditions.push(`coalesce(x.end_year, x.start_year) >= ${param(from)}::int`);
  if (to !== null) conditions.push(`coalesce(x.start_year, x.end_year) <= ${param(to)}::int`);
  return sideRow('title_archive', conditions);
}

function normativeActCondition(options: Options, param: Param): string {
  const conditions = [`t.work_type = 'ATO_NORMATIVO'`];
  const side: string[] = [];
  const kinds = valuesOf(options, NORMATIVE_ACT_OPTION.kind).map((kind) => kind.toUpperCase());
  if (kinds.some((kind) => !(NORMATIVE_ACT_KINDS as readonly string[]).includes(kind)))
    throw invalid(NORMATIVE_ACT_OPTION.kind);
  if (kinds.length) side.push(`x.kind = ANY (${param(kinds)}::text[])`);
  const issuers = valuesOf(options, NORMATIVE_ACT_OPTION.issuer);
  if (issuers.length) side.push(normIn('x.issuer_norm', issuers, param));
  const numbers = valuesOf(options, NORMATIVE_ACT_OPTION.number).map(normaliseNumber);
  if (numbers.length) side.push(`x.number_norm = ANY (${param(numbers)}::text[])`);
  const years = yearsOf(options, NORMATIVE_ACT_OPTION.year);
  if (years.length) side.push(`x.year = ANY (${param(years)}::int[])`);
  if (side.length) conditions.push(sideRow('title_normative_act', side));
  return conditions.join(' AND ');
}

function caseLawCondition(options: Options, param: Param): string {
  const conditions = [`t.work_type = 'JURISPRUDENCIA'`];
  const side: string[] = [];
  const courts = valuesOf(options, CASE_LAW_OPTION.court);
  if (courts.length) side.push(normIn('x.court_norm', courts, param));
  const kinds = valuesOf(options, CASE_LAW_OPTION.kind);
  if (kinds.length) side.push(normIn('x.decision_kind_norm', kinds, param));
  const numbers = valuesOf(options, CASE_LAW_OPTION.number).map(normaliseNumber);
  if (numbers.length) side.push(`x.case_number_norm = ANY (${param(numbers)}::text[])`);
  const rapporteurs = valuesOf(options, CASE_LAW_OPTION.rapporteur);
  if (rapporteurs.length) side.push(normIn('x.rapporteur_norm', rapporteurs, param));
  const years = yearsOf(options, CASE_LAW_OPTION.year);
  if (years.length) side.push(`x.year = ANY (${param(years)}::int[])`);
  if (side.length) conditions.push(sideRow('title_case_law', side));
  return conditions.join(' AND ');
}

/** An ISO calendar date (YYYY-MM-DD) option, or null; refuses anything else. */
function dateOf(options: Options, key: string): string | null {
  const [value] = valuesOf(options, key);
  if (value === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw invalid(key);
  return value;
}

/**
 * New acquisitions: acquired in the period asked for (dataIni/dataFim, either may be left open,
 * the end defaulting to today), else in the last `dias` days counting today (30 by default).
 * Titles dated after today have not arrived yet and are left out.
 */
function newAcquisitionsCondition(options: Options, param: Param): string {
  const from = dateOf(options, NEW_ACQUISITIONS_OPTION.from);
  const to = dateOf(options, NEW_ACQUISITIONS_OPTION.to);
  if (from !== null || to !== null) {
    checkOrder(from, to);
    const conditions = [
      to !== null ? `t.acquired_on <= ${param(to)}::date` : 't.acquired_on <= current_date',
    ];
    if (from !== null) conditions.push(`t.acquired_on >= ${param(from)}::date`);
    return conditions.join(' AND ');
  }
  const [daysText] = valuesOf(options, NEW_ACQUISITIONS_OPTION.days);
  let days: number = NEW_ACQUISITIONS_DEFAULTS.dias;
  if (daysText !== undefined) {
    if (!/^\d{1,3}$/.test(daysText)) throw invalid(NEW_ACQUISITIONS_OPTION.days);
    days = Number(daysText);
    if (days < 1 || days > NEW_ACQUISITIONS_MAX_DAYS) throw invalid(NEW_ACQUISITIONS_OPTION.days);
  }
  return `t.acquired_on > current_date - ${param(days)}::int AND t.acquired_on <= current_date`;
}

/**
 * Advanced search: the whole catalogue, limited to the publication years asked for (either end may
 * be open). A title without a year is left out once a limit is set: nothing says it falls inside.
 */
function advancedCondition(options: Options, param: Param): string | null {
  const from = yearOf(options, ADVANCED_OPTION.from);
  const to = yearOf(options, ADVANCED_OPTION.to);
  checkOrder(from, to);
  const conditions: string[] = [];
  if (from !== null) conditions.push(`t.year >= ${param(from)}::int`);
  if (to !== null) conditions.push(`t.year <= ${param(to)}::int`);
  return conditions.length ? conditions.join(' AND ') : null;
}
