import { describe, expect, it } from 'vitest';
import { searchRequest, type SearchRequest } from './engine.ts';
import type { AdvancedRow } from '@estante/contract';
import {
  buildFilterCountSql,
  buildSearchSql,
  checkedOnRows,
  stemConfigFor,
  termCountScope,
} from './query.ts';
import { compactIdentifier, toIsbn13 } from './isbn.ts';

const base: SearchRequest = searchRequest({ text: 'dom casmurro' });

describe('search query building', () => {
  it('keeps the typed text out of the SQL (bound parameter only)', () => {
    const { sql, params } = buildSearchSql({ ...base, text: "x'); DROP TABLE title; --" });
    expect(sql).not.toContain('DROP TABLE');
    expect(params[0]).toBe("x'); DROP TABLE title; --");
  });

  it('restricts a title search to the title weight, author to B and subject to C', () => {
    const where = (request: SearchRequest) => {
      const { sql } = buildSearchSql(request);
      return sql.slice(sql.indexOf('WHERE'), sql.indexOf('ORDER BY'));
    };
    // Through the field's own index (migration 0016); the stemmed vector keeps the weighted tsquery.
    expect(where({ ...base, type: 'titulo' })).toContain("ts_filter(t.search_vector, '{a}') @@");
    expect(where({ ...base, type: 'autor' })).toContain("ts_filter(t.search_vector, '{b}') @@");
    expect(where({ ...base, type: 'assunto' })).toContain("ts_filter(t.search_vector, '{c}') @@");
    expect(where({ ...base, type: 'autor', similar: true })).toContain(", 'B')");
    expect(where(base)).not.toContain('f_tsquery_weight');
    expect(where(base)).not.toContain('ts_filter');
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

  it('ranks exact title, title proper, author, then the best field and weighted matches, then recency', () => {
    const { sql } = buildSearchSql(base);
    const order = sql.slice(sql.indexOf('ORDER BY'));
    const at = (part: string) => order.indexOf(part);
    expect(at('title_key =')).toBeLessThan(at('title_proper_key ='));
    expect(at('title_proper_key =')).toBeLessThan(at('author_keys'));
    expect(at('author_keys')).toBeLessThan(at('THEN 4 WHEN'));
    expect(at('THEN 4 WHEN')).toBeLessThan(at('ts_rank_cd'));
    expect(at('ts_rank_cd')).toBeLessThan(at('year DESC'));
  });

  it("ranks a very large result without reading each title's words", () => {
    const { sql } = buildSearchSql(base, { fullRank: false });
    const order = sql.slice(sql.indexOf('ORDER BY'));
    expect(order).not.toContain('ts_rank_cd');
    expect(order).not.toContain('search_vector');
    expect(order).toContain('year DESC');
    // The exact matches apart, the rest newest first along the year index, only as far as the page.
    expect(sql).toContain('UNION ALL');
    expect(sql).toContain('ORDER BY t.year DESC NULLS LAST, t.id');
    // Other orders, and a tab that puts its own order first, sort the whole result.
    expect(buildSearchSql({ ...base, ordering: 'T' }, { fullRank: false }).sql).not.toContain('UNION ALL');
    expect(
      buildSearchSql({ ...base, tab: 'novas-aquisicoes', text: '' }, { fullRank: false }).sql,
    ).not.toContain('UNION ALL');
  });
});

describe('filters and advanced rows in the query', () => {
  it('ORs the values of one filter type and ANDs the types, by facet key', () => {
    const { sql, params } = buildSearchSql({
      ...base,
      filters: [
        { tipo: 'T', valor: 'LIVRO' },
        { tipo: 'I', valor: 'por' },
        { tipo: 'T', valor: 'TESE' },
        { tipo: 'NA_A', valor: '3' },
      ],
    });
    expect(params).toContainEqual(['T:LIVRO', 'T:TESE']);
    expect(params).toContainEqual(['I:por']);
    // The new-acquisition area is the knowledge area.
    expect(params).toContainEqual(['R:3']);
    expect(sql.match(/t\.facet_keys &&/g)).toHaveLength(3);
  });

  it('checks a filter value held by many titles on the matched titles, a rare one through the index', () => {
    const request = {
      ...base,
      filters: [
        { tipo: 'T' as const, valor: 'LIVRO' },
        { tipo: 'B' as const, valor: '3' },
      ],
    };
    const hints = {
      titles: 1000,
      keyTitles: new Map([
        ['T:LIVRO', 600],
        ['B:3', 30],
      ]),
    };
    const { sql } = buildSearchSql(request, hints);
    expect(sql).toMatch(/\(t\.facet_keys && \$\d+::text\[\]\) IS TRUE/);
    const where = sql.slice(sql.indexOf('WHERE'), sql.indexOf('ORDER BY'));
    expect(where.match(/IS TRUE/g)).toHaveLength(1);
    expect(where.match(/t\.facet_keys &&/g)).toHaveLength(2);
    // Unless the text matches so many titles that reading them costs more than the index.
    expect(checkedOnRows(600, { ...hints, matched: 20 })).toBe(true);
    expect(checkedOnRows(600, { ...hints, matched: 100 })).toBe(false);
    expect(checkedOnRows(30, { ...hints, matched: 1 })).toBe(false);
  });

  it('reads kept counts only for a search that is exactly one word in one field', () => {
    expect(termCountScope(searchRequest({ text: 'historia' }))).toBe('*');
    expect(termCountScope(searchRequest({ text: 'historia', type: 'assunto' }))).toBe('C');
    expect(termCountScope(searchRequest({ text: 'historia', similar: true }))).toBeNull();
    expect(termCountScope(searchRequest({ text: 'historia', termType: 'inicio' }))).toBeNull();
    expect(termCountScope(searchRequest({ text: '1984' }))).toBeNull();
    expect(termCountScope(searchRequest({ text: 'historia', tab: 'ebooks' }))).toBeNull();
    expect(
      termCountScope(
        searchRequest({ text: 'historia', rows: [{ operador: 'E', campo: 'livre', termo: 'brasil' }] }),
      ),
    ).toBeNull();
  });

  it("counts filters in one pass, each type under the other types' filters", () => {
    const plain = buildFilterCountSql(base).sql;
    expect(plain).toContain('unnest(t.facet_keys');
    expect(plain).not.toContain('misses');
    const filtered = buildFilterCountSql({ ...base, filters: [{ tipo: 'T', valor: 'LIVRO' }] });
    expect(filtered.sql).toContain("THEN 'T:'");
    expect(filtered.sql).toContain('starts_with(key, m.missed)');
    expect(filtered.params).toContainEqual(['T:LIVRO']);
  });

  it('joins PROX, ANTES and DEPOIS rows to the row before them as one tsquery', () => {
    const sql = (operador: AdvancedRow['operador']) =>
      buildSearchSql({ ...base, rows: [{ operador, campo: 'livre', termo: 'assis' }] }).sql;
    expect(sql('PROX')).toContain('tsquery_phrase(');
    expect(sql('ANTES')).toMatch(
      /f_tsquery_within\(phraseto_tsquery\('simple', public\.f_unaccent\(\$1\)\), phraseto/,
    );
    expect(sql('DEPOIS')).toMatch(
      /f_tsquery_within\(phraseto_tsquery\('simple', public\.f_unaccent\(\$\d+\)\), phraseto_tsquery\('simple', public\.f_unaccent\(\$1\)\)/,
    );
    expect(sql('NAO')).toContain('AND NOT coalesce(');
    expect(sql('OU')).toContain(' OR ');
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
