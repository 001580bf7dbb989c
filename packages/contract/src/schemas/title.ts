import { z } from 'zod';
import { COPY_STATUSES, REFERENCE_FORMATS } from '../title.ts';
import { idSchema, integerSchema, queryIdSchema, queryIntegerSchema, textSchema } from './input.ts';

export const IdParamsSchema = z.object({ id: queryIdSchema() });

/** Online link of a title (856). */
export const OnlineLinkSchema = z.object({
  seq_paragrafo: z.number().int(),
  url: z.string(),
  descricao: z.string().nullable(),
  /**
   * True when the link is behind a publisher's or the institution's access control and opens through
   * /vinculos/acesso-restrito; absent or false for an open link.
   */
  restrito: z.boolean().optional(),
});
export type OnlineLink = z.infer<typeof OnlineLinkSchema>;

/** Title (acervo), every field of SPEC §3 the record has. */
export const TitleSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  autores: z.array(
    z.object({
      nome: z.string(),
      cod_autoridade: z.number().int().nullable(),
      funcao: z.string().nullable(),
    }),
  ),
  assunto: z.string().nullable(),
  assuntos: z.array(z.object({ termo: z.string(), cod_autoridade: z.number().int().nullable() })),
  ano_publicacao: z.number().int().nullable(),
  publicacao: z.string().nullable(),
  edicao: z.string().nullable(),
  descricao_fisica: z.string().nullable(),
  serie: z.string().nullable(),
  notas: z.array(z.string()),
  isbn: z.array(z.string()),
  issn: z.array(z.string()),
  idioma: z.string().nullable(),
  idioma_desc: z.string().nullable(),
  numero_chamada: z.string().nullable(),
  referencia: z.string(),
  cod_tipo_obra: z.string().nullable(),
  desc_tipo_obra: z.string().nullable(),
  acesso_remoto: z.string().nullable(),
  link_capa: z.string().nullable(),
  possui_acessibilidade: z.enum(['S', 'N']),
  cod_tipo_area_conhec: z.number().int().nullable(),
  desc_tipo_area_conhec: z.string().nullable(),
  cod_area_conhecimento: z.number().int().nullable(),
  areas_conhecimento: z.array(z.string()),
  dados_adicionais: z.record(z.string(), z.string()),
  rota: z.string().nullable(),
  cursos_disc: z.array(z.object({ codigo: z.number().int(), campus: z.number().int() })),
  tipo_emprestimo: z.string().nullable(),
  localizacao: z.string().nullable(),
  colecao: z.string().nullable(),
  data_prevista_devolucao: z.string().nullable(),
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
  links: z.array(OnlineLinkSchema),
  controle: z.string().nullable(),
});
export type Title = z.infer<typeof TitleSchema>;

/** Copy (exemplar) (SPEC §3). */
export const CopySchema = z.object({
  cod_exemplar: z.number().int(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  numero: z.string(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  tipo_emprestimo: z.string().nullable(),
  localizacao: z.string().nullable(),
  situacao: z.enum(COPY_STATUSES),
  data_prevista_devolucao: z.string().nullable(),
});
export type Copy = z.infer<typeof CopySchema>;

export const CopiesQuerySchema = z.object({ cod_unidade: queryIntegerSchema().optional() });
export const CopiesResponseSchema = z.array(CopySchema);
/** `?formato=abnt|apa|chicago|mla` (either case); ABNT when absent. */
export const ReferenceQuerySchema = z.object({
  formato: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.enum(REFERENCE_FORMATS),
    )
    .default('ABNT'),
});
export const ReferenceResponseSchema = z.object({
  referencia: z.string(),
  formato: z.enum(REFERENCE_FORMATS),
  /** The same reference as HTML (bold/italic titles), its text escaped. */
  html: z.string(),
});
export type ReferenceResponse = z.infer<typeof ReferenceResponseSchema>;

/** MARC view: leader and fields in display order. */
export const MarcFieldSchema = z.object({
  tag: z.string(),
  ind1: z.string().optional(),
  ind2: z.string().optional(),
  value: z.string().optional(),
  subfields: z.array(z.object({ code: z.string(), value: z.string() })).optional(),
});
export const MarcViewSchema = z.object({ leader: z.string(), fields: z.array(MarcFieldSchema) });
export type MarcView = z.infer<typeof MarcViewSchema>;
export const MarcQuerySchema = z.object({ liberacao: queryIntegerSchema().optional() });

/** Dublin Core (LoC MARC → DC crosswalk): element name → values. */
export const DublinCoreSchema = z.array(z.object({ element: z.string(), value: z.string() }));
export type DublinCore = z.infer<typeof DublinCoreSchema>;

export const OnlineLinksResponseSchema = z.array(OnlineLinkSchema);

/** POST /vinculos/estatistica-acesso body: one click on an online link. */
export const LinkAccessSchema = z.object({
  cod_acervo: idSchema(),
  seq_paragrafo: idSchema(),
  url: textSchema().min(1).max(2000),
  user_id: z.union([textSchema(), integerSchema()]).nullish(),
  browser: textSchema().max(200).nullish(),
  device: textSchema().max(200).nullish(),
  os: textSchema().max(200).nullish(),
});
export type LinkAccess = z.infer<typeof LinkAccessSchema>;
export const LinkAccessResponseSchema = z.object({ registrado: z.literal(true) });
