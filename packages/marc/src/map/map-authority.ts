import type { MarcField, MarcRecord } from '../types.ts';
import { classify } from './classify.ts';
import { controlValue, extract, indexRecord, subfieldValue } from './extract.ts';
import { headingOf, hashedControlNumber, type MappingError } from './map-title.ts';
import { trimPunctuation } from './punctuation.ts';

/**
 * Authority types (SPEC §3). Re-declared here because packages depend on each other only
 * through package.json; it must stay equal to AuthorityType in @estante/contract.
 */
export type AuthorityType =
  | 'pessoa'
  | 'instituicao'
  | 'evento'
  | 'titulo_uniforme'
  | 'assunto'
  | 'assunto_geografico'
  | 'genero_forma'
  | 'termo_cronologico'
  | 'subdivisao_geral'
  | 'subdivisao_genero_forma'
  | 'subdivisao_geografica'
  | 'subdivisao_cronologica';

/** An authority record mapped to our authority fields. */
export interface MappedAuthority {
  /** 001 trimmed, or 'h:' + a hash of the heading when there is no 001. */
  controlNumber: string;
  /** From the 1XX tag (AUTHORITY_TYPE_BY_TAG); name headings with a title ($t) are uniform titles. */
  type: AuthorityType;
  /** The 1XX heading, subdivisions joined by ' -- '. */
  heading: string;
  /** 4XX "see from" references (and the English term of the IISH 103). */
  seeFrom: string[];
  /** 5XX "see also" references. */
  seeAlso: string[];
  /** 667, 670, 678 and 680 notes, tag by tag (a record holds its fields in tag order). */
  notes: string[];
}

/** 1XX tag → authority type; name headings with a title ($t) are uniform titles. */
export const AUTHORITY_TYPE_BY_TAG: Readonly<Record<string, AuthorityType>> = {
  '100': 'pessoa',
  '110': 'instituicao',
  '111': 'evento',
  '130': 'titulo_uniforme',
  '148': 'termo_cronologico',
  '150': 'assunto',
  '151': 'assunto_geografico',
  '155': 'genero_forma',
  '162': 'assunto',
  '180': 'subdivisao_geral',
  '181': 'subdivisao_geografica',
  '182': 'subdivisao_cronologica',
  '185': 'subdivisao_genero_forma',
};

const extractNotes = extract('667:670:678:680');

/** Maps an authority record (leader/06 'z'); refuses one without a 1XX heading. */
export function mapAuthority(record: MarcRecord): MappedAuthority | MappingError {
  if (classify(record) !== 'authority') {
    return { error: `not an authority record: leader/06 is '${record.leader[6] ?? ' '}', not 'z'` };
  }
  const rec = indexRecord(record);
  const headingField = record.fields.find((f) => f.tag.startsWith('1') && headingText(f) !== '');
  if (!headingField) {
    const empty = record.fields.find((f) => f.tag.startsWith('1'));
    return { error: empty ? `authority heading (${empty.tag}) is empty` : 'authority has no heading (1XX)' };
  }
  const seeFrom: string[] = [];
  const seeAlso: string[] = [];
  let heading = headingText(headingField);
  // IISH files use a non-standard 103: $a the Dutch term (our heading), $b its English equivalent.
  if (headingField.tag === '103') {
    heading = trimPunctuation(subfieldValue(headingField, 'a') ?? '') || heading;
    const english = trimPunctuation(subfieldValue(headingField, 'b') ?? '');
    if (english !== '' && english !== heading) seeFrom.push(english);
  }
  for (const field of record.fields) {
    if (field.tag.startsWith('4')) pushUnique(seeFrom, headingText(field));
    else if (field.tag.startsWith('5')) pushUnique(seeAlso, headingText(field));
  }
  const type = AUTHORITY_TYPE_BY_TAG[headingField.tag] ?? 'assunto';
  const isNameTitle =
    ['100', '110', '111'].includes(headingField.tag) && subfieldValue(headingField, 't') !== null;
  return {
    controlNumber: controlValue(rec, '001')?.trim() || hashedControlNumber(heading, '', null),
    type: isNameTitle ? 'titulo_uniforme' : type,
    heading,
    seeFrom,
    seeAlso,
    notes: extractNotes(rec),
  };
}

function headingText(field: MarcField): string {
  // A field without subfields has no heading (headingOf reads none). $w (control), $i
  // (relationship wording) and $e/$4 (relators) are not part of the heading.
  return headingOf(field, 'wie');
}

function pushUnique(list: string[], value: string): void {
  if (value !== '' && !list.includes(value)) list.push(value);
}
