import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_TITLE_TYPES,
  AdditionalTitlesResponseSchema,
  DidYouMeanResponseSchema,
  OrderingOptionsSchema,
  ResultLinksResponseSchema,
  SearchResponseSchema,
  TitleImagesResponseSchema,
} from '@estante/contract';
import {
  ADDITIONAL_TITLE_KINDS,
  additionalTitlesAnswer,
  didYouMeanAnswer,
  orderingsAnswer,
  resultLinksAnswer,
  searchAnswer,
  titleImagesAnswer,
} from './search-answers';
import { bySchema, read } from '../../../testing/answer-checks';

const edition = {
  cod_acervo: 8,
  titulo: 'Dom Casmurro (e-book)',
  autor: null,
  ano_publicacao: null,
  desc_tipo_obra: null,
  cod_tipo_obra: null,
  idioma: null,
  idioma_desc: null,
  numero_chamada: null,
  link_capa: null,
  acesso_remoto: 'https://example.org/dom-casmurro',
  possui_acessibilidade: 'N',
  exemplares_disponiveis: 0,
  exemplares_total: 0,
};

/** An answer with every kind of field: a grouped work, a network hit, filter groups. */
const answer = {
  data: [
    {
      cod_acervo: 7,
      titulo: 'Dom Casmurro',
      autor: 'Assis, Machado de',
      ano_publicacao: 1899,
      desc_tipo_obra: 'Livro',
      cod_tipo_obra: 'LIVRO',
      idioma: 'por',
      idioma_desc: 'Português',
      numero_chamada: '869.3 A848d',
      link_capa: '/api/capas/7.jpg',
      acesso_remoto: null,
      possui_acessibilidade: 'S',
      exemplares_disponiveis: 2,
      exemplares_total: 3,
      edicoes: [edition],
    },
    { ...edition, cod_acervo: 9, instituicao: { cod_empresa: 2, desc_empresa: 'Biblioteca B' } },
  ],
  total: 2,
  id: 'c0ffee',
  base: 'acervo',
  tab: 'geral',
  paginaAtiva: 1,
  quantPag: 20,
  ordenacao: 'C',
  filtros: [
    {
      tipo: 'T',
      descricao: 'search.filter.T',
      valores: [{ valor: 'LIVRO', descricao: 'Livro', quantidade: 1, selecionado: true }],
    },
  ],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside a JSON value (arrays and objects included). */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const inner =
    value === null || typeof value !== 'object'
      ? []
      : Object.entries(value).flatMap(([key, item]) =>
          paths(item, [...at, Array.isArray(value) ? Number(key) : key]),
        );
  return at.length > 0 ? [at, ...inner] : inner;
}

/** A copy of the value with the item at the path replaced (or removed when `replacement` is absent). */
function changed(value: Json, path: (string | number)[], ...replacement: Json[]): Json {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement.length > 0) parent[last] = replacement[0]!;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** Stand-ins for any value: each type JSON has, and the edges of the numbers and enums. */
const STAND_INS: Json[] = [
  null,
  true,
  0,
  -3,
  1.5,
  2 ** 53,
  '',
  'x',
  'S',
  'LIVRO',
  'C',
  'variante',
  [],
  {},
  [{}],
];

type Check = { parse(data: unknown): unknown };
type Schema = Parameters<typeof bySchema>[0];

/** Compares a check with its schema on the answer, on each field removed or replaced, and on non-answers. */
function compareOnVariants(check: Check, schema: Schema, good: Json, ...others: Json[]) {
  const samples: Json[] = [good, ...others];
  for (const path of paths(good)) {
    samples.push(changed(good, path));
    for (const standIn of STAND_INS) samples.push(changed(good, path, standIn));
  }
  samples.push(null, [], {}, 'answer', 3);
  let accepted = 0;
  for (const sample of samples) {
    const expected = bySchema(schema, sample);
    expect(read(check, sample), JSON.stringify(sample)).toEqual(expected);
    if (expected.ok) accepted += 1;
  }
  return { accepted, refused: samples.length - accepted };
}

describe('the results answers checked by hand (decision 0080)', () => {
  it('read a search answer exactly as SearchResponseSchema does', () => {
    const { accepted, refused } = compareOnVariants(searchAnswer, SearchResponseSchema, answer as Json, {
      ...answer,
      data: [],
      filtros: [],
      extra: 'left out',
    });
    // Answers both valid and invalid were tried.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(300);
  });

  it('return the answer without fields the contract does not name, as the schema does', () => {
    const withExtras = { ...answer, data: [{ ...answer.data[1], rank: 3 }], debug: true };
    expect(read(searchAnswer, withExtras)).toEqual({
      ok: true,
      data: { ...answer, data: [answer.data[1]] },
    });
  });

  it('read the orderings exactly as OrderingOptionsSchema does', () => {
    const orderings = [
      { codigo: 'C', descricao: 'search.ordering.C' },
      { codigo: 'AD', descricao: 'search.ordering.AD' },
    ];
    compareOnVariants(orderingsAnswer, OrderingOptionsSchema, orderings);
  });

  it("read the result lines' links exactly as ResultLinksResponseSchema does", () => {
    const links: Json = [
      {
        cod_acervo: 7,
        links: [
          { seq_paragrafo: 1, url: 'https://example.org/a', descricao: 'Texto completo', restrito: true },
          { seq_paragrafo: 2, url: 'https://example.org/b', descricao: null },
        ],
        imagens: 2,
        capa_isbn: '/api/vinculos/capa-isbn/9788535910663',
        disponivel_em: [
          {
            cod_biblioteca: 1,
            desc_biblioteca: 'Central',
            localizacao: 'Estante 3',
            numero_chamada: '869.3 A848d',
            quantidade: 2,
          },
        ],
      },
      { cod_acervo: 8, links: [], imagens: 0, capa_isbn: null, disponivel_em: [] },
    ];
    const { refused } = compareOnVariants(resultLinksAnswer, ResultLinksResponseSchema, links, []);
    expect(refused).toBeGreaterThan(100);
  });

  it('read the additional titles exactly as AdditionalTitlesResponseSchema does', () => {
    expect(ADDITIONAL_TITLE_KINDS).toEqual(ADDITIONAL_TITLE_TYPES);
    const titles = [
      {
        cod_acervo: 7,
        titulos: [
          { tipo: 'uniforme', titulo: 'Dom Casmurro', rotulo: null, idioma: null },
          { tipo: 'traduzido', titulo: 'Lord Taciturn', rotulo: 'Tradução', idioma: 'eng' },
        ],
      },
    ];
    const variants = ADDITIONAL_TITLE_TYPES.map((tipo) => [
      { cod_acervo: 1, titulos: [{ tipo, titulo: 'T', rotulo: null, idioma: null }] },
    ]);
    compareOnVariants(additionalTitlesAnswer, AdditionalTitlesResponseSchema, titles, ...variants);
  });

  it('read a spelling suggestion exactly as DidYouMeanResponseSchema does', () => {
    compareOnVariants(
      didYouMeanAnswer,
      DidYouMeanResponseSchema,
      { termo: 'machdo', sugestao: { termo: 'machado', total: 12 } },
      { termo: 'machado', sugestao: null },
    );
  });

  it("read a title's images exactly as TitleImagesResponseSchema does", () => {
    compareOnVariants(titleImagesAnswer, TitleImagesResponseSchema, [
      { url: '/api/capas/7.jpg', descricao: 'Capa', capa: true },
      { url: 'https://example.org/p.png', descricao: null, capa: false },
    ]);
  });
});
