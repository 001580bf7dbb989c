import { describe, expect, it } from 'vitest';
import { searchRequest, type SearchRequest } from './engine.ts';
import { buildSearchSql, stemConfigFor } from './query.ts';
import { compactIdentifier, toIsbn13 } from './isbn.ts';

const base: SearchRequest = searchRequest({ text: 'dom casmurro' });

describe('search query building', () => {
  it('keeps the typed text out of the SQL (bound parameter only)', () => {
    const { sql, params } = buildSearchSql({ ...base, text: "x'); DROP TABLE title; --" });
    expect(sql).not.toContain('DROP TABLE');
    expect(params[0]).toBe("x'); DROP TABLE title; --");
  });

  it('restricts a title search to the title weight, author to B and subject to C', () => {
    expect(buildSearchSql({ ...base, type: 'titulo' }).sql).toContain("ts_filter(search_vector, '{a}')");
    expect(buildSearchSql({ ...base, type: 'autor' }).sql).toContain("ts_filter(search_vector, '{b}')");
    expect(buildSearchSql({ ...base, type: 'assunto' }).sql).toContain("ts_filter(search_vector, '{c}')");
    expect(buildSearchSql(base).sql).not.toContain('ts_filter');
  });

  it('uses a phrase for the exact term type and a prefix for the starting one', () => {
    expect(buildSearchSql({ ...base, termType: 'exata' }).sql).toContain('phraseto_tsquery');
    expect(buildSearchSql({ ...base, termType: 'inicio', type: 'titulo' }).sql).toContain('title_norm LIKE');
  });

  it('adds the stemmed variants only for the similar-words search', () => {
    expect(buildSearchSql(base).sql).not.toContain('stem_vector');
    const similar = buildSearchSql({ ...base, similar: true }).sql;
    expect(similar).toContain("plainto_tsquery('portuguese'");
    expect(similar).toContain("plainto_tsquery('spanish'");
  });

  it('pages with limit and offset', () => {
    const { params } = buildSearchSql({ ...base, page: 3, pageSize: 50 });
    expect(params.slice(-2)).toEqual([50, 100]);
  });

  it('searches ISBNs in their 13-digit form whatever form was typed', () => {
    expect(buildSearchSql({ ...base, text: '85-359-0277-5' }).params).toContain('9788535902778');
    expect(buildSearchSql({ ...base, text: '978-85-359-0277-8' }).params).toContain('9788535902778');
    expect(buildSearchSql({ ...base, text: '0028-0836' }).params).toContain('0028-0836');
  });

  it('ranks exact title, then exact author, then weighted matches, then recency', () => {
    const { sql } = buildSearchSql(base);
    const order = sql.slice(sql.indexOf('ORDER BY'));
    expect(order.indexOf('title_norm =')).toBeLessThan(order.indexOf('main_author'));
    expect(order.indexOf('main_author')).toBeLessThan(order.indexOf('ts_rank_cd'));
    expect(order.indexOf('ts_rank_cd')).toBeLessThan(order.indexOf('year DESC'));
  });
});

describe('identifiers and languages', () => {
  it('recognises ISBN and ISSN with or without hyphens, and nothing else', () => {
    expect(compactIdentifier('85-359-0277-5')).toBe('8535902775');
    expect(compactIdentifier('0-8044-2957-X')).toBe('080442957X');
    expect(compactIdentifier('1413-2478')).toBe('14132478');
    expect(compactIdentifier('dom casmurro')).toBeNull();
    expect(compactIdentifier('123')).toBeNull();
  });

  it('converts ISBN-10 to ISBN-13 with the right check digit', () => {
    expect(toIsbn13('8535902775')).toBe('9788535902778');
    expect(toIsbn13('080442957X')).toBe('9780804429573');
  });

  it('stems a record in its own language and leaves unknown languages unstemmed', () => {
    expect(stemConfigFor('por')).toBe('portuguese');
    expect(stemConfigFor('spa')).toBe('spanish');
    expect(stemConfigFor('jpn')).toBe('simple');
    expect(stemConfigFor(null)).toBe('simple');
  });
});
