import { z } from 'zod';
import { CLOSED_STACKS_MAX_ITEMS, TITLE_TAB_SEGMENTS } from '../title-tabs.ts';
import { COPY_STATUSES } from '../title.ts';
import { idSchema, integerSchema, queryIdSchema, textSchema } from './input.ts';
import { IdParamsSchema } from './title.ts';

/** GET /acervo/{id}/permissoes: every sub-tab, with whether this title shows it. */
export const TitlePermissionsSchema = z.object({
  cod_acervo: z.number().int(),
  abas: z.array(
    z.object({
      aba: z.enum(TITLE_TAB_SEGMENTS),
      codigo: z.number().int().nullable(),
      permitida: z.boolean(),
    }),
  ),
});
export type TitlePermissions = z.infer<typeof TitlePermissionsSchema>;

// ---------------------------------------------------------------- serial holdings (kardex, 32)

/** GET /kardex/{id}/permissao: the kardex is offered for periodicals only. */
export const KardexPermissionSchema = z.object({ permitido: z.boolean() });
export type KardexPermission = z.infer<typeof KardexPermissionSchema>;

/** GET /kardex/{id}/combobox-data: what the kardex selects offer. */
export const KardexComboboxSchema = z.object({
  /** codPeriod: the periodical; in Estante a periodical is its title, so the code is its cod_acervo. */
  periodicos: z.array(
    z.object({ cod_periodico: z.number().int(), titulo: z.string(), issn: z.string().nullable() }),
  ),
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
  /** codPar: one holdings line (a library's run of the periodical), with the years it has issues of. */
  colecoes: z.array(
    z.object({
      cod_par: z.number().int(),
      cod_biblioteca: z.number().int(),
      descricao: z.string(),
      corrente: z.boolean(),
      anos: z.array(z.number().int()),
    }),
  ),
  /** Every year with issues, newest first. */
  anos: z.array(z.number().int()),
});
export type KardexCombobox = z.infer<typeof KardexComboboxSchema>;

const optionalCode = queryIdSchema().optional();

/** GET /kardex/{id}/data (codPeriod, codBib, codPar, year); each left out means "any", year the latest. */
export const KardexDataQuerySchema = z.object({
  codPeriod: optionalCode,
  codBib: optionalCode,
  codPar: optionalCode,
  year: z.coerce.number().int().min(1000).max(2999).optional(),
});
export type KardexDataQuery = z.infer<typeof KardexDataQuerySchema>;

/** One issue (fascículo) of a holdings line. */
export const KardexIssueSchema = z.object({
  cod_par: z.number().int(),
  seq_par: z.number().int(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  ano: z.number().int(),
  volume: z.string().nullable(),
  numero: z.string().nullable(),
  /** The months the issue covers, as printed ("jan./abr."). */
  periodo: z.string().nullable(),
  /** YYYY-MM-DD. */
  data_publicacao: z.string().nullable(),
  /** YYYY-MM-DD; null when the issue was not received (claimed). */
  data_recebimento: z.string().nullable(),
  /** True when the library registered the issue's contents (/kardex/{id}/item). */
  possui_sumario: z.boolean(),
});
export type KardexIssue = z.infer<typeof KardexIssueSchema>;

export const KardexDataSchema = z.object({
  /** The year shown: the one asked, else the latest with issues; null when there are none. */
  ano: z.number().int().nullable(),
  fasciculos: z.array(KardexIssueSchema),
});
export type KardexData = z.infer<typeof KardexDataSchema>;

/** GET /kardex/{id}/item (seqPar, seqSec, codPar): one issue's contents, all sections without seqSec. */
export const KardexItemQuerySchema = z.object({
  codPar: queryIdSchema(),
  seqPar: queryIdSchema(),
  seqSec: optionalCode,
});
export type KardexItemQuery = z.infer<typeof KardexItemQuerySchema>;

/** An article of an issue's section. */
export const KardexArticleSchema = z.object({
  seq: z.number().int(),
  titulo: z.string(),
  autores: z.string().nullable(),
  paginas: z.string().nullable(),
});

export const KardexItemSchema = z.object({
  fasciculo: KardexIssueSchema,
  secoes: z.array(
    z.object({ seq_sec: z.number().int(), nome: z.string(), artigos: z.array(KardexArticleSchema) }),
  ),
});
export type KardexItem = z.infer<typeof KardexItemSchema>;

// ---------------------------------------------------------------- tables of contents

/** One entry of a table of contents (505 $g/$t/$r, or an article of an issue). */
export const SummaryEntrySchema = z.object({
  /** Number or place written before the title ("1.", "v. 2"). */
  ordem: z.string().nullable(),
  titulo: z.string(),
  /** Authors or statement of responsibility. */
  responsabilidade: z.string().nullable(),
  /** Pages, duration… */
  complemento: z.string().nullable(),
});
export type SummaryEntry = z.infer<typeof SummaryEntrySchema>;

/** One table of contents: a 505 field of a book, or one issue of a periodical. */
export const SummarySchema = z.object({
  /** The issue, for a periodical; null for a book. */
  fasciculo: KardexIssueSchema.nullable(),
  /** 505 first indicator: complete, incomplete or partial contents; null when it says nothing. */
  situacao: z.enum(['completo', 'incompleto', 'parcial']).nullable(),
  secoes: z.array(z.object({ nome: z.string().nullable(), itens: z.array(SummaryEntrySchema) })),
});
export type Summary = z.infer<typeof SummarySchema>;

/** GET /sumario/{id}/dados: the title's tables of contents (empty when it has none). */
export const SummaryResponseSchema = z.object({
  cod_acervo: z.number().int(),
  tipo: z.enum(['livro', 'periodico']),
  sumarios: z.array(SummarySchema),
});
export type SummaryResponse = z.infer<typeof SummaryResponseSchema>;

// ---------------------------------------------------------------- statistics (74)

/** GET /acervo/{id}/dados-estatisticos/anos: the years with loans of the title, newest first. */
export const LoanYearsSchema = z.array(z.object({ ano: z.number().int(), total: z.number().int() }));
export type LoanYears = z.infer<typeof LoanYearsSchema>;

export const LoanYearParamsSchema = IdParamsSchema.extend({
  year: z.coerce.number().int().min(1000).max(2999),
});

/** GET /acervo/{id}/dados-estatisticos/dados/{year}: loans of the title in each month of the year. */
export const LoanYearSchema = z.object({
  ano: z.number().int(),
  total: z.number().int(),
  /** Twelve entries, January (1) to December (12), months without loans included. */
  meses: z.array(z.object({ mes: z.number().int().min(1).max(12), total: z.number().int() })).length(12),
});
export type LoanYear = z.infer<typeof LoanYearSchema>;

// ---------------------------------------------------------------- closed collection

/** GET /acervo/{id}/dados-armazem (cod_biblioteca, tomo, parte, volume); each left out means "any". */
export const ClosedStacksQuerySchema = z.object({
  cod_biblioteca: optionalCode,
  tomo: textSchema().trim().min(1).max(50).optional(),
  parte: textSchema().trim().min(1).max(50).optional(),
  volume: textSchema().trim().min(1).max(50).optional(),
});
export type ClosedStacksQuery = z.infer<typeof ClosedStacksQuerySchema>;

/** A copy kept in closed stacks. */
export const ClosedStackCopySchema = z.object({
  cod_exemplar: z.number().int(),
  cod_acervo: z.number().int(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  numero: z.string(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  localizacao: z.string().nullable(),
  situacao: z.enum(COPY_STATUSES),
  /** On the shelf and not already asked for by anyone. */
  solicitavel: z.boolean(),
});
export type ClosedStackCopy = z.infer<typeof ClosedStackCopySchema>;

export const ClosedStacksDataSchema = z.object({
  /** The choices of the selects, from all the title's closed-stack copies. */
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
  volumes: z.array(z.string()),
  tomos: z.array(z.string()),
  partes: z.array(z.string()),
  /** The copies that match the query. */
  exemplares: z.array(ClosedStackCopySchema),
});
export type ClosedStacksData = z.infer<typeof ClosedStacksDataSchema>;

/** POST /gravar-armazem {cesta} with cod_biblioteca: the copies asked for, all in that library. */
export const ClosedStacksRequestSchema = z.object({
  cod_biblioteca: idSchema(),
  cesta: z
    .array(z.object({ cod_acervo: idSchema(), cod_exemplar: idSchema() }))
    .min(1)
    .max(CLOSED_STACKS_MAX_ITEMS),
});
export type ClosedStacksRequest = z.infer<typeof ClosedStacksRequestSchema>;

/** The answer: the protocol number the patron shows at the desk (SPEC §4). */
export const ClosedStacksProtocolSchema = z.object({
  /** Year and sequence within the year, AAAA-NNNNNN. */
  protocolo: z.string(),
  /** ISO 8601. */
  data: z.string(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  itens: z.array(
    z.object({
      cod_acervo: z.number().int(),
      cod_exemplar: z.number().int(),
      titulo: z.string(),
      numero: z.string(),
    }),
  ),
});
export type ClosedStacksProtocol = z.infer<typeof ClosedStacksProtocolSchema>;

// ---------------------------------------------------------------- restricted links

/** POST /vinculos/acesso-restrito/{a}/s/{b}: a is the title (cod_acervo), b the link (seq_paragrafo). */
export const RestrictedAccessParamsSchema = z.object({
  a: queryIdSchema(),
  b: queryIdSchema(),
});

/** What the browser says about itself, as for the access statistics. */
export const RestrictedAccessBodySchema = z.object({
  /** Sent by the portal; the server takes the patron from the token. */
  userId: z.union([textSchema(), integerSchema()]).nullish(),
  browser: textSchema().max(200).nullish(),
  device: textSchema().max(200).nullish(),
  os: textSchema().max(200).nullish(),
});
export type RestrictedAccessBody = z.infer<typeof RestrictedAccessBodySchema>;

/** A publisher that takes a signed form instead of a link (opened through the /pearson page). */
export const RestrictedPublisherDataSchema = z.object({
  /** Where the form is posted. */
  endereco: z.string(),
  /** The form's fields, posted as they are. */
  campos: z.record(z.string(), z.string()),
});
export type RestrictedPublisherData = z.infer<typeof RestrictedPublisherDataSchema>;

/** SPEC §7: read as a publisher flag plus data, or a URL to open in a new tab. */
export const RestrictedAccessResponseSchema = z.union([
  z.object({ url: z.string() }),
  z.object({ editora: z.string(), dados: RestrictedPublisherDataSchema }),
]);
export type RestrictedAccessResponse = z.infer<typeof RestrictedAccessResponseSchema>;
