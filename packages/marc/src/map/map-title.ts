import { createHash } from 'node:crypto';
import type { MarcField, MarcRecord } from '../types.ts';
import { classify } from './classify.ts';
import {
  all,
  extract,
  fieldsOf,
  first,
  indexRecord,
  isControlSubfield,
  joinSubfields,
  linkedAlternate,
  subfieldValue,
  subfieldValues,
  type IndexedRecord,
} from './extract.ts';
import { copyAcquisition, itemAcquisitionOf, type CopyAcquisition } from './acquisition.ts';
import { readIsbn, readIssn } from './isbn.ts';
import {
  mapArchive,
  mapCaseLaw,
  mapNormativeAct,
  type MappedArchive,
  type MappedCaseLaw,
  type MappedNormativeAct,
} from './special-materials.ts';
import { trimPunctuation } from './punctuation.ts';
import { WORK_TYPE_BY_KOHA_ITEM_TYPE, WORK_TYPE_BY_RECORD_TYPE, type WorkType } from './work-types.ts';

/** Kind of name in a 1XX/7XX field. */
export type NameKind = 'person' | 'corporate' | 'meeting';

/** Kind of subject heading, after its 6XX tag. */
export type SubjectKind =
  | 'topical'
  | 'person'
  | 'corporate'
  | 'meeting'
  | 'uniform_title'
  | 'geographic'
  | 'genre_form'
  | 'chronological';

/** An author (1XX main entry or 7XX added entry). */
export interface MappedAuthor {
  /** Heading form of the name ($a$b$c$q$d for persons), without trailing punctuation. */
  name: string;
  /** Relator term ($e, or $j for meetings) or else relator code ($4). */
  role: string | null;
  /** From the tag: X00 person, X10 corporate body, X11 meeting. */
  kind: NameKind;
  /** True for the 1XX main entry. */
  main: boolean;
  /** The name in the original script: the linked 880, or a repeated 1XX in another script. */
  vernacular: string | null;
  /** Dates of a personal name ($d), also part of `name`; lets a citation leave them out. */
  dates: string | null;
  /** Authority id from $9 (Koha) or $0, for authority linking. */
  authorityId: string | null;
}

/** A subject heading with its subdivisions joined by ' -- '. */
export interface MappedSubject {
  /** Heading and subdivisions ($v $x $y $z), e.g. "Dance -- History -- 20th century". */
  term: string;
  /** From the tag: 600 person, 650 topical, 651 geographic, 655 genre/form… (653 counts as topical). */
  kind: SubjectKind;
  /** Authority id from $9 (Koha) or $0. */
  authorityId: string | null;
}

/** Original-script (880) texts by the field searched for the tag each links to; one entry per 880. */
export interface LinkedScripts {
  /** 880s linked to 245 (when there is no vernacular title) or 246: their $a $b $n $p. */
  title: string[];
  /** 880s linked to 100/110/111/700/710/711: the subfields of the name heading. */
  author: string[];
  /** 880s linked to 600/610/611/630/648/650/651/653/655: every subfield but $0–$9 and the relator. */
  subject: string[];
}

/** An online resource (856 $u). */
export interface OnlineLink {
  /** One 856 $u (a field with several $u gives several links). */
  url: string;
  /** $3, $y and $z joined, or null. */
  description: string | null;
  /**
   * Set when a 856 $x (nonpublic note) marks the link restricted: "acesso restrito" gives 'proxy'
   * (through the institution's proxy), "acesso restrito: pearson" the publisher's code.
   */
  restricted?: string;
}

/** One copy (item) found in 852, 949, 952 or 999. */
export interface MappedCopy {
  /** 852 $b (else $a), Sirsi $m, Koha $a home branch (else $b). */
  library: string | null;
  /** 852 $p, Sirsi $i, Koha $p. */
  barcode: string | null;
  /** 852 $h $i $j $k, Sirsi $a, Koha $o. */
  callNumber: string | null;
  /** 852 $3, Koha $h (enumeration/chronology). */
  volume: string | null;
  /** 852 $c, Sirsi $l home location, Koha $c shelving location. */
  location: string | null;
  /** Sirsi $t and Koha $y item type. */
  loanType: string | null;
  /** Koha flags as 'lost', 'withdrawn', 'damaged', 'not_for_loan', 'on_loan', 'available'; Sirsi's current location as written. */
  status: string | null;
  /** When and how the copy was acquired (Koha 952 $d $e $g, Sirsi 949/999 $u, 541); absent when the record does not say. */
  acquisition?: CopyAcquisition;
}

/** The title (acervo) fields our catalogue keeps, mapped from a MARC 21 bibliographic record. */
export interface MappedTitle {
  /** 001 trimmed, or 'h:' + a hash of title, author and year when there is no 001. */
  controlNumber: string;
  /** 003, the organisation the control number belongs to. */
  controlSource: string | null;
  /** 245 $a $b $n $p without the final ISBD punctuation. */
  title: string;
  /** 245 $a $b $c $n $p (and $f $g $k $s) as displayed. */
  titleStatement: string;
  /** The 880 linked to 245 by $6, or a repeated 245 in a non-Latin script. */
  vernacularTitle: string | null;
  /** Text of every 880 field, for search. */
  alternateScripts: string[];
  /**
   * The 880s searched in the field of the tag their $6 links to (`linkedScriptsOf`): titles (246,
   * and 245 when the title has no vernacular title), authors (1XX/7XX) and subjects (6XX).
   */
  linkedScripts: LinkedScripts;
  /** 100/110/111 (main) first, then 700/710/711. */
  authors: MappedAuthor[];
  /** 600/610/611/630/648/650/651/653/655, duplicates removed. */
  subjects: MappedSubject[];
  /** 250 $a $b. */
  edition: string | null;
  /** $a of 264 (second indicator 1 preferred), else 260. */
  publicationPlace: string | null;
  /** $b of the same field. */
  publisher: string | null;
  /** $c of the same field, as written ("c2012", "[1964]"). */
  publicationDate: string | null;
  /** 008/07-10 when the 008 is whole and the year plausible, else the first year in 264/260 $c. */
  year: number | null;
  /** 300 $a $b $c $e $f $g. */
  physicalDescription: string | null;
  /** 490 $a $v, else 830 $a $n $p $v. */
  series: string | null;
  /** 500, 502 (dissertation), 505 (contents) and 520 (summary), in record order. */
  notes: string[];
  /** Valid ISBNs, as ISBN-13. */
  isbn: string[];
  /** The ISBN-10s the record gave (valid ones), for display and matching. */
  isbn10: string[];
  /** ISBNs with a wrong check digit, garbage, or cancelled ($z), digits and X only. */
  invalidIsbn: string[];
  /** 022 $a as NNNN-NNNN, check digit verified. */
  issn: string[];
  /** MARC language code (ISO 639-2/B). */
  language: string | null;
  /** 008/35-37 and every 041 $a and $h code. */
  languages: string[];
  /** 090 $a $b, else 050, else 082, else 852 $h $i, else 099 $a. */
  callNumber: string | null;
  /** 082 $a (DDC, segmentation marks removed), else 080 $a (UDC). */
  classification: string | null;
  /** From leader/06-07, 502, 856 and 008/23 (see docs/marc-mapping.md). */
  workType: WorkType;
  /** 856 $u with $3/$y/$z as description, cover images left out. */
  onlineLinks: OnlineLink[];
  /** 341, braille or large print in 008, tactile 007, or words such as Braille/DAISY/audiolivro in 300/340/500/546. */
  isAccessible: boolean;
  /** 856 $u whose $3 is "Capa", "Cover" or "Cover image"; MARC has no other cover field. */
  coverUrl: string | null;
  /** Items from 852, Sirsi 949/999 and Koha 952. */
  copies: MappedCopy[];
  /** Other searchable text: notes, 880s, varying and related titles, series, repeated 245s. */
  extraSearchText: string;
  /** Kind, number, date and issuing body when the record is a law, decree, ordinance… (work type ATO_NORMATIVO). */
  normativeAct: MappedNormativeAct | null;
  /** Court, decision kind, rapporteur and judgment date when the record is a court decision (work type JURISPRUDENCIA). */
  caseLaw: MappedCaseLaw | null;
  /** Fonds, series, level and date range when the record is archival material. */
  archive: MappedArchive | null;
}

/** Why a record could not be mapped. */
export interface MappingError {
  /** Plain-English reason, shown in the import report. */
  error: string;
}

// One line per field, in the traject style; the fields that need more than extraction follow.
const rules = {
  controlNumber: first(extract('001')),
  controlSource: first(extract('003')),
  physicalDescription: first(extract('300abcefg', { trimPunctuation: true })),
  series: extract('490av:830anpv', { trimPunctuation: true }),
  notes: extract('500:502:505:520'),
  issn: extract('022a'),
  callNumber: firstOfEach('090ab:050ab:082ab:852hi:099a'),
  classification: firstOfEach('082a:080a'),
  varyingTitles: all(extract('130:240:242:246abnp:730:740anp', { trimPunctuation: true })),
  otherNotes: extract('501:504:508:511:518:521:530:533:534:545:546:586'),
};

const AUTHOR_FIELDS: Record<string, { kind: NameKind; main: boolean; codes: string; roleCodes: string }> = {
  '100': { kind: 'person', main: true, codes: 'abcqd', roleCodes: 'e' },
  '110': { kind: 'corporate', main: true, codes: 'abcdgn', roleCodes: 'e' },
  '111': { kind: 'meeting', main: true, codes: 'acdegnq', roleCodes: 'j' },
  '700': { kind: 'person', main: false, codes: 'abcqd', roleCodes: 'e' },
  '710': { kind: 'corporate', main: false, codes: 'abcdgn', roleCodes: 'e' },
  '711': { kind: 'meeting', main: false, codes: 'acdegnq', roleCodes: 'j' },
};

const SUBJECT_FIELDS: Record<string, { kind: SubjectKind; exclude: string }> = {
  '600': { kind: 'person', exclude: 'e' },
  '610': { kind: 'corporate', exclude: 'e' },
  '611': { kind: 'meeting', exclude: 'j' },
  '630': { kind: 'uniform_title', exclude: 'e' },
  '648': { kind: 'chronological', exclude: 'e' },
  '650': { kind: 'topical', exclude: 'e' },
  '651': { kind: 'geographic', exclude: 'e' },
  '653': { kind: 'topical', exclude: '' },
  '655': { kind: 'genre_form', exclude: 'e' },
};

const SUBDIVISIONS = 'vxyz';
/** A 856 $3 that marks the link as the cover image (the only cover convention we read). */
export const COVER_LABEL = /^\s*(capa|cover|cover image|imagem da capa|portada)\s*[.:]?\s*$/i;
const ACCESSIBLE_TEXT =
  /braille|daisy|audio-?livro|audiobook|audio book|large print|large type|letra ampliada|fonte ampliada|tipos ampliados|macrotipo|l[ií]ngua brasileira de sinais|sign language|lengua de se[nñ]as|audiodescri|audio description|closed caption/i;

/** Maps a bibliographic record to our title fields; refuses records without a 245 (UNIMARC, authorities, holdings). */
export function mapTitle(record: MarcRecord): MappedTitle | MappingError {
  const kind = classify(record);
  if (kind === 'authority' || kind === 'holdings') {
    return {
      error: `not a bibliographic record: leader/06 '${record.leader[6]}' is a${kind === 'authority' ? 'n authority' : ' holdings'} record`,
    };
  }
  const rec = indexRecord(record);
  const titleFields = fieldsOf(rec, '245');
  if (titleFields.length === 0) {
    return fieldsOf(rec, '200').length > 0
      ? { error: 'no title (245): not a MARC 21 bibliographic record (UNIMARC? it has a 200 field)' }
      : { error: 'no title (245)' };
  }
  // Some files repeat 245 in two scripts (Nepali: Devanagari and romanized); MARC 21 puts the
  // romanized form in 245 and the original in 880, so the Latin-script one is the title.
  const mainTitleField = titleFields.find((f) => isLatinScript(joinSubfields(f, 'a'))) ?? titleFields[0]!;
  const title =
    trimPunctuation(joinSubfields(mainTitleField, 'abnp')) ||
    trimPunctuation(joinSubfields(mainTitleField, 'k'));
  if (title === '') return { error: 'title (245) is empty' };
  const otherTitleFields = titleFields.filter((f) => f !== mainTitleField);

  const vernacularField =
    linkedAlternate(rec, mainTitleField) ??
    otherTitleFields.find((f) => !isLatinScript(joinSubfields(f, 'a')));
  const vernacularTitle = vernacularField
    ? trimPunctuation(joinSubfields(vernacularField, 'abnp')) || null
    : null;
  const authors = mapAuthors(rec);
  const year = yearOf(rec);
  const publication = publicationOf(rec);
  const alternateScripts = fieldsOf(rec, '880')
    .map((f) => joinSubfields(f, null))
    .filter((t) => t !== '');
  const isbns = isbnsOf(rec);
  const notes = rules.notes(rec);
  const { links, coverUrl } = linksOf(rec);
  const languages = languagesOf(rec);
  const [series = null, ...otherSeries] = rules.series(rec);
  const classification = rules.classification(rec);
  // Legislation and case law are language-material monographs; serials and articles keep their type.
  const isLegalCandidate =
    rec.record.leader[6] === 'a' &&
    !'sbiad'.includes(rec.record.leader[7] ?? ' ') &&
    fieldsOf(rec, '502').length === 0;
  const caseLaw = isLegalCandidate ? mapCaseLaw(rec, year) : null;
  const normativeAct = isLegalCandidate && !caseLaw ? mapNormativeAct(rec, year) : null;

  const extra = new Set<string>([
    ...otherTitleFields.map((f) => joinSubfields(f, null)),
    ...rules.varyingTitles(rec),
    ...notes,
    ...rules.otherNotes(rec),
    ...alternateScripts,
    ...(series ? [series] : []),
    ...otherSeries,
    ...isbns.invalid,
  ]);
  extra.delete('');

  return {
    controlNumber: rules.controlNumber(rec) ?? hashedControlNumber(title, authors[0]?.name ?? '', year),
    controlSource: rules.controlSource(rec),
    title,
    titleStatement: joinSubfields(mainTitleField, 'abcfgknps'),
    vernacularTitle: vernacularTitle === title ? null : vernacularTitle,
    alternateScripts,
    linkedScripts: linkedScriptsOf(rec, vernacularTitle !== null && vernacularTitle !== title),
    authors,
    subjects: mapSubjects(rec),
    edition:
      trimPunctuation(preferLatin(fieldsOf(rec, '250')).map((f) => joinSubfields(f, 'ab'))[0] ?? '') || null,
    publicationPlace: publication.place,
    publisher: publication.publisher,
    publicationDate: publication.date,
    year,
    physicalDescription: rules.physicalDescription(rec),
    series,
    notes,
    isbn: isbns.valid,
    isbn10: isbns.isbn10,
    invalidIsbn: isbns.invalid,
    issn: unique(
      rules
        .issn(rec)
        .map(readIssn)
        .filter((v): v is string => v !== null),
    ),
    language: languages.main,
    languages: languages.all,
    callNumber: rules.callNumber(rec),
    classification: classification ? classification.replace(/['/]/g, '') : null,
    workType: caseLaw ? 'JURISPRUDENCIA' : normativeAct ? 'ATO_NORMATIVO' : workTypeOf(rec, links.length > 0),
    onlineLinks: links,
    isAccessible: isAccessible(rec),
    coverUrl,
    copies: copiesOf(rec),
    extraSearchText: [...extra].join(' \n'),
    normativeAct,
    caseLaw,
    archive: mapArchive(rec, fixedField(rec), year),
  };
}

/**
 * Each 880 by the tag its $6 names ("100-01" → 100), as searched in that tag's field. A 880
 * linked to 245 goes to the titles only when the title has no vernacular title (which already
 * holds it). The same rule, in SQL, filled the columns of existing titles (migration 0019).
 */
export function linkedScriptsOf(rec: IndexedRecord, hasVernacularTitle: boolean): LinkedScripts {
  const scripts: LinkedScripts = { title: [], author: [], subject: [] };
  for (const field of fieldsOf(rec, '880')) {
    const tag = subfieldValue(field, '6')?.slice(0, 3) ?? '';
    let text = '';
    let into: string[] | null = null;
    if (tag === '246' || (tag === '245' && !hasVernacularTitle)) {
      text = joinSubfields(field, 'abnp');
      into = scripts.title;
    } else if (AUTHOR_FIELDS[tag]) {
      text = joinSubfields(field, AUTHOR_FIELDS[tag].codes);
      into = scripts.author;
    } else if (SUBJECT_FIELDS[tag]) {
      const exclude = SUBJECT_FIELDS[tag].exclude;
      text = (field.subfields ?? [])
        .filter((s) => !isControlSubfield(s.code) && !exclude.includes(s.code) && s.value.trim() !== '')
        .map((s) => s.value.trim())
        .join(' ');
      into = scripts.subject;
    }
    if (into && text !== '') into.push(text);
  }
  return scripts;
}

/** The 008 to read positions from: the first one that has exactly 40 characters (trailing blanks beyond 40 allowed). */
export function fixedField(rec: IndexedRecord): string | null {
  // Repeated 008s exist (the Hebrew file has a second, almost empty one); collapsed ones
  // (runs of spaces squeezed upstream) are shorter than 40 and their positions are shifted.
  // The Nepali file pads its 008s with blanks past 40; positions 00-39 are still right there.
  for (const field of fieldsOf(rec, '008')) {
    const value = field.value ?? '';
    if (value.length === 40 || (value.length > 40 && value.slice(40).trim() === ''))
      return value.slice(0, 40);
  }
  return null;
}

/** Year of publication: 008/07-10 when the 008 is whole and the year plausible, else the first year in 264/260 $c. */
export function yearOf(rec: IndexedRecord): number | null {
  const maxYear = new Date().getUTCFullYear() + 1;
  const isPlausible = (y: number) => y >= 1000 && y <= maxYear;
  const f008 = fixedField(rec);
  // 008/06 'b' means B.C. dates and 'n' unknown ones; neither is a year to show.
  if (f008 && f008[6] !== 'b' && f008[6] !== 'n') {
    const date1 = f008.slice(7, 11);
    if (/^\d{4}$/.test(date1) && isPlausible(Number(date1))) return Number(date1);
  }
  for (const text of extract('264|*1|c:260c:264c')(rec)) {
    for (const match of text.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
      const y = Number(match[1]);
      if (isPlausible(y)) return y;
    }
  }
  return null;
}

function publicationOf(rec: IndexedRecord): {
  place: string | null;
  publisher: string | null;
  date: string | null;
} {
  const rda = preferLatin(fieldsOf(rec, '264'));
  const field = rda.find((f) => f.ind2 === '1') ?? preferLatin(fieldsOf(rec, '260'))[0] ?? rda[0];
  if (!field) return { place: null, publisher: null, date: null };
  const pick = (code: string, keepPeriod: boolean) => {
    const value = subfieldValue(field, code);
    return value === null ? null : trimPunctuation(value, { keepPeriod }) || null;
  };
  return { place: pick('a', true), publisher: pick('b', true), date: pick('c', false) };
}

function mapAuthors(rec: IndexedRecord): MappedAuthor[] {
  const authors: MappedAuthor[] = [];
  let hasMain = false;
  for (const [tag, spec] of Object.entries(AUTHOR_FIELDS)) {
    const fields = fieldsOf(rec, tag);
    // Repeated 1XX in two scripts (Nepali file): the Latin one is the main entry, the other its vernacular form.
    const ordered = spec.main ? preferLatin(fields) : fields;
    for (const field of ordered) {
      const name = trimPunctuation(joinSubfields(field, spec.codes));
      if (name === '') continue;
      const alternate = linkedAlternate(rec, field);
      const vernacular = alternate ? trimPunctuation(joinSubfields(alternate, spec.codes)) || null : null;
      const main = spec.main && !hasMain;
      if (spec.main && hasMain && !isLatinScript(name)) {
        const mainAuthor = authors.find((a) => a.main);
        if (mainAuthor && mainAuthor.vernacular === null) {
          mainAuthor.vernacular = name;
          continue;
        }
      }
      if (main) hasMain = true;
      const roles = subfieldValues(field, spec.roleCodes)
        .map((v) => trimPunctuation(v))
        .filter((r) => r !== '');
      const dates = spec.kind === 'person' ? subfieldValue(field, 'd') : null;
      authors.push({
        name,
        role: roles.length > 0 ? roles.join(', ') : subfieldValue(field, '4'),
        kind: spec.kind,
        main,
        vernacular,
        dates: dates ? trimPunctuation(dates) || null : null,
        authorityId: authorityIdOf(field),
      });
    }
  }
  return authors;
}

function mapSubjects(rec: IndexedRecord): MappedSubject[] {
  const seen = new Set<string>();
  const subjects: MappedSubject[] = [];
  for (const [tag, spec] of Object.entries(SUBJECT_FIELDS)) {
    for (const field of fieldsOf(rec, tag)) {
      const term = headingOf(field, spec.exclude);
      const key = `${spec.kind}\u0000${term}`;
      if (term === '' || seen.has(key)) continue;
      seen.add(key);
      subjects.push({ term, kind: spec.kind, authorityId: authorityIdOf(field) });
    }
  }
  return subjects;
}

/** A heading with its subdivisions ($v $x $y $z) joined by ' -- ', control subfields and `exclude` left out. */
export function headingOf(field: MarcField, exclude = ''): string {
  const main: string[] = [];
  const subdivisions: string[] = [];
  for (const s of field.subfields ?? []) {
    if ((s.code >= '0' && s.code <= '9') || exclude.includes(s.code)) continue;
    const value = s.value.trim();
    if (value === '') continue;
    if (SUBDIVISIONS.includes(s.code)) subdivisions.push(trimPunctuation(value));
    else main.push(value);
  }
  return [trimPunctuation(main.join(' ')), ...subdivisions].filter((p) => p !== '').join(' -- ');
}

function authorityIdOf(field: MarcField): string | null {
  return subfieldValue(field, '9') ?? subfieldValue(field, '0');
}

function isbnsOf(rec: IndexedRecord): { valid: string[]; isbn10: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const isbn10 = new Set<string>();
  const invalid = new Set<string>();
  for (const field of fieldsOf(rec, '020')) {
    for (const s of field.subfields ?? []) {
      if (s.code !== 'a' && s.code !== 'z') continue;
      const reading = readIsbn(s.value);
      if (!reading) continue;
      // $z is a cancelled or invalid ISBN by the cataloguer's own statement.
      if (s.code === 'z' || reading.isbn13 === null) {
        invalid.add(reading.normalized);
        continue;
      }
      valid.add(reading.isbn13);
      if (reading.isbn10) isbn10.add(reading.isbn10);
    }
  }
  return {
    valid: [...valid],
    isbn10: [...isbn10],
    invalid: [...invalid].filter((i) => !valid.has(i) && !isbn10.has(i)),
  };
}

function languagesOf(rec: IndexedRecord): { main: string | null; all: string[] } {
  const f008 = fixedField(rec);
  const fromFixed = f008 && /^[a-z]{3}$/.test(f008.slice(35, 38)) ? f008.slice(35, 38) : null;
  const from041a: string[] = [];
  const from041h: string[] = [];
  for (const field of fieldsOf(rec, '041')) {
    for (const s of field.subfields ?? []) {
      if (s.code === 'a') from041a.push(...languageCodes(s.value));
      else if (s.code === 'h') from041h.push(...languageCodes(s.value));
    }
  }
  return {
    main: fromFixed ?? from041a[0] ?? null,
    all: unique([...(fromFixed ? [fromFixed] : []), ...from041a, ...from041h]),
  };
}

/** Codes in one 041 subfield; older records run several together ("engfre"). */
function languageCodes(value: string): string[] {
  const compact = value.trim().toLowerCase();
  if (compact.length === 0 || compact.length % 3 !== 0) return [];
  const codes: string[] = [];
  for (let i = 0; i < compact.length; i += 3) {
    const code = compact.slice(i, i + 3);
    if (/^[a-z]{3}$/.test(code)) codes.push(code);
  }
  return codes;
}

/**
 * The first field matching a spec list that has its first code, as "first $a + first $b":
 * call numbers and class numbers repeat $a for alternatives, which must not be run together.
 */
function firstOfEach(specs: string): (rec: IndexedRecord) => string | null {
  const parsed = specs.split(':').map((spec) => ({ tag: spec.slice(0, 3), codes: spec.slice(3) }));
  return (rec) => {
    for (const { tag, codes } of parsed) {
      for (const field of fieldsOf(rec, tag)) {
        const parts = [...codes].map((code) => subfieldValue(field, code)?.trim() ?? '');
        if (parts[0]) return parts.filter((p) => p !== '').join(' ');
      }
    }
    return null;
  };
}

function linksOf(rec: IndexedRecord): { links: OnlineLink[]; coverUrl: string | null } {
  const links: OnlineLink[] = [];
  let coverUrl: string | null = null;
  for (const field of fieldsOf(rec, '856')) {
    const label = subfieldValue(field, '3');
    const urls = subfieldValues(field, 'u')
      .map((u) => u.trim())
      .filter((u) => u !== '');
    // A cover image is not an online copy of the work; it is kept apart (MARC has no cover field).
    if (label && COVER_LABEL.test(label)) {
      coverUrl ??= urls[0] ?? null;
      continue;
    }
    const description = subfieldValues(field, '3yz')
      .map((v) => trimPunctuation(v))
      .filter((d) => d !== '')
      .join('; ');
    const restricted = subfieldValues(field, 'x')
      .map(restrictedMarker)
      .find((marker) => marker !== null);
    for (const url of urls)
      links.push({ url, description: description || null, ...(restricted ? { restricted } : {}) });
  }
  return { links, coverUrl };
}

const RESTRICTED_NOTE =
  /^\s*(?:acesso\s+restrito|restricted\s+access)\s*(?::\s*([a-z0-9][a-z0-9_-]*))?\s*\.?\s*$/i;

/** 'proxy' or the publisher's code for a 856 $x restricted-access note; null for any other note. */
function restrictedMarker(note: string): string | null {
  const match = RESTRICTED_NOTE.exec(note);
  if (!match) return null;
  return match[1]?.toLowerCase() ?? 'proxy';
}

function workTypeOf(rec: IndexedRecord, hasLinks: boolean): WorkType {
  const leader = rec.record.leader;
  const type = leader[6] ?? ' ';
  const level = leader[7] ?? ' ';
  if ((type === 'a' || type === 't') && fieldsOf(rec, '502').length > 0) return 'TESE';
  if (type === 'a') {
    if ('sbi'.includes(level)) return 'PERIODICO';
    if ('ad'.includes(level)) return 'ARTIGO';
    return hasLinks && isOnline(rec) ? 'EBOOK' : 'LIVRO';
  }
  const byType = WORK_TYPE_BY_RECORD_TYPE[type];
  if (byType) return byType;
  // Leader/06 blank (43 Koha sample records): Koha's item type in 942 $c is the next best clue.
  const kohaType = first(extract('942c'))(rec);
  return (kohaType && WORK_TYPE_BY_KOHA_ITEM_TYPE[kohaType.toUpperCase()]) || 'OUTRO';
}

/** Online resource: 008/23 form of item 'o'/'s', or 338 "online resource" (cr), or 007 'cr'. */
function isOnline(rec: IndexedRecord): boolean {
  const f008 = fixedField(rec);
  if (f008 && (f008[23] === 'o' || f008[23] === 's')) return true;
  for (const field of fieldsOf(rec, '338')) {
    if (subfieldValue(field, 'b') === 'cr' || /online resource/i.test(subfieldValue(field, 'a') ?? ''))
      return true;
  }
  return fieldsOf(rec, '007').some((f) => f.value?.startsWith('cr') === true);
}

/** Braille, large print, DAISY, audiobooks and similar: 341, form of item, tactile 007, or words in 300/340/500/546. */
function isAccessible(rec: IndexedRecord): boolean {
  if (fieldsOf(rec, '341').length > 0) return true;
  const f008 = fixedField(rec);
  if (f008) {
    // Form of item is 008/23 for books, music, serials and mixed materials, 008/29 for maps and visual materials.
    const position = 'efgkor'.includes(rec.record.leader[6] ?? ' ') ? 29 : 23;
    if (f008[position] === 'f' || f008[position] === 'd') return true;
  }
  if (fieldsOf(rec, '007').some((f) => f.value?.startsWith('f') === true)) return true;
  return extract('300:340:500:546')(rec).some((text) => ACCESSIBLE_TEXT.test(text));
}

function copiesOf(rec: IndexedRecord): MappedCopy[] {
  const copies: MappedCopy[] = [];
  // The item field each copy was read from (null for 852, which has no acquisition data of its own).
  const owns: (MarcField | null)[] = [];
  const get = (field: MarcField, code: string) => {
    const value = subfieldValue(field, code)?.trim();
    return value ? value : null;
  };
  for (const field of fieldsOf(rec, '852')) {
    copies.push({
      library: get(field, 'b') ?? get(field, 'a'),
      barcode: get(field, 'p'),
      callNumber: joinSubfields(field, 'hijk') || null,
      volume: get(field, '3'),
      location: get(field, 'c'),
      loanType: null,
      status: null,
    });
    owns.push(null);
  }
  // SirsiDynix/Unicorn item fields (949 in the Evergreen and PSU files, 999 in UVA):
  // $a call number, $i barcode, $m library, $l home location, $k current location, $t item type.
  for (const tag of ['949', '999']) {
    for (const field of fieldsOf(rec, tag)) {
      if (!get(field, 'i') && !get(field, 'm') && !get(field, 'l')) continue; // Koha's 999 $c $d is not an item
      copies.push({
        library: get(field, 'm'),
        barcode: get(field, 'i'),
        callNumber: get(field, 'a'),
        volume: null,
        location: get(field, 'l'),
        loanType: get(field, 't'),
        status: get(field, 'k'),
      });
      owns.push(field);
    }
  }
  // Koha items: $a home branch, $b holding branch, $c shelving location, $o call number, $p barcode,
  // $y item type, $h volume (enumeration/chronology), $1 lost, $0 withdrawn, $4 damaged, $7 not for loan, $q due date.
  for (const field of fieldsOf(rec, '952')) {
    if (!['p', 'o', 'y', 'b', 'c', 'h'].some((code) => get(field, code))) continue;
    const isSet = (code: string) => {
      const value = get(field, code);
      return value !== null && value !== '0';
    };
    const status = isSet('1')
      ? 'lost'
      : isSet('0')
        ? 'withdrawn'
        : isSet('4')
          ? 'damaged'
          : isSet('7')
            ? 'not_for_loan'
            : get(field, 'q')
              ? 'on_loan'
              : 'available';
    copies.push({
      library: get(field, 'a') ?? get(field, 'b'),
      barcode: get(field, 'p'),
      callNumber: get(field, 'o'),
      volume: get(field, 'h'),
      location: get(field, 'c'),
      loanType: get(field, 'y'),
      status,
    });
    owns.push(field);
  }
  // Acquisition: the item field's own data, completed by the 541 that speaks of the copy.
  return copies.map((copy, index) => {
    const own = owns[index];
    const acquisition = copyAcquisition(rec, own ? itemAcquisitionOf(own) : null, copy);
    return acquisition ? { ...copy, acquisition } : copy;
  });
}

/**
 * The fields with Latin-script fields first, keeping record order otherwise: files that repeat
 * a field in two scripts (Nepali 250/260) get the same choice as the title.
 */
function preferLatin(fields: MarcField[]): MarcField[] {
  const isLatin = (f: MarcField) => isLatinScript(joinSubfields(f, null));
  return [...fields.filter(isLatin), ...fields.filter((f) => !isLatin(f))];
}

/** True when the first letter of the text is in the Latin script (or there is no letter). */
export function isLatinScript(text: string): boolean {
  const letter = /\p{L}/u.exec(text);
  return letter === null || /\p{Script=Latin}/u.test(letter[0]);
}

/** A stable id for records without 001: same title, author and year give the same id. */
export function hashedControlNumber(title: string, author: string, year: number | null): string {
  const key = [title, author, year ?? '']
    .map((part) => String(part).normalize('NFC').toLowerCase())
    .join('\u001f');
  return `h:${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
