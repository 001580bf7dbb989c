import type { MarcField, MarcRecord, MarcSubfield } from '../types.ts';
import type { NameKind, SubjectKind } from '../map/map-title.ts';
import type { WorkType } from '../map/work-types.ts';

/** An author for `buildRecord`: the first one becomes the 1XX main entry, the others 7XX. */
export interface BuildAuthor {
  /** Inverted for persons ("Assis, Machado de"); as written for institutions and events. */
  name: string;
  /** Person by default (100/700); corporate 110/710, meeting 111/711. */
  kind?: NameKind;
  /** Relator term written to $e ($j for meetings), e.g. "organizador". */
  role?: string;
  /** Written to $d, e.g. "1839-1908". */
  dates?: string;
}

/** A copy for `buildRecord`, written as a Koha 952 item field. */
export interface BuildCopy {
  /** 952 $a home branch. */
  library: string;
  /** 952 $p. */
  barcode?: string;
  /** 952 $o. */
  callNumber?: string;
  /** 952 $c shelving location. */
  location?: string;
  /** 952 $y item type. */
  loanType?: string;
  /** 952 $h. */
  volume?: string;
}

/** Simple parts of a work (as the demo seed's JSON has them) to turn into a MARC 21 record. */
export interface BuildRecordInput {
  /** 001. */
  controlNumber?: string;
  /** 003. */
  controlSource?: string;
  /** Decides leader/06-07 (and 502/008 details for TESE and EBOOK); LIVRO by default. */
  workType?: WorkType;
  /** 245 $a. */
  title: string;
  /** 245 $b. */
  subtitle?: string;
  /** 245 $c; built from the authors when absent. */
  statementOfResponsibility?: string;
  /** The first is the main entry (1XX), the others added entries (7XX). */
  authors?: BuildAuthor[];
  /** 250 $a. */
  edition?: string;
  /** 264 $a. */
  place?: string;
  /** 264 $b. */
  publisher?: string;
  /** 264 $c and 008/07-10. */
  year?: number;
  /** 300 $a, e.g. "352 p." */
  extent?: string;
  /** 490 $a. */
  series?: string;
  /** 020 $a each, as given. */
  isbn?: string[];
  /** 022 $a each. */
  issn?: string[];
  /** MARC language code (ISO 639-2/B), e.g. 'por'. */
  language?: string;
  /** 6XX by kind (topical 650 by default); ' -- ' separates subdivisions ($x). */
  subjects?: (string | { term: string; kind?: SubjectKind })[];
  /** 500 $a each. */
  notes?: string[];
  /** 502 dissertation note; a TESE without one gets "Tese". */
  thesisNote?: string;
  /** 520 $a. */
  summary?: string;
  /** 090 $a. */
  callNumber?: string;
  /** 082 $a (DDC). */
  classification?: string;
  /** 856 40 $u, description in $y. */
  onlineLinks?: { url: string; description?: string }[];
  /** Written as 856 $3 Capa, the one cover convention the mapper reads. */
  coverUrl?: string;
  /** Koha 952 item fields. */
  copies?: BuildCopy[];
  /** Marks the work as accessible: 341 (accessibility content) with this text, e.g. "Braille". */
  accessibility?: string;
  /** Date for 008/00-05 (date entered on file); today when absent. */
  entered?: Date;
  /** Any other fields, added as given, in tag order. */
  fields?: MarcField[];
}

const LEADER_CODES: Record<WorkType, string> = {
  LIVRO: 'am',
  EBOOK: 'am',
  PERIODICO: 'as',
  ARTIGO: 'aa',
  TESE: 'am',
  MUSICA_GRAVADA: 'jm',
  GRAVACAO_SONORA: 'im',
  PARTITURA: 'cm',
  MAPA: 'em',
  VIDEO: 'gm',
  ARQUIVO_COMPUTADOR: 'mm',
  MANUSCRITO: 'tm',
  MATERIAL_MISTO: 'pc',
  OBJETO: 'rm',
  KIT: 'om',
  IMAGEM: 'km',
  // Legislation and case law are language material; the mapper tells them by genre (655) and main entry.
  ATO_NORMATIVO: 'am',
  JURISPRUDENCIA: 'am',
  // No leader/06 value means "other"; blank is what the Koha records with unknown type carry.
  OUTRO: ' m',
};

const SUBJECT_TAGS: Record<SubjectKind, string> = {
  topical: '650',
  person: '600',
  corporate: '610',
  meeting: '611',
  uniform_title: '630',
  geographic: '651',
  genre_form: '655',
  chronological: '648',
};

/** Builds a MARC 21 record (UTF-8, ISBD punctuation, fields in tag order) from simple parts. */
export function buildRecord(input: BuildRecordInput): MarcRecord {
  const workType = input.workType ?? 'LIVRO';
  const leader = `00000n${LEADER_CODES[workType]} a2200000 i 4500`;
  const fields: MarcField[] = [];
  const control = (tag: string, value: string) => fields.push({ tag, value });
  const data = (tag: string, ind: string, ...pairs: [string, string | undefined][]) => {
    const subfields: MarcSubfield[] = pairs
      .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
      .map(([code, value]) => ({ code, value }));
    if (subfields.length > 0) fields.push({ tag, ind1: ind[0] ?? ' ', ind2: ind[1] ?? ' ', subfields });
  };

  if (input.controlNumber) control('001', input.controlNumber);
  if (input.controlSource) control('003', input.controlSource);
  control('008', fixedField(input, workType));
  for (const isbn of input.isbn ?? []) data('020', '  ', ['a', isbn]);
  for (const issn of input.issn ?? []) data('022', '  ', ['a', issn]);
  if (input.classification) data('082', '04', ['a', input.classification]);
  if (input.callNumber) data('090', '  ', ['a', input.callNumber]);

  const [main, ...added] = input.authors ?? [];
  if (main) fields.push(nameField(main, true));
  const responsibility =
    input.statementOfResponsibility ?? (input.authors ?? []).map((a) => directName(a)).join(', ');
  const title = input.title.trim();
  const subtitle = input.subtitle?.trim();
  data(
    '245',
    `${main ? '1' : '0'}0`,
    ['a', title + (subtitle ? ' :' : responsibility ? ' /' : '.')],
    ['b', subtitle ? subtitle + (responsibility ? ' /' : '.') : undefined],
    ['c', responsibility ? endWithPeriod(responsibility) : undefined],
  );
  if (input.edition) data('250', '  ', ['a', endWithPeriod(input.edition)]);
  if (input.place || input.publisher || input.year !== undefined) {
    const hasYear = input.year !== undefined;
    data(
      '264',
      ' 1',
      ['a', input.place ? input.place + (input.publisher ? ' :' : hasYear ? ',' : '') : undefined],
      ['b', input.publisher ? input.publisher + (hasYear ? ',' : '') : undefined],
      ['c', hasYear ? `${input.year}.` : undefined],
    );
  }
  if (input.extent) data('300', '  ', ['a', input.extent]);
  if (input.accessibility) data('341', '0 ', ['a', input.accessibility]);
  if (input.series) data('490', '0 ', ['a', input.series]);
  for (const note of input.notes ?? []) data('500', '  ', ['a', endWithPeriod(note)]);
  if (workType === 'TESE') data('502', '  ', ['a', input.thesisNote ?? 'Tese']);
  if (input.summary) data('520', '  ', ['a', input.summary]);
  for (const subject of input.subjects ?? []) {
    const { term, kind } =
      typeof subject === 'string' ? { term: subject, kind: 'topical' as const } : subject;
    const [heading, ...subdivisions] = term.split(/\s+--\s+/);
    // Second indicator 4: source not specified (the seed's terms are not from LCSH).
    data(
      SUBJECT_TAGS[kind ?? 'topical'],
      kind === 'person' ? '14' : ' 4',
      ['a', heading],
      ...subdivisions.map((s): [string, string] => ['x', s]),
    );
  }
  for (const author of added) fields.push(nameField(author, false));
  for (const link of input.onlineLinks ?? []) data('856', '40', ['u', link.url], ['y', link.description]);
  if (input.coverUrl) data('856', '42', ['3', 'Capa'], ['u', input.coverUrl]);
  for (const copy of input.copies ?? []) {
    data(
      '952',
      '  ',
      ['a', copy.library],
      ['c', copy.location],
      ['h', copy.volume],
      ['o', copy.callNumber],
      ['p', copy.barcode],
      ['y', copy.loanType],
    );
  }
  fields.push(...(input.fields ?? []));
  // Stable sort: fields with one tag keep the order above.
  fields.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { leader, fields };
}

function nameField(author: BuildAuthor, isMain: boolean): MarcField {
  const kind = author.kind ?? 'person';
  const tag = (isMain ? 1 : 7) * 100 + (kind === 'person' ? 0 : kind === 'corporate' ? 10 : 11);
  const ind1 = kind === 'person' ? (author.name.includes(',') ? '1' : '0') : '2';
  const subfields: MarcSubfield[] = [];
  const last = author.role ? ',' : '.';
  if (author.dates) {
    subfields.push({ code: 'a', value: `${author.name},` }, { code: 'd', value: author.dates + last });
  } else {
    subfields.push({ code: 'a', value: author.role ? `${author.name},` : endWithPeriod(author.name) });
  }
  if (author.role)
    subfields.push({ code: kind === 'meeting' ? 'j' : 'e', value: endWithPeriod(author.role) });
  return { tag: String(tag), ind1, ind2: ' ', subfields };
}

/** "Assis, Machado de" → "Machado de Assis", for the statement of responsibility. */
function directName(author: BuildAuthor): string {
  if ((author.kind ?? 'person') !== 'person') return author.name;
  const [surname, forenames] = author.name.split(/,\s*/, 2);
  return forenames ? `${forenames} ${surname}` : author.name;
}

function endWithPeriod(text: string): string {
  const trimmed = text.trim();
  return /[.?!)\]-]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function fixedField(input: BuildRecordInput, workType: WorkType): string {
  const entered = input.entered ?? new Date();
  const yymmdd = entered.toISOString().slice(2, 10).replace(/-/g, '');
  const date =
    input.year !== undefined ? `s${String(input.year).padStart(4, '0').slice(0, 4)}    ` : 'nuuuuuuuu';
  const material = Array.from({ length: 17 }, () => ' ');
  if (workType === 'EBOOK') material[23 - 18] = 'o';
  const language = /^[a-z]{3}$/.test(input.language ?? '') ? input.language! : 'und';
  return `${yymmdd}${date}xx ${material.join('')}${language} d`;
}
