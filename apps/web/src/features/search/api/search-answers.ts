import {
  FILTER_TYPES,
  ORDERINGS,
  type AdditionalTitlesResponse,
  type AdditionalTitleType,
  type DidYouMeanResponse,
  type ImageLink,
  type OrderingOption,
  type ResultLinksResponse,
  type SearchResponse,
} from '@estante/contract';
import {
  answerOf,
  flag,
  integer,
  list,
  nullable,
  oneOf,
  optional,
  record,
  text,
} from '../../../lib/answer-checks';

// The answers of the results page's calls, checked without zod: zod's chunk, the schemas it builds
// and its parse of the answers were part of the page's blocking time (decision 0080). They mirror
// the contract's SearchResponseSchema and OrderingOptionsSchema (`schemas/search.ts`),
// ResultLinksResponseSchema, AdditionalTitlesResponseSchema and TitleImagesResponseSchema
// (`links.ts`, a result line without a cover asks for its first image) and
// DidYouMeanResponseSchema (`search-aids.ts`); search-answers.test.ts fails if a check and its
// schema disagree on an answer.

const titleHitFields = {
  cod_acervo: integer,
  titulo: text,
  autor: nullable(text),
  ano_publicacao: nullable(integer),
  desc_tipo_obra: nullable(text),
  cod_tipo_obra: nullable(text),
  idioma: nullable(text),
  idioma_desc: nullable(text),
  numero_chamada: nullable(text),
  link_capa: nullable(text),
  acesso_remoto: nullable(text),
  possui_acessibilidade: oneOf(['S', 'N']),
  exemplares_disponiveis: integer,
  exemplares_total: integer,
  instituicao: optional(record({ cod_empresa: integer, desc_empresa: text })),
};

const searchHit = record({ ...titleHitFields, edicoes: optional(list(record(titleHitFields))) });

const filterGroup = record({
  tipo: oneOf(FILTER_TYPES),
  descricao: text,
  valores: list(record({ valor: text, descricao: text, quantidade: integer, selecionado: flag })),
});

/** GET /consulta's answer, as SearchResponseSchema reads it. */
export const searchAnswer = answerOf<SearchResponse>(
  record({
    data: list(searchHit),
    total: integer,
    id: text,
    base: text,
    tab: text,
    paginaAtiva: integer,
    quantPag: integer,
    ordenacao: oneOf(ORDERINGS),
    filtros: list(filterGroup),
  }),
);

/** GET /consulta/ordenacoes' answer, as OrderingOptionsSchema reads it. */
export const orderingsAnswer = answerOf<OrderingOption[]>(
  list(record({ codigo: oneOf(ORDERINGS), descricao: text })),
);

/**
 * ADDITIONAL_TITLE_TYPES of the contract's `links.ts`, which cannot be imported without its zod
 * schemas; the test checks the two lists are the same.
 */
export const ADDITIONAL_TITLE_KINDS = [
  'uniforme',
  'traduzido',
  'variante',
  'adicional',
] as const satisfies readonly AdditionalTitleType[];

/** GET /consulta/titulos-adicionais' answer, as AdditionalTitlesResponseSchema reads it. */
export const additionalTitlesAnswer = answerOf<AdditionalTitlesResponse>(
  list(
    record({
      cod_acervo: integer,
      titulos: list(
        record({
          tipo: oneOf(ADDITIONAL_TITLE_KINDS),
          titulo: text,
          rotulo: nullable(text),
          idioma: nullable(text),
        }),
      ),
    }),
  ),
);

/** GET /vinculos/links-resultado's answer, as ResultLinksResponseSchema reads it. */
export const resultLinksAnswer = answerOf<ResultLinksResponse>(
  list(
    record({
      cod_acervo: integer,
      links: list(
        record({ seq_paragrafo: integer, url: text, descricao: nullable(text), restrito: optional(flag) }),
      ),
      imagens: integer,
      capa_isbn: nullable(text),
      disponivel_em: list(
        record({
          cod_biblioteca: integer,
          desc_biblioteca: text,
          localizacao: nullable(text),
          numero_chamada: nullable(text),
          quantidade: integer,
        }),
      ),
    }),
  ),
);

/** GET /consulta/sugestoes' answer, as DidYouMeanResponseSchema reads it. */
export const didYouMeanAnswer = answerOf<DidYouMeanResponse>(
  record({ termo: text, sugestao: nullable(record({ termo: text, total: integer })) }),
);

/** GET /vinculos/imagem's answer, as TitleImagesResponseSchema reads it. */
export const titleImagesAnswer = answerOf<ImageLink[]>(
  list(record({ url: text, descricao: nullable(text), capa: flag })),
);
