import { buildRecord, readIsbn, type BuildAuthor, type MarcRecord, type WorkType } from '@estante/marc';
import type { DublinCoreValues } from './oai-xml.ts';

/**
 * Work types by the words of dc:type, tried in order (DSpace, EPrints and OJS write the COAR or
 * DRIVER vocabulary, or words of their own, in English or Portuguese).
 */
const WORK_TYPE_BY_DC_TYPE: [RegExp, WorkType][] = [
  [/thesis|dissertation|tese|dissertacao|monografia|trabalho de conclusao|tcc/, 'TESE'],
  [/article|artigo|articulo|contribution to journal/, 'ARTIGO'],
  [/journal|periodico|revista|serial/, 'PERIODICO'],
  [/map|mapa|cartographic/, 'MAPA'],
  [/moving image|video/, 'VIDEO'],
  [/sound|audio|som/, 'GRAVACAO_SONORA'],
  [/image|imagem|photograph|fotografia/, 'IMAGEM'],
  [/dataset|software|conjunto de dados/, 'ARQUIVO_COMPUTADOR'],
  [/book|livro|libro|text|texto|report|relatorio|chapter|capitulo/, 'LIVRO'],
];

/** MARC language codes (ISO 639-2/B) for the two-letter codes dc:language often carries. */
const LANGUAGE_BY_ISO_639_1: Record<string, string> = {
  pt: 'por',
  en: 'eng',
  es: 'spa',
  fr: 'fre',
  it: 'ita',
  de: 'ger',
};

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A dissertation note (MARC 502, which the MARC to Dublin Core crosswalk writes as dc:description). */
const THESIS_NOTE = /^(tese|dissertacao|thesis|dissertation)\b/;

/**
 * dc:type to a work type, the most specific its words say ("Text" and "Tese (doutorado)" is a
 * thesis); OUTRO when no word is known. A text whose description is a dissertation note is a
 * thesis too.
 */
export function workTypeOf(types: string[], descriptions: string[] = []): WorkType {
  const words = types.map(plain);
  const found = WORK_TYPE_BY_DC_TYPE.find(([pattern]) => words.some((w) => pattern.test(w)))?.[1] ?? 'OUTRO';
  if ((found === 'LIVRO' || found === 'OUTRO') && descriptions.some((d) => THESIS_NOTE.test(plain(d))))
    return 'TESE';
  return found;
}

/** dc:language to a MARC language code, or undefined ("pt-BR", "por" and "pt_BR" are Portuguese). */
function languageOf(languages: string[]): string | undefined {
  for (const value of languages) {
    const code = plain(value).split(/[-_ ]/)[0] ?? '';
    if (/^[a-z]{3}$/.test(code)) return code;
    const mapped = LANGUAGE_BY_ISO_639_1[code];
    if (mapped) return mapped;
  }
  return undefined;
}

/**
 * The year of publication: the earliest year among the dc:date values. DSpace writes the dates
 * of accession and availability as dc:date too, and those come after the date of issue.
 */
function yearOf(dates: string[]): number | undefined {
  const years = dates.flatMap((date) => {
    const match = /(?:^|\D)(\d{4})(?:\D|$)/.exec(date);
    return match ? [Number(match[1])] : [];
  });
  return years.length > 0 ? Math.min(...years) : undefined;
}

/** The identifiers that say where the work is and which it is: links, ISBNs, ISSNs. */
function identifiersOf(identifiers: string[]) {
  const links: { url: string }[] = [];
  const isbn: string[] = [];
  const issn: string[] = [];
  for (const value of identifiers) {
    if (/^https?:\/\/\S+$/i.test(value)) links.push({ url: value });
    else if (/^(?:doi:\s*)?10\.\d{4,9}\/\S+$/i.test(value))
      links.push({ url: `https://doi.org/${value.replace(/^doi:\s*/i, '')}` });
    else if (/^(?:urn:)?issn[:\s]/i.test(value)) issn.push(value.replace(/^(?:urn:)?issn[:\s]*/i, ''));
    else if (/^(?:urn:)?isbn[:\s]/i.test(value)) isbn.push(value.replace(/^(?:urn:)?isbn[:\s]*/i, ''));
    // A bare number is an ISBN only when its check digit says so.
    else if (/^[\dXx -]{10,17}$/.test(value) && readIsbn(value)?.isbn13) isbn.push(value);
  }
  return { links, isbn, issn };
}

/**
 * An oai_dc record as a MARC 21 record, so it is mapped and kept like any network record (the
 * Library of Congress Dublin Core to MARC crosswalk, simplified): title 245, creators then
 * contributors 1XX/7XX, subjects 653 (uncontrolled words), date 264 $c, identifiers 856/020/022,
 * description 520, publisher 264 $b, language 008, type the leader and work type. The OAI
 * identifier is its control number (001).
 */
export function dublinCoreToMarc(
  values: DublinCoreValues,
  options: { identifier: string; datestamp?: Date },
): MarcRecord | { error: string } {
  const title = values.title?.[0];
  if (!title) return { error: 'no title (dc:title)' };
  const authors: BuildAuthor[] = [...(values.creator ?? []), ...(values.contributor ?? [])].map((name) => ({
    name,
  }));
  const { links, isbn, issn } = identifiersOf(values.identifier ?? []);
  const year = yearOf(values.date ?? []);
  const language = languageOf(values.language ?? []);
  const summary = values.description?.[0];
  const publisher = values.publisher?.[0];
  return buildRecord({
    controlNumber: options.identifier,
    workType: workTypeOf(values.type ?? [], values.description ?? []),
    title,
    authors,
    ...(year !== undefined ? { year } : {}),
    ...(publisher ? { publisher } : {}),
    ...(language ? { language } : {}),
    ...(summary ? { summary } : {}),
    isbn,
    issn,
    onlineLinks: links,
    ...(options.datestamp ? { entered: options.datestamp } : {}),
    fields: (values.subject ?? []).map((term) => ({
      tag: '653',
      ind1: ' ',
      ind2: ' ',
      subfields: [{ code: 'a', value: term }],
    })),
  });
}
