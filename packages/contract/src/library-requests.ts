import { z } from 'zod';
import { isValidEmail, splitEmailList } from './basket.ts';
import {
  calendarDaySchema,
  idSchema,
  multilineTextSchema,
  queryIdSchema,
  textSchema,
} from './schemas/input.ts';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SWITCHING_KINDS,
  THESIS_DEGREES,
  type RequestType,
  type SwitchingKind,
} from './requests.ts';

// The bibliographic requests a patron sends to the library (SPEC §7 api/solicitacoes; SPEC §3
// "Bibliographic request"; SPEC §5; decisions 0047 and 0048): bibliographic switching (an article,
// a thesis, part of a document), a bibliographic survey and a specialized search; the patron's list
// of requests of every type, each with its history and the library's answer.

/** The calls of the bibliographic requests, relative to the /api prefix. */
export const LIBRARY_REQUEST_PATHS = {
  switching: (kind: SwitchingKind | string) => `/solicitacoes/comutacao-bibliografica/${kind}`,
  survey: '/solicitacoes/levantamento-bibliografico',
  specializedSearch: '/solicitacoes/pesquisa-especializada',
  /** GET with ?status: the patron's own requests of one type. */
  list: (type: RequestType | string) => `/solicitacoes/${type}`,
  /** POST: the patron cancels a request still waiting. */
  cancel: (type: RequestType | string, id: number | string) => `/solicitacoes/${type}/${id}/cancelar`,
  /** GET: the file of the library's answer. */
  file: (type: RequestType | string, id: number | string) => `/solicitacoes/${type}/${id}/arquivo`,
} as const;

/** The languages a survey or a specialized search may ask for (ISO 639-2 codes; `outros`: any other). */
export const REQUEST_LANGUAGES = ['por', 'eng', 'spa', 'fra', 'ita', 'deu', 'outros'] as const;
export type RequestLanguage = (typeof REQUEST_LANGUAGES)[number];

/** The kinds of publication a survey or a specialized search may cover. */
export const PUBLICATION_TYPES = [
  'livros',
  'artigos',
  'teses',
  'anais',
  'normas',
  'legislacao',
  'multimeios',
] as const;
export type PublicationType = (typeof PUBLICATION_TYPES)[number];

/** What a specialized search is for (the library chooses how deep to go). */
export const SEARCH_PURPOSES = [
  'trabalho_academico',
  'pesquisa',
  'docencia',
  'profissional',
  'outra',
] as const;
export type SearchPurpose = (typeof SEARCH_PURPOSES)[number];

/** Longest text of each field the library keeps (SPEC §5 lengths; longer is a 422). */
export const LIBRARY_REQUEST_MAX = {
  titulo: 500,
  autor: 300,
  titulo_periodico: 500,
  titulo_documento: 500,
  instituicao: 300,
  volume: 30,
  numero: 30,
  assunto: 500,
  palavras_chave: 500,
  email: 500,
  observacao: 2000,
} as const;

/** Contact addresses one request may name (SPEC §5 "multiple e-mails separated by semicolon"). */
export const LIBRARY_REQUEST_MAX_EMAILS = 5;

/** Anything longer is refused at the door (400); the rules above answer 422 for what is merely long. */
const HARD_MAX = 10_000;
const text = () => textSchema().trim().max(HARD_MAX).optional();
const longText = () => multilineTextSchema().trim().max(HARD_MAX).optional();
const page = () => z.number().int().min(1).max(100_000).optional();

/** What every request carries: the library it goes to, the contact e-mail(s) and an observation. */
const commonFields = {
  /** The library the request goes to (GET /unidade-informacao). */
  biblioteca: idSchema().optional(),
  /** One or more addresses separated by semicolons (SPEC §5). */
  email: text(),
  observacao: longText(),
};

/**
 * POST /solicitacoes/comutacao-bibliografica/{type} (SPEC §3): an article (its title, the journal's
 * title, year, volume, number, pages), a thesis or dissertation (title, author, degree, institution,
 * year) or part of a document (the part's title, the document's title, year, pages). Fields are
 * optional in the schema: the required ones are refused with a 422 naming the field.
 */
export const SwitchingRequestBodySchema = z.object({
  titulo: text(),
  autor: text(),
  titulo_periodico: text(),
  titulo_documento: text(),
  grau: z.enum(THESIS_DEGREES).optional(),
  instituicao: text(),
  /** Publication year, four digits. */
  ano: z.number().int().min(0).max(99_999).optional(),
  volume: text(),
  numero: text(),
  pagina_inicial: page(),
  pagina_final: page(),
  ...commonFields,
});
export type SwitchingRequestBody = z.infer<typeof SwitchingRequestBodySchema>;

/** The path parameter of bibliographic switching: its kind. */
export const SwitchingParamsSchema = z.object({ type: z.enum(SWITCHING_KINDS) });

/** The fields a survey and a specialized search share: subject, keywords, languages, period, kinds. */
const searchFields = {
  assunto: text(),
  palavras_chave: text(),
  idiomas: z.array(z.enum(REQUEST_LANGUAGES)).max(REQUEST_LANGUAGES.length).optional(),
  /** The period of publication searched, YYYY-MM-DD; the start not after the end (SPEC §5). */
  data_inicial: calendarDaySchema().optional(),
  data_final: calendarDaySchema().optional(),
  tipos_publicacao: z.array(z.enum(PUBLICATION_TYPES)).max(PUBLICATION_TYPES.length).optional(),
};

/** POST /solicitacoes/levantamento-bibliografico (SPEC §3): what the library should survey. */
export const SurveyRequestBodySchema = z.object({ ...searchFields, ...commonFields });
export type SurveyRequestBody = z.infer<typeof SurveyRequestBodySchema>;

/** POST /solicitacoes/pesquisa-especializada: a survey with its purpose, done by a librarian in depth. */
export const SpecializedSearchBodySchema = z.object({
  ...searchFields,
  finalidade: z.enum(SEARCH_PURPOSES).optional(),
  ...commonFields,
});
export type SpecializedSearchBody = z.infer<typeof SpecializedSearchBodySchema>;

/** Any of the bodies above (what the rules below check). */
export type LibraryRequestBody = SwitchingRequestBody & SurveyRequestBody & SpecializedSearchBody;

/** The fields whose absence is refused, each with a message naming it. */
export const LIBRARY_REQUEST_REQUIRED_KEYS = {
  titulo: 'libraryRequests.errors.required.titulo',
  autor: 'libraryRequests.errors.required.autor',
  titulo_periodico: 'libraryRequests.errors.required.titulo_periodico',
  titulo_documento: 'libraryRequests.errors.required.titulo_documento',
  grau: 'libraryRequests.errors.required.grau',
  ano: 'libraryRequests.errors.required.ano',
  assunto: 'libraryRequests.errors.required.assunto',
  finalidade: 'libraryRequests.errors.required.finalidade',
  email: 'libraryRequests.errors.required.email',
  biblioteca: 'libraryRequests.errors.required.biblioteca',
} as const;
export type LibraryRequestRequiredField = keyof typeof LIBRARY_REQUEST_REQUIRED_KEYS;

/** Translation keys of the other refusals (422). */
export const LIBRARY_REQUEST_RULE_KEYS = {
  pageOrder: 'libraryRequests.errors.pageOrder',
  dateOrder: 'libraryRequests.errors.dateOrder',
  emailInvalid: 'libraryRequests.errors.emailInvalid',
  tooManyEmails: 'libraryRequests.errors.tooManyEmails',
  yearInvalid: 'libraryRequests.errors.yearInvalid',
  tooLong: 'libraryRequests.errors.tooLong',
  libraryUnknown: 'libraryRequests.errors.libraryUnknown',
  notCancellable: 'libraryRequests.errors.notCancellable',
} as const;

/** The 422 codes of the request calls. */
export const LIBRARY_REQUEST_ERROR_CODE = {
  INVALID: 'LIBRARY_REQUEST_INVALID',
  LIBRARY_UNKNOWN: 'LIBRARY_REQUEST_LIBRARY_UNKNOWN',
  NOT_CANCELLABLE: 'LIBRARY_REQUEST_NOT_CANCELLABLE',
} as const;

/** Which fields each request requires (besides the library and the contact e-mail). */
export const LIBRARY_REQUEST_REQUIRED: Record<
  SwitchingKind | 'levantamento-bibliografico' | 'pesquisa-especializada',
  readonly LibraryRequestRequiredField[]
> = {
  artigo: ['titulo', 'titulo_periodico', 'ano'],
  tese: ['titulo', 'autor', 'grau', 'ano'],
  'parte-documento': ['titulo', 'titulo_documento', 'ano'],
  'levantamento-bibliografico': ['assunto'],
  'pesquisa-especializada': ['assunto', 'finalidade'],
};

/** One problem of a request: the field and the translation key of its message. */
export interface LibraryRequestProblem {
  field: keyof LibraryRequestBody;
  key: string;
}

/**
 * The SPEC §5 rules of a request, the same on the server as the web form's: required fields naming
 * the field, lengths, a four-digit year not in the future, the start page not after the end page,
 * the start date not after the end date, and one or more valid e-mails separated by semicolons.
 * `form` is the switching kind or the request type; `thisYear` bounds the year.
 */
export function libraryRequestProblems(
  form: keyof typeof LIBRARY_REQUEST_REQUIRED,
  body: Partial<LibraryRequestBody>,
  thisYear: number,
): LibraryRequestProblem[] {
  const problems: LibraryRequestProblem[] = [];
  const values = body as Record<string, unknown>;
  const isBlank = (value: unknown) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  for (const field of [...LIBRARY_REQUEST_REQUIRED[form], 'email', 'biblioteca'] as const) {
    if (isBlank(values[field])) problems.push({ field, key: LIBRARY_REQUEST_REQUIRED_KEYS[field] });
  }
  for (const [field, max] of Object.entries(LIBRARY_REQUEST_MAX)) {
    const value = values[field];
    if (typeof value === 'string' && value.trim().length > max)
      problems.push({ field: field as keyof LibraryRequestBody, key: LIBRARY_REQUEST_RULE_KEYS.tooLong });
  }
  if (body.ano !== undefined && (body.ano < 1000 || body.ano > thisYear))
    problems.push({ field: 'ano', key: LIBRARY_REQUEST_RULE_KEYS.yearInvalid });
  // SPEC §5: the start page is not greater than the final page.
  if (
    body.pagina_inicial !== undefined &&
    body.pagina_final !== undefined &&
    body.pagina_inicial > body.pagina_final
  )
    problems.push({ field: 'pagina_inicial', key: LIBRARY_REQUEST_RULE_KEYS.pageOrder });
  // SPEC §5: the start date is not after the end date.
  if (body.data_inicial && body.data_final && body.data_inicial > body.data_final)
    problems.push({ field: 'data_inicial', key: LIBRARY_REQUEST_RULE_KEYS.dateOrder });
  if (!isBlank(body.email)) {
    const emails = splitEmailList(body.email ?? '');
    if (emails.length === 0 || emails.some((email) => !isValidEmail(email)))
      problems.push({ field: 'email', key: LIBRARY_REQUEST_RULE_KEYS.emailInvalid });
    else if (emails.length > LIBRARY_REQUEST_MAX_EMAILS)
      problems.push({ field: 'email', key: LIBRARY_REQUEST_RULE_KEYS.tooManyEmails });
  }
  return problems;
}

/** GET /solicitacoes/{type}: the path parameter, any request type. */
export const LibraryRequestTypeParamsSchema = z.object({ type: z.enum(REQUEST_TYPES) });

/** GET /solicitacoes/{type}?status=…: only the requests in this status when given. */
export const LibraryRequestsQuerySchema = z.object({ status: z.enum(REQUEST_STATUSES).optional() });
export type LibraryRequestsQuery = z.infer<typeof LibraryRequestsQuerySchema>;

/** The path of one request: its type and id. */
export const LibraryRequestParamsSchema = z.object({ type: z.enum(REQUEST_TYPES), id: queryIdSchema() });

/** One step of a request's history: the status it went to, when, and the library's note. */
export const LibraryRequestEventSchema = z.object({
  situacao: z.enum(REQUEST_STATUSES),
  data: z.string(),
  observacao: z.string().nullable(),
});
export type LibraryRequestEvent = z.infer<typeof LibraryRequestEventSchema>;

/** A field's value as the patron sent it (texts, numbers, lists of codes). */
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** One of the patron's requests, with its fields as sent, its history and the library's answer. */
export const LibraryRequestSchema = z.object({
  codigo: z.number().int(),
  tipo: z.enum(REQUEST_TYPES),
  /** The switching kind (artigo, tese, parte-documento); null for the other types. */
  subtipo: z.string().nullable(),
  biblioteca: z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() }).nullable(),
  situacao: z.enum(REQUEST_STATUSES),
  /** The fields the patron filled in, named as the call that sent them names them. */
  campos: z.record(z.string(), FieldValueSchema),
  data_solicitacao: z.string(),
  data_atualizacao: z.string(),
  /** Every change of status, oldest first (the first is the sending). */
  historico: z.array(LibraryRequestEventSchema),
  /** The library's answer: a text and/or a file (GET …/arquivo), null until it gives one. */
  resposta: z
    .object({
      texto: z.string().nullable(),
      arquivo: z.object({ nome: z.string(), tipo: z.string() }).nullable(),
    })
    .nullable(),
  /** Whether the patron may still cancel it (only while it waits). */
  pode_cancelar: z.boolean(),
});
export type LibraryRequest = z.infer<typeof LibraryRequestSchema>;
export const LibraryRequestsSchema = z.array(LibraryRequestSchema);

/** GET /solicitacoes/{type}/{id}/arquivo: the answer's file, base64 (as the other downloads). */
export const LibraryRequestFileSchema = z.object({
  nome_arquivo: z.string(),
  tipo: z.string(),
  conteudo: z.string(),
});
export type LibraryRequestFile = z.infer<typeof LibraryRequestFileSchema>;
