import type { MarcField } from '../types.ts';
import { fieldsOf, joinSubfields, subfieldValue, subfieldValues, type IndexedRecord } from './extract.ts';
import { trimPunctuation } from './punctuation.ts';

/**
 * Kinds of normative act the normative-acts search tab tells apart (Brazilian practice, with the
 * Spanish and English words for the same acts); OUTRO when a record is legislation of no kind we know.
 */
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

/** A law, decree, ordinance… as the normative-acts tab searches it. */
export interface MappedNormativeAct {
  /** From the act's designation (240, 130 or 245 $a: "Lei n. 9.610, de 19 de fevereiro de 1998"), else the genre (655). */
  kind: NormativeActKind;
  /** The act's number as written ("9.610"), or null (a constitution has none). */
  number: string | null;
  /** Date of the act (ISO yyyy-mm-dd) from its designation, or null. */
  date: string | null;
  /** Year of the act: its date, a year in its designation, else the record's year. */
  year: number | null;
  /** The issuing body: the jurisdiction main entry (110 with first indicator 1) $a and $b, e.g. "Brasil. Ministério da Educação". */
  issuer: string | null;
  /** The jurisdiction alone (110 $a), e.g. "Brasil". */
  jurisdiction: string | null;
}

/** A court decision, as the jurisprudence tab searches it. */
export interface MappedCaseLaw {
  /** The court: $b of the jurisdiction main entry (110 1_), else of a 710 naming a court. */
  court: string | null;
  /** Kind of decision or procedural class, the words before the case number in 240/245 $a ("Recurso extraordinário"). */
  decisionKind: string | null;
  /** Case number as written ("898.060"). */
  caseNumber: string | null;
  /** The rapporteur: the 700 whose relator term ($e) is relator/relatora/rapporteur/ponente. */
  rapporteur: string | null;
  /** Judgment date (ISO) from 033 $a, else "julgado em …" in 245/500/518. */
  date: string | null;
  /** Year of judgment, else the record's year. */
  year: number | null;
}

/** An archival unit (fonds, series, file or item), as the archive tab searches it. */
export interface MappedArchive {
  /** The fonds or collection it belongs to (773 $t), or its own title when it describes a whole fonds (351 $c). */
  fonds: string | null;
  /** The series (490 $a, else 830 $a). */
  series: string | null;
  /** Hierarchical level (351 $c), e.g. "Dossiê", "Item", "Fonds". */
  level: string | null;
  /** First year of the material (008/06 i, k, s, m, q: 008/07-10; else a year range in 245 $f). */
  startYear: number | null;
  /** Last year of the material (008/11-14 for inclusive or bulk dates; else the first year). */
  endYear: number | null;
}

/** Accent- and case-folded text, single spaces, for matching words. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Genre terms (655 $a, folded, final punctuation off) that mark legislation, with the kind they imply. */
const LEGISLATION_GENRES: Readonly<Record<string, NormativeActKind>> = {
  legislacao: 'OUTRO',
  legislation: 'OUTRO',
  legislacion: 'OUTRO',
  'atos normativos': 'OUTRO',
  'ato normativo': 'OUTRO',
  'administrative regulations': 'OUTRO',
  lei: 'LEI',
  leis: 'LEI',
  ley: 'LEI',
  leyes: 'LEI',
  statutes: 'LEI',
  'statutes and codes': 'LEI',
  decreto: 'DECRETO',
  decretos: 'DECRETO',
  decree: 'DECRETO',
  decrees: 'DECRETO',
  'executive orders': 'DECRETO',
  portaria: 'PORTARIA',
  portarias: 'PORTARIA',
  resolucao: 'RESOLUCAO',
  resolucoes: 'RESOLUCAO',
  constituicao: 'CONSTITUICAO',
  constituicoes: 'CONSTITUICAO',
  constitutions: 'CONSTITUICAO',
  'medida provisoria': 'MEDIDA_PROVISORIA',
  'medidas provisorias': 'MEDIDA_PROVISORIA',
  'instrucao normativa': 'INSTRUCAO_NORMATIVA',
  'instrucoes normativas': 'INSTRUCAO_NORMATIVA',
};

/** Genre terms (655 $a, folded) that mark court decisions. */
const CASE_LAW_GENRES = new Set([
  'jurisprudencia',
  'acordao',
  'acordaos',
  'decisao judicial',
  'decisoes judiciais',
  'sentenca',
  'sentencas',
  'sentencia',
  'sentencias',
  'sumula',
  'sumulas',
  'court decisions and opinions',
  'judicial opinions',
  'case law',
  'law reports, digests, etc',
]);

/** How an act's designation starts (folded text), longest first where one starts another. */
const ACT_DESIGNATIONS: readonly [RegExp, NormativeActKind][] = [
  [/^emenda constitucional\b/, 'EMENDA_CONSTITUCIONAL'],
  [/^(constituicao|constitution|constitucion)\b/, 'CONSTITUICAO'],
  [/^lei complementar\b/, 'LEI_COMPLEMENTAR'],
  [/^decreto[- ]lei\b/, 'DECRETO_LEI'],
  [/^(lei|ley)\b/, 'LEI'],
  [/^medida provisoria\b/, 'MEDIDA_PROVISORIA'],
  [/^(decreto|decree)\b/, 'DECRETO'],
  [/^portaria\b/, 'PORTARIA'],
  [/^(resolucao|resolucion|resolution)\b/, 'RESOLUCAO'],
  [/^instrucao normativa\b/, 'INSTRUCAO_NORMATIVA'],
];

const MONTHS: Readonly<Record<string, number>> = {
  janeiro: 1,
  fevereiro: 2,
  marco: 3,
  abril: 4,
  maio: 5,
  junho: 6,
  julho: 7,
  agosto: 8,
  setembro: 9,
  outubro: 10,
  novembro: 11,
  dezembro: 12,
  enero: 1,
  febrero: 2,
  marzo: 3,
  mayo: 5,
  junio: 6,
  julio: 7,
  septiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
};

// "n. 9.610", "nº 13.709", "no 8.069", "n.o 1", or the number alone after the designation; an
// issuer's acronym or a qualifier may come first ("Resolução CNE/CES n. 7", "Portaria normativa n. 40"),
// but "Decreto de 12 de maio de 1890" has no number.
const NUMBER = /^(?:(?!de\s)[a-z]{2,}(?:\/[a-z]{2,})*\s+)?(?:n\s*[.ºo°]*\s*)?(\d[\d.]*(?:[/-]\d+)?)/;
// "de 19 de fevereiro de 1998", "19 de febrero de 1998" (folded text).
const SPELLED_DATE = /(\d{1,2})(?:o|º)?\s+de\s+([a-z]+)\s+de\s+(\d{4})/;

/** A date written out in Portuguese or Spanish in folded text, as ISO; null when there is none or it is impossible. */
function spelledDate(folded: string): string | null {
  const match = SPELLED_DATE.exec(folded);
  if (!match) return null;
  const month = MONTHS[match[2]!];
  return month ? isoDate(Number(match[3]), month, Number(match[1])) : null;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** The genre terms of a record (655 $a), folded and without final punctuation. */
function genresOf(rec: IndexedRecord): string[] {
  return fieldsOf(rec, '655').flatMap((field) =>
    subfieldValues(field, 'a').map((value) => fold(trimPunctuation(value)).replace(/\.$/, '')),
  );
}

/** The main entry when it is a jurisdiction (110 with first indicator 1: "Brasil. Ministério da Saúde"). */
function jurisdictionEntry(rec: IndexedRecord): MarcField | null {
  return fieldsOf(rec, '110').find((field) => field.ind1 === '1') ?? null;
}

/** The texts that may hold an act's or a decision's designation: uniform titles first, then the title. */
function designations(rec: IndexedRecord): string[] {
  const texts = [
    ...fieldsOf(rec, '240').map((f) => joinSubfields(f, 'adfgklmnoprs')),
    ...fieldsOf(rec, '130').map((f) => joinSubfields(f, 'adfgklmnoprs')),
    ...fieldsOf(rec, '110').map((f) => joinSubfields(f, 't')),
    ...fieldsOf(rec, '245').map((f) => joinSubfields(f, 'a')),
  ];
  // Uniform titles are often bracketed ("[Lei n. 9.610, de 19 de fevereiro de 1998]").
  return texts.map((text) => text.replace(/^\s*\[/, '').trim()).filter((text) => text !== '');
}

/** Reads "Lei n. 9.610, de 19 de fevereiro de 1998" and the like; null when the text is no act's designation. */
export function parseActDesignation(
  text: string,
): { kind: NormativeActKind; number: string | null; date: string | null; year: number | null } | null {
  const folded = fold(text);
  for (const [pattern, kind] of ACT_DESIGNATIONS) {
    const match = pattern.exec(folded);
    if (!match) continue;
    const rest = folded.slice(match[0].length).replace(/^[\s,:]+/, '');
    const number = NUMBER.exec(rest)?.[1]?.replace(/[.,]$/, '') ?? null;
    const date = spelledDate(rest);
    // "Constituição (1988)", "Lei n. 8.666/93" has no four-digit year; the date's year comes first.
    const yearText =
      date?.slice(0, 4) ?? /\((\d{4})\)|\b(1[5-9]\d\d|20\d\d)\b/.exec(rest)?.slice(1).find(Boolean);
    return { kind, number, date, year: yearText ? Number(yearText) : null };
  }
  return null;
}

/** The legislation data of a record, or null when it is not a normative act (see docs/marc-mapping.md). */
export function mapNormativeAct(rec: IndexedRecord, recordYear: number | null): MappedNormativeAct | null {
  const genreKinds = genresOf(rec)
    .map((genre) => LEGISLATION_GENRES[genre])
    .filter((kind): kind is NormativeActKind => kind !== undefined);
  const jurisdiction = jurisdictionEntry(rec);
  const designation = designations(rec)
    .map(parseActDesignation)
    .find((parsed) => parsed !== null);
  // A book about a law is entered under its author and has the law as a subject (6XX), never
  // as its own title under the jurisdiction: only the genre or that main entry make a record the act.
  if (genreKinds.length === 0 && !(jurisdiction && designation)) return null;
  const kind = designation?.kind ?? genreKinds.find((k) => k !== 'OUTRO') ?? 'OUTRO';
  const issuerParts = jurisdiction ? subfieldValues(jurisdiction, 'ab').map((v) => trimPunctuation(v)) : [];
  return {
    kind,
    number: designation?.number ?? null,
    date: designation?.date ?? null,
    year: designation?.year ?? recordYear,
    issuer: issuerParts.filter((p) => p !== '').join('. ') || null,
    jurisdiction: jurisdiction ? trimPunctuation(subfieldValue(jurisdiction, 'a') ?? '') || null : null,
  };
}

const COURT = /tribuna|supremo|court|corte|juzgado|justica|justicia/;
const RAPPORTEUR = /^(relator|relatora|rapporteur|ponente|ministro relator|ministra relatora)$/;

/** The court decision data of a record, or null when it is not case law (655 genre; see docs/marc-mapping.md). */
export function mapCaseLaw(rec: IndexedRecord, recordYear: number | null): MappedCaseLaw | null {
  if (!genresOf(rec).some((genre) => CASE_LAW_GENRES.has(genre))) return null;
  const courtOf = (field: MarcField) => {
    const units = subfieldValues(field, 'b').map((v) => trimPunctuation(v));
    return units.find((u) => COURT.test(fold(u))) ?? units[0] ?? null;
  };
  const main = jurisdictionEntry(rec) ?? fieldsOf(rec, '110')[0] ?? null;
  const added = fieldsOf(rec, '710').find((f) => subfieldValues(f, 'ab').some((v) => COURT.test(fold(v))));
  const court =
    (main ? courtOf(main) : null) ??
    (added ? courtOf(added) : null) ??
    (main ? trimPunctuation(subfieldValue(main, 'a') ?? '') || null : null);

  let decisionKind: string | null = null;
  let caseNumber: string | null = null;
  for (const text of designations(rec)) {
    const match = /^(.*?\p{L}.*?)\s+(?:n\s*[.ºo°]*\s*)?(\d[\d.]*(?:[/-]\d+)?)/iu.exec(text);
    if (!match) continue;
    decisionKind = trimPunctuation(match[1]!.replace(/\s+n[.ºo°]*$/i, '')) || null;
    caseNumber = match[2]!.replace(/[.,]$/, '');
    break;
  }

  const rapporteurField = fieldsOf(rec, '700').find((field) =>
    subfieldValues(field, 'e4').some((role) => RAPPORTEUR.test(fold(trimPunctuation(role)))),
  );
  const rapporteur = rapporteurField
    ? trimPunctuation(joinSubfields(rapporteurField, 'abcqd')) || null
    : null;

  const eventDate = fieldsOf(rec, '033')
    .flatMap((f) => subfieldValues(f, 'a'))
    .map((value) => /^(\d{4})(\d{2})(\d{2})/.exec(value.trim()))
    .map((m) => (m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null))
    .find((d) => d !== null);
  const judged =
    eventDate ??
    [...fieldsOf(rec, '245'), ...fieldsOf(rec, '500'), ...fieldsOf(rec, '518')]
      .map((f) => fold(joinSubfields(f, null)))
      .map((text) => /julgad[oa] em (.*)$/.exec(text)?.[1] ?? null)
      .map((rest) => (rest ? spelledDate(rest) : null))
      .find((d) => d !== null) ??
    null;
  return {
    court,
    decisionKind,
    caseNumber,
    rapporteur,
    date: judged,
    year: judged ? Number(judged.slice(0, 4)) : recordYear,
  };
}

/** Leader/06 types that are manuscripts or mixed materials (archives and special collections). */
const ARCHIVAL_RECORD_TYPES = 'dfpt';
const FONDS_LEVEL = /^(fonds?|fundo|fondo|collection|colecao|coleccion|record group)$/;

/**
 * The archive data of a record, or null when it is not archival material: archival control
 * (leader/08 a), a manuscript or mixed-materials record (leader/06 d, f, p, t), or an
 * organisation and arrangement statement (351).
 */
export function mapArchive(
  rec: IndexedRecord,
  fixed: string | null,
  recordYear: number | null,
): MappedArchive | null {
  const leader = rec.record.leader;
  const arrangement = fieldsOf(rec, '351');
  if (leader[8] !== 'a' && !ARCHIVAL_RECORD_TYPES.includes(leader[6] ?? ' ') && arrangement.length === 0)
    return null;
  const level = arrangement.map((f) => trimPunctuation(subfieldValue(f, 'c') ?? '')).find(Boolean) ?? null;
  const host = fieldsOf(rec, '773')
    .map((f) => trimPunctuation(subfieldValue(f, 't') ?? ''))
    .find(Boolean);
  const ownTitle = fieldsOf(rec, '245')
    .map((f) => trimPunctuation(joinSubfields(f, 'abnp')))
    .find(Boolean);
  const fonds = host ?? (level && FONDS_LEVEL.test(fold(level)) ? (ownTitle ?? null) : null);
  const series =
    [...fieldsOf(rec, '490'), ...fieldsOf(rec, '830')]
      .map((f) => trimPunctuation(subfieldValue(f, 'a') ?? ''))
      .find(Boolean) ?? null;

  let startYear: number | null = null;
  let endYear: number | null = null;
  const year = (text: string | undefined) => (text && /^\d{4}$/.test(text) ? Number(text) : null);
  if (fixed && 'ikmqs'.includes(fixed[6] ?? ' ')) {
    startYear = year(fixed.slice(7, 11));
    // 'm' with 9999 means "still going": no end year.
    endYear = 'ikmq'.includes(fixed[6]!) ? year(fixed.slice(11, 15)) : null;
    if (endYear === 9999) endYear = null;
  }
  if (startYear === null) {
    const inclusive = fieldsOf(rec, '245')
      .flatMap((f) => subfieldValues(f, 'fg'))
      .map((text) => /(\d{4})\s*-\s*(\d{4})|(\d{4})/.exec(text))
      .find((m) => m !== null);
    if (inclusive) {
      startYear = Number(inclusive[1] ?? inclusive[3]);
      endYear = inclusive[2] ? Number(inclusive[2]) : null;
    }
  }
  startYear ??= recordYear;
  endYear ??= startYear;
  return { fonds, series, level, startYear, endYear };
}
