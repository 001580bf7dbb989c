import type { MappedAuthor, MappedTitle } from '../../map/map-title.ts';
import { fieldsOf, indexRecord, subfieldValue, type IndexedRecord } from '../../map/extract.ts';
import { trimPunctuation } from '../../map/punctuation.ts';
import type { MarcField, MarcRecord } from '../../types.ts';

/** A CSL-JSON name: a person split into family and given names, or an institution as `literal`. */
export interface CslName {
  /** Surname as written in the heading ("Assis" of "Assis, Machado de"). */
  family?: string;
  /** Forenames after the comma of an inverted heading. */
  given?: string;
  /** Corporate bodies and events, written as they are. */
  literal?: string;
}

/** A CSL-JSON date: year (month, day) parts, or text when there is no number to give. */
export interface CslDate {
  'date-parts'?: [[number] | [number, number] | [number, number, number]];
  literal?: string;
}

/** The CSL item types this catalogue produces. */
export type CslType =
  | 'book'
  | 'chapter'
  | 'article-journal'
  | 'periodical'
  | 'thesis'
  | 'webpage'
  | 'map'
  | 'motion_picture'
  | 'song'
  | 'graphic'
  | 'manuscript';

/** A CSL-JSON item (CSL 1.0.2 variables) for one title, ready for citation-js. */
export interface CslItem {
  /** The title's control number. */
  id: string;
  type: CslType;
  /** Title and subtitle joined by ": " (245 $a $n $p, then $b). */
  title: string;
  /** The main title without the subtitle, when there is a subtitle. */
  'title-short'?: string;
  author?: CslName[];
  /** Editors and organisers (relator edt, org., coord.), and the host's editors of a chapter (773 $a). */
  editor?: CslName[];
  translator?: CslName[];
  issued?: CslDate;
  /** Filled in only when a reference is formatted (the date the URL was seen). */
  accessed?: CslDate;
  publisher?: string;
  'publisher-place'?: string;
  /** The edition number ("2") when 250 is only a number and "ed.", else 250 as written. */
  edition?: string;
  /** Thesis kind, e.g. "Tese (Doutorado em Educação)" (502 $b, or the text of 502 $a). */
  genre?: string;
  /** Journal or book an article or chapter is in (773 $t). */
  'container-title'?: string;
  volume?: string;
  issue?: string;
  /** Page range of a part ("45-67"), from 773 $g or 300. */
  page?: string;
  'collection-title'?: string;
  ISBN?: string;
  ISSN?: string;
  /** The first online link (856 $u). */
  URL?: string;
  /** ISO 639-1 code when known (keeps citeproc from title-casing non-English titles), else the MARC code. */
  language?: string;
}

// Relator terms and codes ($e, $4) by what a reference does with them; a missing role counts as author.
const AUTHOR_ROLE = /^(aut|autora?\b|author|co-?autora?|joint author|cre\b|creator|escritor)/i;
/** Relators of editors, organisers, coordinators and compilers (all CSL `editor`). */
export const EDITOR_ROLE = /^(edt|ed\.?$|editor|editora?\b|org\b|org\.|organiz|coord|compil|comp\.?$)/i;
const TRANSLATOR_ROLE = /^(trl|trad|translat|tradu)/i;
// "[S.l.]", "[s.n.]" and RDA's "place of publication not identified", "publisher not identified" (also in Portuguese).
const NO_PLACE =
  /^\[?(s\.\s*l\.?|(place of publication|place of production|local) n(ot|ão) identifi[a-z]+)\]?$/i;
const NO_PUBLISHER =
  /^\[?(s\.\s*n\.?|(publisher|producer|distributor|manufacturer|editora?|produtora?) n(ot|ão) identifi[a-z]+)\]?$/i;
const EDITION_NUMBER =
  /^(\d+)\s*(?:a|ª|º|st|nd|rd|th|e|er|re)?\.?\s*(?:ed|ed\.|edição|edicao|edition|edición|éd|éd\.|edizione|aufl\.?|auflage)?\.?$/i;
const INSTITUTION_WORD =
  /universidade|faculdade|instituto|escola|centro|programa|departamento|university|college|institute|school|department|universidad|facultad/i;

const ISO_639_1: Readonly<Record<string, string>> = {
  por: 'pt',
  eng: 'en',
  spa: 'es',
  fre: 'fr',
  ger: 'de',
  ita: 'it',
  lat: 'la',
  dut: 'nl',
  rus: 'ru',
  jpn: 'ja',
  chi: 'zh',
};

/** Maps a title (and, when given, its MARC record for 502, 773 and 245 details) to a CSL-JSON item. */
export function toCsl(mapped: MappedTitle, marc?: MarcRecord): CslItem {
  const rec = marc ? indexRecord(marc) : null;
  const host = rec ? fieldsOf(rec, '773')[0] : undefined;
  const type = typeOf(mapped, host);
  const [main, subtitle] = splitTitle(mapped.title);
  const item: CslItem = { id: mapped.controlNumber, type, title: subtitle ? `${main}: ${subtitle}` : main };
  if (subtitle) item['title-short'] = main;

  const authors: CslName[] = [];
  const editors: CslName[] = [];
  const translators: CslName[] = [];
  for (const author of mapped.authors) {
    const role = author.role?.split(/[,;]/)[0]?.trim() ?? '';
    if (author.kind === 'meeting' && !author.main) continue;
    if (role && TRANSLATOR_ROLE.test(role)) translators.push(nameOf(author));
    else if (role && EDITOR_ROLE.test(role)) editors.push(nameOf(author));
    else if (author.main || role === '' || AUTHOR_ROLE.test(role)) authors.push(nameOf(author));
  }
  if (host && type === 'chapter') editors.push(...hostEditors(host));
  if (authors.length > 0) item.author = authors;
  if (editors.length > 0) item.editor = editors;
  if (translators.length > 0) item.translator = translators;

  const hostImprint = host ? imprintOf(subfieldValue(host, 'd')) : {};
  if (mapped.year !== null) item.issued = { 'date-parts': [[mapped.year]] };
  else if (hostImprint.year) item.issued = { 'date-parts': [[hostImprint.year]] };
  const place = cleanPlace(mapped.publicationPlace) ?? hostImprint.place;
  const publisher = cleanPublisher(mapped.publisher) ?? hostImprint.publisher;
  if (place) item['publisher-place'] = place;
  if (publisher && type !== 'article-journal') item.publisher = publisher;
  if (mapped.edition) item.edition = editionOf(mapped.edition);
  if (mapped.series) item['collection-title'] = mapped.series;
  if (mapped.isbn[0]) item.ISBN = mapped.isbn[0];
  if (mapped.issn[0]) item.ISSN = mapped.issn[0];
  const url = citedUrl(mapped, rec);
  if (url) item.URL = url;
  if (mapped.language) item.language = ISO_639_1[mapped.language] ?? mapped.language;

  if (type === 'thesis') Object.assign(item, thesisOf(mapped, rec));
  if (host) {
    // 773 $t ends with the ISBD period ("História dos jovens 2."), which is not part of the title.
    const hostTitle = trimPunctuation(subfieldValue(host, 't') ?? '').replace(/\s*\.$/, '');
    if (hostTitle) item['container-title'] = hostTitle;
    Object.assign(item, partsOf(subfieldValue(host, 'g') ?? ''));
    const issn = subfieldValue(host, 'x');
    if (issn && !item.ISSN) item.ISSN = issn.trim();
  }
  // A part without 773 $g pages may give them in 300 ("p. 7-16").
  if ((type === 'chapter' || type === 'article-journal') && !item.page && mapped.physicalDescription) {
    const pages = partsOf(mapped.physicalDescription).page;
    if (pages && /^p/i.test(mapped.physicalDescription.trim())) item.page = pages;
  }
  return item;
}

/**
 * The URL a reference cites: a link to the resource itself (856 second indicator 0 or blank), or to
 * an electronic version when the title is an electronic resource. A print book's link to a version
 * on a platform (ind2 1) or to a related resource (2: table of contents, author's biography) is not
 * where the cited work is.
 */
function citedUrl(mapped: MappedTitle, rec: IndexedRecord | null): string | undefined {
  if (!rec) return mapped.onlineLinks[0]?.url;
  const isElectronic = mapped.workType === 'EBOOK' || mapped.workType === 'ARQUIVO_COMPUTADOR';
  const cited = new Set(
    fieldsOf(rec, '856')
      .filter(
        (f) => f.ind2 === '0' || f.ind2 === ' ' || f.ind2 === undefined || (f.ind2 === '1' && isElectronic),
      )
      .flatMap((f) => (f.subfields ?? []).filter((s) => s.code === 'u').map((s) => s.value.trim())),
  );
  return mapped.onlineLinks.find((link) => cited.has(link.url))?.url;
}

function typeOf(mapped: MappedTitle, host: MarcField | undefined): CslType {
  switch (mapped.workType) {
    case 'TESE':
      return 'thesis';
    case 'ARTIGO':
      // A component part in a book (773 with ISBN or imprint, no ISSN) is a chapter; else an article.
      return host && !subfieldValue(host, 'x') && (subfieldValue(host, 'z') || subfieldValue(host, 'd'))
        ? 'chapter'
        : 'article-journal';
    case 'PERIODICO':
      return 'periodical';
    case 'MAPA':
      return 'map';
    case 'VIDEO':
      return 'motion_picture';
    case 'MUSICA_GRAVADA':
    case 'GRAVACAO_SONORA':
      return 'song';
    case 'IMAGEM':
      return 'graphic';
    case 'MANUSCRITO':
      return 'manuscript';
    case 'ARQUIVO_COMPUTADOR':
      return mapped.onlineLinks.length > 0 ? 'webpage' : 'book';
    default:
      return 'book';
  }
}

/** Splits the ISBD "Title : subtitle" of the mapped title (245 $a : $b). */
export function splitTitle(title: string): [string, string | null] {
  const at = title.indexOf(' : ');
  if (at === -1) return [title, null];
  return [title.slice(0, at).trim(), title.slice(at + 3).trim() || null];
}

/** "Assis, Machado de, 1839-1908" → family "Assis", given "Machado de"; corporate bodies and events as literal. */
function nameOf(author: MappedAuthor): CslName {
  if (author.kind !== 'person') return { literal: author.name };
  let name = author.name;
  if (author.dates && name.endsWith(author.dates)) name = name.slice(0, -author.dates.length);
  // $q fuller form "(Joanne Kathleen)" is for the catalogue, not for a citation.
  name = trimPunctuation(name.replace(/\s*\([^)]*\)\s*,?\s*$/, '').replace(/[,\s]+$/, ''), {
    keepPeriod: true,
  });
  const comma = name.indexOf(',');
  if (comma === -1) return { family: name };
  const given = name
    .slice(comma + 1)
    .trim()
    .replace(/,.*$/, '');
  return given ? { family: name.slice(0, comma).trim(), given } : { family: name.slice(0, comma).trim() };
}

/** 773 $a of a chapter: the book's editors, "Levi, Giovanni; Schmitt, Jean-Claude (org.)". */
function hostEditors(host: MarcField): CslName[] {
  const heading = subfieldValue(host, 'a');
  if (!heading) return [];
  return heading
    .replace(/\s*\((?:org|orgs|ed|eds|coord|comp)\.?\)/gi, '')
    .split(';')
    .map((part) => trimPunctuation(part).replace(/\s*\.$/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const comma = part.indexOf(',');
      return comma === -1
        ? { literal: part }
        : { family: part.slice(0, comma).trim(), given: part.slice(comma + 1).trim() };
    });
}

/** 773 $d "São Paulo : Companhia das Letras, 1996" → place, publisher, year. */
function imprintOf(text: string | null): { place?: string; publisher?: string; year?: number } {
  if (!text) return {};
  const year = /(?<!\d)(\d{4})(?!\d)/.exec(text)?.[1];
  const withoutYear = text.replace(/,?\s*\[?c?\d{4}\]?\.?\s*$/, '');
  const [place, publisher] = withoutYear
    .split(/\s*:\s*/, 2)
    .map((p) => trimPunctuation(p, { keepPeriod: true }));
  return {
    ...(place ? { place } : {}),
    ...(publisher ? { publisher } : {}),
    ...(year ? { year: Number(year) } : {}),
  };
}

/** 773 $g (or 300) "v. 12, n. 3, p. 45-67" → volume, issue, page. */
function partsOf(text: string): Pick<CslItem, 'volume' | 'issue' | 'page'> {
  const volume = /\b(?:v|vol)\.?\s*(\d+[\w/-]*)/i.exec(text)?.[1];
  const issue = /\b(?:n|no|nº|num|número|issue)\.?\s*(\d+[\w/-]*)/i.exec(text)?.[1];
  const page = /\bp{1,2}\.?\s*(\d+(?:\s*[-–]\s*\d+)?)/i.exec(text)?.[1]?.replace(/\s*[-–]\s*/, '-');
  return { ...(volume ? { volume } : {}), ...(issue ? { issue } : {}), ...(page ? { page } : {}) };
}

/** The thesis kind, institution and place from 502 ($b $c $d, or the free text of $a). */
function thesisOf(
  mapped: MappedTitle,
  rec: IndexedRecord | null,
): Pick<CslItem, 'genre' | 'publisher' | 'publisher-place'> {
  const field = rec ? fieldsOf(rec, '502')[0] : undefined;
  const degree = field ? subfieldValue(field, 'b') : null;
  if (field && degree) {
    const institution = subfieldValue(field, 'c');
    return {
      genre: genreOf(trimPunctuation(degree)),
      ...(institution ? { publisher: trimPunctuation(institution) } : {}),
    };
  }
  const note =
    (field ? subfieldValue(field, 'a') : null) ??
    mapped.notes.find((n) =>
      /^(tese|disserta|thesis|dissertation|tesis|monografia|trabalho de conclus)/i.test(n),
    );
  if (!note) return {};
  // "Tese (Doutorado em Educação) – Universidade Federal do Rio Grande do Sul, Porto Alegre, 2010."
  const [kind = '', rest = ''] = note.split(/\s+[-–—]+\s+|--/, 2);
  const parts = trimPunctuation(rest)
    .split(/\s*,\s*/)
    .filter((p) => p !== '' && !/^\[?c?\d{4}\]?$/.test(p));
  const place = parts.length > 1 && !INSTITUTION_WORD.test(parts.at(-1)!) ? parts.pop() : undefined;
  const institution = parts.join(', ');
  return {
    genre: trimPunctuation(kind, { keepPeriod: true }),
    ...(institution ? { publisher: institution } : {}),
    ...(place && !cleanPlace(mapped.publicationPlace) ? { 'publisher-place': place } : {}),
  };
}

/** 502 $b degree → the ABNT kind: "Doutorado em X" → "Tese (Doutorado em X)", "Mestrado…" → "Dissertação (…)". */
function genreOf(degree: string): string {
  if (/^(tese|disserta)/i.test(degree)) return degree;
  if (/^doutorado|^livre-doc/i.test(degree)) return `Tese (${degree})`;
  if (/^mestrado/i.test(degree)) return `Dissertação (${degree})`;
  if (/ph\.?\s?d|doctor|doctoral/i.test(degree)) return 'Tese (Doutorado)';
  if (/master|^m\.\s?[as]\.?$|^m\.?sc/i.test(degree)) return 'Dissertação (Mestrado)';
  return degree;
}

function editionOf(edition: string): string {
  return EDITION_NUMBER.exec(edition.trim())?.[1] ?? edition;
}

function cleanPlace(place: string | null): string | undefined {
  return place && !NO_PLACE.test(place.trim()) ? place : undefined;
}

function cleanPublisher(publisher: string | null): string | undefined {
  return publisher && !NO_PUBLISHER.test(publisher.trim()) ? publisher : undefined;
}
