import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_NEAR_ROWS,
  NEAR_WORDS,
  SearchResponseSchema,
  TOO_MANY_NEAR_MESSAGE,
  formatAdvancedRow,
  type AdvancedRow,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

/** The words of a text as the search sees them: accents and case aside, split at anything but letters and digits. */
const words = (text: string | null): string[] =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

interface Indexed {
  id: number;
  /** Words of each field: title, authors, subjects, the rest (series, publisher, place, notes). */
  fields: { titulo: string[]; autor: string[]; assunto: string[]; resto: string[] };
}

type Field = keyof Indexed['fields'];

/** A row's words occur in the field (any order). */
const has = (r: Indexed, field: Field | 'livre', text: string) =>
  (field === 'livre' ? Object.values(r.fields) : [r.fields[field]]).some((f) =>
    words(text).every((w) => f.includes(w)),
  );

/**
 * Positions of `second` after `first` in one field: `first`'s words as a phrase, then `second`'s
 * words as a phrase starting between `min` and `max` words after the last word of `first`.
 */
const follows = (
  r: Indexed,
  field: Field | 'livre',
  first: string,
  second: string,
  min: number,
  max: number,
) => {
  const a = words(first);
  const b = words(second);
  const at = (list: string[], phrase: string[], i: number) => phrase.every((w, k) => list[i + k] === w);
  return (field === 'livre' ? Object.values(r.fields) : [r.fields[field]]).some((list) =>
    list.some(
      (_, i) =>
        at(list, a, i) &&
        Array.from({ length: max - min + 1 }, (__, d) => i + a.length - 1 + min + d).some((j) =>
          at(list, b, j),
        ),
    ),
  );
};

describe('advanced search rows (operators E, OU, NAO, PROX, ANTES, DEPOIS) on the demo library', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let records: Indexed[];

  /** Every id the search finds, the editions of its grouped works too (decision 0071). */
  const found = async (
    termo: string,
    tipoBusca: string,
    rows: AdvancedRow[],
    extra: Record<string, string> = {},
  ): Promise<number[]> => {
    const qs = new URLSearchParams({ termo, tipoBusca, quantPag: '100', ...extra });
    for (const row of rows) qs.append('linha', formatAdvancedRow(row));
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const result = SearchResponseSchema.parse(response.json());
    expect(result.total).toBeLessThanOrEqual(100);
    return result.data
      .flatMap((h) => h.edicoes ?? [h])
      .map((h) => h.cod_acervo)
      .sort((a, b) => a - b);
  };
  const where = (test: (r: Indexed) => boolean) =>
    records
      .filter(test)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const titleOf = async (ids: number[]) =>
    (
      await ctx.db.query<{ title: string }>('SELECT title FROM title WHERE id = ANY($1) ORDER BY id', [ids])
    ).rows.map((r) => r.title);

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const { rows } = await ctx.db.query<{
      id: number;
      title: string;
      vernacular_title: string | null;
      authors_text: string;
      subjects_text: string;
      rest: string;
    }>(
      `SELECT id, title, vernacular_title, authors_text, subjects_text,
              concat_ws(' ', series, publisher, publication_place, extra_search) AS rest FROM title`,
    );
    records = rows.map((r) => ({
      id: r.id,
      fields: {
        titulo: [...words(r.title), ...words(r.vernacular_title)],
        autor: words(r.authors_text),
        assunto: words(r.subjects_text),
        resto: words(r.rest),
      },
    }));
  });
  afterAll(() => ctx.close());

  it('E: both rows, each in its field', async () => {
    const expected = where((r) => has(r, 'autor', 'machado') && has(r, 'titulo', 'casmurro'));
    expect(await titleOf(expected)).toContain('Dom Casmurro');
    expect(await found('machado', 'autor', [{ operador: 'E', campo: 'titulo', termo: 'casmurro' }])).toEqual(
      expected,
    );
  });

  it('OU: either row', async () => {
    const expected = where((r) => has(r, 'titulo', 'casmurro') || has(r, 'titulo', 'iracema'));
    const titles = await titleOf(expected);
    expect(titles).toContain('Dom Casmurro');
    expect(titles.some((t) => t.startsWith('Iracema'))).toBe(true);
    expect(
      await found('casmurro', 'titulo', [{ operador: 'OU', campo: 'titulo', termo: 'iracema' }]),
    ).toEqual(expected);
  });

  it('NAO: the first row without the second', async () => {
    const alencar = where((r) => has(r, 'autor', 'alencar'));
    const expected = where((r) => has(r, 'autor', 'alencar') && !has(r, 'titulo', 'iracema'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(alencar.length);
    expect(await found('alencar', 'autor', [{ operador: 'NAO', campo: 'titulo', termo: 'iracema' }])).toEqual(
      expected,
    );
  });

  it('evaluates E, OU and NAO from left to right, without precedence', async () => {
    // (casmurro OU iracema) E alencar: only Alencar's Iracema, not Machado's Dom Casmurro
    // (which "casmurro OU (iracema E alencar)" would give).
    const expected = where(
      (r) => (has(r, 'titulo', 'casmurro') || has(r, 'titulo', 'iracema')) && has(r, 'autor', 'alencar'),
    );
    const titles = await titleOf(expected);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.startsWith('Iracema'))).toBe(true);
    expect(
      await found('casmurro', 'titulo', [
        { operador: 'OU', campo: 'titulo', termo: 'iracema' },
        { operador: 'E', campo: 'autor', termo: 'alencar' },
      ]),
    ).toEqual(expected);
  });

  it('PROX: the row comes right after the previous row, in order, in the same field', async () => {
    const expected = where((r) => follows(r, 'titulo', 'grande', 'sertao', 1, 1));
    expect(await titleOf(expected)).toContain('Grande sertão : veredas');
    expect(await found('grande', 'titulo', [{ operador: 'PROX', campo: 'titulo', termo: 'sertão' }])).toEqual(
      expected,
    );
    // Reversed, the words are no longer in order.
    expect(where((r) => follows(r, 'titulo', 'sertao', 'grande', 1, 1))).toEqual([]);
    expect(await found('sertão', 'titulo', [{ operador: 'PROX', campo: 'titulo', termo: 'grande' }])).toEqual(
      [],
    );
    // In the author field: "Assis, Machado de".
    const authors = where((r) => follows(r, 'autor', 'assis', 'machado', 1, 1));
    expect(authors.length).toBeGreaterThan(2);
    expect(await found('assis', 'autor', [{ operador: 'PROX', campo: 'autor', termo: 'machado' }])).toEqual(
      authors,
    );
  });

  it('PROX never joins the end of one field to the start of the next', async () => {
    // "Dom Casmurro" is followed by its author "Assis, Machado de" in the record, but in another field.
    expect(
      (await found('casmurro', 'livre', [{ operador: 'E', campo: 'livre', termo: 'assis' }])).length,
    ).toBeGreaterThan(0);
    expect(where((r) => follows(r, 'livre', 'casmurro', 'assis', 1, 1))).toEqual([]);
    expect(await found('casmurro', 'livre', [{ operador: 'PROX', campo: 'livre', termo: 'assis' }])).toEqual(
      [],
    );
    // Rows naming two different fields cannot be next to each other in one field.
    expect(await found('dom', 'titulo', [{ operador: 'PROX', campo: 'autor', termo: 'casmurro' }])).toEqual(
      [],
    );
  });

  it(`ANTES: the previous row comes before this one, at most ${NEAR_WORDS} words ahead`, async () => {
    // "Memórias póstumas de Brás Cubas": cubas is 4 words after memorias.
    const expected = where((r) => follows(r, 'titulo', 'memorias', 'cubas', 1, NEAR_WORDS));
    expect(await titleOf(expected)).toContain('Memórias póstumas de Brás Cubas');
    expect(
      await found('memorias', 'titulo', [{ operador: 'ANTES', campo: 'titulo', termo: 'cubas' }]),
    ).toEqual(expected);
    // "Gabriela, cravo e canela : crônica de uma cidade do interior": cronica 4 words on, cidade 7.
    const near = where((r) => follows(r, 'titulo', 'gabriela', 'cronica', 1, NEAR_WORDS));
    expect(near.length).toBeGreaterThan(0);
    expect(
      await found('gabriela', 'titulo', [{ operador: 'ANTES', campo: 'titulo', termo: 'crônica' }]),
    ).toEqual(near);
    expect(where((r) => follows(r, 'titulo', 'gabriela', 'cidade', 1, NEAR_WORDS))).toEqual([]);
    expect(
      await found('gabriela', 'titulo', [{ operador: 'ANTES', campo: 'titulo', termo: 'cidade' }]),
    ).toEqual([]);
    expect(
      (await found('gabriela', 'titulo', [{ operador: 'E', campo: 'titulo', termo: 'cidade' }])).length,
    ).toBeGreaterThan(0);
  });

  it(`DEPOIS: the previous row comes after this one, at most ${NEAR_WORDS} words later`, async () => {
    const expected = where((r) => follows(r, 'titulo', 'memorias', 'cubas', 1, NEAR_WORDS));
    expect(
      await found('cubas', 'titulo', [{ operador: 'DEPOIS', campo: 'titulo', termo: 'memorias' }]),
    ).toEqual(expected);
    expect(where((r) => follows(r, 'titulo', 'cubas', 'memorias', 1, NEAR_WORDS))).toEqual([]);
    expect(
      await found('memorias', 'titulo', [{ operador: 'DEPOIS', campo: 'titulo', termo: 'cubas' }]),
    ).toEqual([]);
  });

  it('chains positional rows and combines them with the others', async () => {
    // memorias … (within 5) brás, then cubas right after brás; then without the Braille edition.
    const chain = where(
      (r) =>
        follows(r, 'titulo', 'memorias', 'bras', 1, NEAR_WORDS) &&
        follows(r, 'titulo', 'bras', 'cubas', 1, 1),
    );
    expect(chain.length).toBeGreaterThan(0);
    expect(
      await found('memorias', 'titulo', [
        { operador: 'ANTES', campo: 'titulo', termo: 'brás' },
        { operador: 'PROX', campo: 'titulo', termo: 'cubas' },
      ]),
    ).toEqual(chain);
    const withoutBraille = where(
      (r) =>
        follows(r, 'titulo', 'memorias', 'bras', 1, NEAR_WORDS) &&
        follows(r, 'titulo', 'bras', 'cubas', 1, 1) &&
        !has(r, 'livre', 'braille'),
    );
    expect(
      await found('memorias', 'titulo', [
        { operador: 'ANTES', campo: 'titulo', termo: 'brás' },
        { operador: 'PROX', campo: 'titulo', termo: 'cubas' },
        { operador: 'NAO', campo: 'livre', termo: 'braille' },
      ]),
    ).toEqual(withoutBraille);
  });

  it(`refuses more than ${MAX_NEAR_ROWS} ANTES / DEPOIS rows in a run`, async () => {
    const qs = new URLSearchParams({ termo: 'a' });
    for (let i = 0; i <= MAX_NEAR_ROWS; i++)
      qs.append('linha', formatAdvancedRow({ operador: 'ANTES', campo: 'livre', termo: 'b' }));
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: TOO_MANY_NEAR_MESSAGE, code: 'SEARCH_TOO_COMPLEX' });
  });
});
