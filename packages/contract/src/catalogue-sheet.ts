import { z } from 'zod';
import { textSchema } from './schemas/input.ts';
import { REQUEST_STATUSES } from './requests.ts';

// The catalogue sheet (SPEC §7 POST /solicitacoes/ficha-catalografica; SPEC §3 Bibliographic
// request: bibliography pages, total pages, illustrations, keywords; decision 0049). A graduate
// sends the data of their thesis; the library answers with the catalogue card printed on the back
// of the title page (ABNT NBR 14724). A draft is made at once; the librarian adds the
// classification, the Cutter number and the subjects, and issues the final sheet.

/** The calls of the catalogue sheet: send one, the patron's own, and one's PDF (draft or final). */
export const CATALOGUE_SHEET_PATHS = {
  sheets: '/solicitacoes/ficha-catalografica',
  ownSheets: '/solicitacoes/ficha-catalografica/minhas',
  sheetPdf: (id: number | string) => `/solicitacoes/ficha-catalografica/${id}/pdf`,
} as const;

/** The kinds of academic work a sheet is for: course conclusion, specialization, master's, doctorate. */
export const CATALOGUE_SHEET_WORK_KINDS = ['graduacao', 'especializacao', 'mestrado', 'doutorado'] as const;
export type CatalogueSheetWorkKind = (typeof CATALOGUE_SHEET_WORK_KINDS)[number];

/** Whether the work has illustrations, and whether they are in colour ("il." / "il. color."). */
export const CATALOGUE_SHEET_ILLUSTRATIONS = ['nao', 'sim', 'coloridas'] as const;
export type CatalogueSheetIllustrations = (typeof CATALOGUE_SHEET_ILLUSTRATIONS)[number];

/** Limits of the form (the card is small: longer texts would not fit it). */
export const CATALOGUE_SHEET_LIMITS = {
  name: 120,
  title: 300,
  institution: 200,
  city: 80,
  keyword: 100,
  keywords: 8,
  pages: 9999,
  firstYear: 1900,
  email: 254,
} as const;

const text = (max: number) => textSchema().trim().max(max).optional();
const page = z.number().int().min(0).max(CATALOGUE_SHEET_LIMITS.pages).optional();

/**
 * POST /solicitacoes/ficha-catalografica. Every field is optional in the schema so that a missing
 * one is refused with a 422 naming it (SPEC §5), not a 400; `catalogueSheetProblem` has the rules.
 */
export const CatalogueSheetBodySchema = z.object({
  autor_sobrenome: text(CATALOGUE_SHEET_LIMITS.name).describe("The author's surname (main entry)"),
  autor_prenomes: text(CATALOGUE_SHEET_LIMITS.name).describe("The author's given names"),
  titulo: text(CATALOGUE_SHEET_LIMITS.title),
  subtitulo: text(CATALOGUE_SHEET_LIMITS.title),
  orientador_sobrenome: text(CATALOGUE_SHEET_LIMITS.name),
  orientador_prenomes: text(CATALOGUE_SHEET_LIMITS.name),
  coorientador_sobrenome: text(CATALOGUE_SHEET_LIMITS.name),
  coorientador_prenomes: text(CATALOGUE_SHEET_LIMITS.name),
  tipo_trabalho: z.enum(CATALOGUE_SHEET_WORK_KINDS).optional(),
  /** The course (graduação) or the graduate programme. */
  programa: text(CATALOGUE_SHEET_LIMITS.institution),
  instituicao: text(CATALOGUE_SHEET_LIMITS.institution),
  /** The campus city (the imprint's place). */
  cidade: text(CATALOGUE_SHEET_LIMITS.city),
  ano: z.number().int().min(0).max(9999).optional(),
  total_folhas: page,
  pagina_bibliografia_inicial: page,
  pagina_bibliografia_final: page,
  ilustracoes: z.enum(CATALOGUE_SHEET_ILLUSTRATIONS).default('nao'),
  palavras_chave: z
    .array(textSchema().trim().max(CATALOGUE_SHEET_LIMITS.keyword))
    .max(CATALOGUE_SHEET_LIMITS.keywords)
    .default([]),
  email: text(CATALOGUE_SHEET_LIMITS.email).describe('Where the library writes about the sheet'),
});
export type CatalogueSheetBody = z.input<typeof CatalogueSheetBodySchema>;
export type CatalogueSheetInput = z.output<typeof CatalogueSheetBodySchema>;

/** The required fields in the form's order (SPEC §5: the refusal names the first one missing). */
export const CATALOGUE_SHEET_REQUIRED = [
  'autor_sobrenome',
  'autor_prenomes',
  'titulo',
  'orientador_sobrenome',
  'orientador_prenomes',
  'tipo_trabalho',
  'programa',
  'instituicao',
  'cidade',
  'ano',
  'total_folhas',
  'palavras_chave',
  'email',
] as const;
export type CatalogueSheetRequiredField = (typeof CATALOGUE_SHEET_REQUIRED)[number];

/** The translation key of each required field's refusal (SPEC §5: "the field … is required"). */
const REQUIRED_KEYS: Record<CatalogueSheetRequiredField, string> = {
  autor_sobrenome: 'catalogueSheet.errors.required.autor_sobrenome',
  autor_prenomes: 'catalogueSheet.errors.required.autor_prenomes',
  titulo: 'catalogueSheet.errors.required.titulo',
  orientador_sobrenome: 'catalogueSheet.errors.required.orientador_sobrenome',
  orientador_prenomes: 'catalogueSheet.errors.required.orientador_prenomes',
  tipo_trabalho: 'catalogueSheet.errors.required.tipo_trabalho',
  programa: 'catalogueSheet.errors.required.programa',
  instituicao: 'catalogueSheet.errors.required.instituicao',
  cidade: 'catalogueSheet.errors.required.cidade',
  ano: 'catalogueSheet.errors.required.ano',
  total_folhas: 'catalogueSheet.errors.required.total_folhas',
  palavras_chave: 'catalogueSheet.errors.required.palavras_chave',
  email: 'catalogueSheet.errors.required.email',
};

/** 422 refusals of the catalogue sheet: a stable code and the translation key sent as the message. */
export const CATALOGUE_SHEET_ERROR = {
  required: (field: CatalogueSheetRequiredField) => ({ code: 'FIELD_REQUIRED', key: REQUIRED_KEYS[field] }),
  YEAR_INVALID: { code: 'YEAR_INVALID', key: 'catalogueSheet.errors.yearInvalid' },
  PAGES_INVALID: { code: 'PAGES_INVALID', key: 'catalogueSheet.errors.pagesInvalid' },
  BIBLIOGRAPHY_INCOMPLETE: {
    code: 'BIBLIOGRAPHY_INCOMPLETE',
    key: 'catalogueSheet.errors.bibliographyIncomplete',
  },
  BIBLIOGRAPHY_ORDER: { code: 'BIBLIOGRAPHY_ORDER', key: 'catalogueSheet.errors.bibliographyOrder' },
  BIBLIOGRAPHY_BEYOND_TOTAL: {
    code: 'BIBLIOGRAPHY_BEYOND_TOTAL',
    key: 'catalogueSheet.errors.bibliographyBeyondTotal',
  },
  COADVISOR_INCOMPLETE: { code: 'COADVISOR_INCOMPLETE', key: 'catalogueSheet.errors.coadvisorIncomplete' },
  EMAIL_INVALID: { code: 'EMAIL_INVALID', key: 'catalogueSheet.errors.emailInvalid' },
} as const;
export interface CatalogueSheetRefusal {
  code: string;
  key: string;
}

const EMAIL = z.email();

/**
 * SPEC §5 for the catalogue sheet, the first rule broken in the form's order, or null: the required
 * fields (named), a sensible year (from 1900 to next year), at least one page, the bibliography's
 * first page not after its last and both within the total, a co-advisor with both names, an e-mail.
 */
export function catalogueSheetProblem(
  body: CatalogueSheetInput,
  currentYear: number,
): CatalogueSheetRefusal | null {
  for (const field of CATALOGUE_SHEET_REQUIRED) {
    const value = body[field];
    const missing =
      value === undefined || value === '' || (Array.isArray(value) && value.every((word) => !word));
    if (missing) return CATALOGUE_SHEET_ERROR.required(field);
  }
  const coadvisor = [body.coorientador_sobrenome, body.coorientador_prenomes].filter(Boolean).length;
  if (coadvisor === 1) return CATALOGUE_SHEET_ERROR.COADVISOR_INCOMPLETE;
  if (body.ano! < CATALOGUE_SHEET_LIMITS.firstYear || body.ano! > currentYear + 1)
    return CATALOGUE_SHEET_ERROR.YEAR_INVALID;
  if (body.total_folhas! < 1) return CATALOGUE_SHEET_ERROR.PAGES_INVALID;
  const first = body.pagina_bibliografia_inicial;
  const last = body.pagina_bibliografia_final;
  if ((first === undefined) !== (last === undefined)) return CATALOGUE_SHEET_ERROR.BIBLIOGRAPHY_INCOMPLETE;
  if (first !== undefined && last !== undefined) {
    if (first < 1 || first > last) return CATALOGUE_SHEET_ERROR.BIBLIOGRAPHY_ORDER;
    if (last > body.total_folhas!) return CATALOGUE_SHEET_ERROR.BIBLIOGRAPHY_BEYOND_TOTAL;
  }
  if (!EMAIL.safeParse(body.email).success) return CATALOGUE_SHEET_ERROR.EMAIL_INVALID;
  return null;
}

/** What the library adds to a sheet: its classification (CDU/CDD), Cutter number and subjects. */
export const CatalogueSheetLibraryDataSchema = z.object({
  classificacao: z.string().nullable(),
  cutter: z.string().nullable(),
  assuntos: z.array(z.string()),
});
export type CatalogueSheetLibraryData = z.infer<typeof CatalogueSheetLibraryDataSchema>;

/** One of the patron's catalogue sheets. */
export const CatalogueSheetSchema = z.object({
  codigo: z.number().int(),
  situacao: z.enum(REQUEST_STATUSES),
  data_solicitacao: z.string(),
  data_atualizacao: z.string(),
  titulo: z.string(),
  tipo_trabalho: z.enum(CATALOGUE_SHEET_WORK_KINDS),
  ano: z.number().int(),
  /** The library issued the final sheet: the PDF is that one, not the draft. */
  final: z.boolean(),
  /** The card's text, line by line (the draft's, or the final sheet's once issued). */
  ficha: z.array(z.string()),
  /** The library's answer, when it wrote one. */
  resposta: z.string().nullable(),
});
export type CatalogueSheet = z.infer<typeof CatalogueSheetSchema>;
export const CatalogueSheetsSchema = z.array(CatalogueSheetSchema);

/** The path parameter of a sheet's PDF. */
export const CatalogueSheetIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
