import type {
  CatalogueSheetInput,
  CatalogueSheetLibraryData,
  CatalogueSheetWorkKind,
} from '@estante/contract';

/**
 * The text of a catalogue card as Brazilian university libraries print it on the back of a thesis's
 * title page (ABNT NBR 14724, cataloguing by AACR2): the heading line above the card; inside, the
 * main entry (SURNAME, Given names), then indented paragraphs: title : subtitle / statement of
 * responsibility. – imprint; pages and illustrations; the thesis note; the advisors; the
 * bibliography; the numbered subjects and the roman-numbered added entries; the Cutter number and
 * the classification are the librarian's (blank boxes on a draft). Always in Portuguese: the card
 * goes into a Brazilian thesis whatever language the patron reads the catalogue in.
 */
export interface CatalogueCard {
  /** The line(s) above the card. */
  heading: string[];
  /** SURNAME, Given names. */
  mainEntry: string;
  /** The indented paragraphs below the main entry, in order. */
  paragraphs: string[];
  /** The librarian's Cutter number and classification; null on a draft (a blank box). */
  cutter: string | null;
  classification: string | null;
}

/** What the card is made from: the patron's fields after SPEC §5 (the required ones present). */
export type CardFields = CatalogueSheetInput &
  Required<
    Pick<
      CatalogueSheetInput,
      | 'autor_sobrenome'
      | 'autor_prenomes'
      | 'titulo'
      | 'orientador_sobrenome'
      | 'orientador_prenomes'
      | 'tipo_trabalho'
      | 'programa'
      | 'instituicao'
      | 'cidade'
      | 'ano'
      | 'total_folhas'
    >
  >;

/** The thesis note's kind of work and degree (ABNT NBR 14724 "natureza do trabalho"). */
const THESIS_NOTE: Record<CatalogueSheetWorkKind, string> = {
  graduacao: 'Trabalho de Conclusão de Curso (Graduação)',
  especializacao: 'Monografia (Especialização)',
  mestrado: 'Dissertação (Mestrado)',
  doutorado: 'Tese (Doutorado)',
};

export const DRAFT_HEADING = 'Ficha catalográfica elaborada a partir dos dados fornecidos pelo(a) autor(a)';
export const FINAL_HEADING = 'Ficha catalográfica elaborada pela Biblioteca';

/** A sentence ends with one full stop: "Florianópolis" → "Florianópolis.", "Jr." stays "Jr.". */
export function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A subject heading as printed: its first letter capital, the rest as typed. */
export function subjectHeading(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.charAt(0).toLocaleUpperCase('pt-BR') + trimmed.slice(1);
}

/** The main entry: the surname in capitals, a comma, the given names ("SILVA, Maria da"). */
export function mainEntry(surname: string, givenNames: string): string {
  return `${surname.trim().toLocaleUpperCase('pt-BR')}, ${givenNames.trim()}`;
}

/** An added entry for a person: "Souza, João Carlos" (inverted, as the catalogue files it). */
export function invertedName(surname: string, givenNames: string): string {
  return `${surname.trim()}, ${givenNames.trim()}`;
}

/** The name in direct order, as the title page gives it: "João Carlos Souza". */
export function directName(surname: string, givenNames: string): string {
  return `${givenNames.trim()} ${surname.trim()}`;
}

/** "120 f." and, with illustrations, " : il." or " : il. color.". */
export function physicalDescription(fields: Pick<CardFields, 'total_folhas' | 'ilustracoes'>): string {
  const illustrations =
    fields.ilustracoes === 'coloridas' ? ' : il. color.' : fields.ilustracoes === 'sim' ? ' : il.' : '';
  return `${fields.total_folhas} f.${illustrations}`;
}

/**
 * The numbered subjects, then the roman-numbered added entries (advisor, co-advisor, "Título"):
 * "1. Bibliotecas. 2. Catalogação. I. Souza, João. II. Título."
 */
export function subjectsLine(subjects: readonly string[], addedEntries: readonly string[]): string {
  const numbered = subjects
    .map(subjectHeading)
    .filter(Boolean)
    .map((subject, index) => `${index + 1}. ${withStop(subject)}`);
  const roman = [...addedEntries, 'Título'].map((entry, index) => `${ROMAN[index]}. ${withStop(entry)}`);
  return [...numbered, ...roman].join(' ');
}
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];

/**
 * The card of a sheet: the draft (library data null: blank Cutter and classification, the
 * patron's keywords as subjects) or the final sheet (the librarian's Cutter, classification and,
 * when given, subjects).
 */
export function composeCard(fields: CardFields, library: CatalogueSheetLibraryData | null): CatalogueCard {
  const author = directName(fields.autor_sobrenome, fields.autor_prenomes);
  const advisor = directName(fields.orientador_sobrenome, fields.orientador_prenomes);
  const coadvisor =
    fields.coorientador_sobrenome && fields.coorientador_prenomes
      ? { surname: fields.coorientador_sobrenome, given: fields.coorientador_prenomes }
      : null;
  const title = fields.subtitulo
    ? `${fields.titulo.trim()} : ${fields.subtitulo.trim()}`
    : fields.titulo.trim();
  const responsibility = [
    author,
    `orientador(a), ${advisor}`,
    ...(coadvisor ? [`coorientador(a), ${directName(coadvisor.surname, coadvisor.given)}`] : []),
  ].join(' ; ');
  const paragraphs = [
    `${title} / ${responsibility}. – ${fields.cidade.trim()}, ${fields.ano}.`,
    physicalDescription(fields),
    `${THESIS_NOTE[fields.tipo_trabalho]} – ${fields.instituicao.trim()}, ${fields.programa.trim()}, ${fields.ano}.`,
    `Orientador(a): ${advisor}.`,
    ...(coadvisor ? [`Coorientador(a): ${directName(coadvisor.surname, coadvisor.given)}.`] : []),
    fields.pagina_bibliografia_inicial !== undefined && fields.pagina_bibliografia_final !== undefined
      ? `Referências: f. ${fields.pagina_bibliografia_inicial}-${fields.pagina_bibliografia_final}.`
      : 'Inclui referências.',
    subjectsLine(library?.assuntos.length ? library.assuntos : fields.palavras_chave, [
      invertedName(fields.orientador_sobrenome, fields.orientador_prenomes),
      ...(coadvisor ? [invertedName(coadvisor.surname, coadvisor.given)] : []),
    ]),
  ];
  return {
    heading: [library ? FINAL_HEADING : DRAFT_HEADING],
    mainEntry: mainEntry(fields.autor_sobrenome, fields.autor_prenomes),
    paragraphs,
    cutter: library?.cutter ?? null,
    classification: library?.classificacao ?? null,
  };
}

/** The card as lines of text (the screen's preview, the command's output). */
export function cardLines(card: CatalogueCard): string[] {
  return [
    ...card.heading,
    ...(card.cutter ? [card.cutter] : []),
    card.mainEntry,
    ...card.paragraphs,
    ...(card.classification ? [card.classification] : []),
  ];
}
