import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';

// The work key is SQL (migration 0041, a generated column kept by every write path), so its rules
// are checked on the database, one statement for all the cases.
describe('the work key of a title (decision 0071)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const keysOf = async (pairs: [string, string | null][]) =>
    (
      await db.query<{ key: string | null }>(
        `SELECT public.f_work_key(p.title, p.author) AS key
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(title, author, n) ORDER BY p.n`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      )
    ).rows.map((r) => r.key);

  it('sets aside a leading article, accents, case and punctuation of the title', async () => {
    const [plain, ...same] = await keysOf([
      ['Lusíadas', 'Camões, Luís de'],
      ['Os Lusíadas', 'Camões, Luís de'],
      ['OS LUSIADAS.', 'Camões, Luís de'],
      ['"Os  lusíadas"', 'Camões, Luís de'],
    ]);
    expect(plain).toBe('lusiadas/luisdecamoes');
    expect(same).toEqual([plain, plain, plain]);
    const articles = await keysOf([
      ['The Hobbit', 'Tolkien, J. R. R.'],
      ['A Christmas carol', 'Dickens, Charles'],
      ['El Aleph', 'Borges, Jorge Luis'],
      ["L'Étranger", 'Camus, Albert'],
      ['Le Petit prince', 'Saint-Exupéry, Antoine de'],
    ]);
    expect(articles.map((k) => k?.split('/')[0])).toEqual([
      'hobbit',
      'christmascarol',
      'aleph',
      'etranger',
      'petitprince',
    ]);
  });

  it('keeps an article that is not the first word, and the subtitle', async () => {
    const [inner, subtitled, bare] = await keysOf([
      ['Memórias de um sargento de milícias', 'Almeida, Manuel Antônio de'],
      ['Grande sertão : veredas', 'Rosa, João Guimarães'],
      ['Grande sertão', 'Rosa, João Guimarães'],
    ]);
    expect(inner).toBe('memoriasdeumsargentodemilicias/manuelantoniodealmeida');
    expect(subtitled).not.toBe(bare);
  });

  it('reads the main author in every form: inverted or direct, with or without dates', async () => {
    const keys = await keysOf([
      ['Dom Casmurro', 'Assis, Machado de'],
      ['Dom Casmurro', 'Assis, Machado de, 1839-1908'],
      ['Dom Casmurro', 'Machado de Assis'],
      ['Dom Casmurro', 'ASSIS, Machado de (1839-1908)'],
    ]);
    expect(new Set(keys)).toEqual(new Set(['domcasmurro/machadodeassis']));
    const [other] = await keysOf([['Dom Casmurro', 'Silva, José da']]);
    expect(other).not.toBe(keys[0]);
  });

  it('is null without a main author or without a title left', async () => {
    expect(
      await keysOf([
        ['Relatório anual', null],
        ['...', 'Assis, Machado de'],
        ['Dom Casmurro', ''],
      ]),
    ).toEqual([null, null, null]);
  });

  it('is the stored column of the demo titles: the print, e-book and braille "Dom Casmurro" share one', async () => {
    const { rows } = await db.query<{ work_key: string | null; n: number }>(
      `SELECT work_key, count(*)::int AS n FROM title WHERE title = 'Dom Casmurro' GROUP BY work_key`,
    );
    expect(rows).toEqual([{ work_key: 'domcasmurro/machadodeassis', n: 3 }]);
  });
});
