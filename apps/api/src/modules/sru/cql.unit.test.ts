import { describe, expect, it } from 'vitest';
import { CqlSyntaxError, parseCql, type CqlNode } from './cql.ts';

/** The tree as a compact string: clauses as index|relation|term, booleans in brackets. */
function show(node: CqlNode): string {
  if (node.kind === 'clause') {
    const modifiers = node.relationModifiers.map((m) => `/${m.name}`).join('');
    return node.index === null
      ? `"${node.term}"`
      : `${node.index}|${node.relation}${modifiers}|"${node.term}"`;
  }
  const modifiers = node.modifiers.map((m) => `/${m.name}${m.comparitor ?? ''}${m.value ?? ''}`).join('');
  return `[${show(node.left)} ${node.operator}${modifiers} ${show(node.right)}]`;
}
const parsed = (query: string) => show(parseCql(query).root);

describe('the CQL parser', () => {
  it('reads a bare term, an index with a relation, and quoted terms with their escapes', () => {
    expect(parsed('dom')).toBe('"dom"');
    expect(parsed('"dom casmurro"')).toBe('"dom casmurro"');
    expect(parsed('dc.title = dom')).toBe('dc.title|=|"dom"');
    expect(parsed('DC.Title=dom')).toBe('dc.title|=|"dom"');
    expect(parsed('dc.title any "dom casmurro"')).toBe('dc.title|any|"dom casmurro"');
    expect(parsed('dc.title == "a \\"b\\" c\\*"')).toBe('dc.title|==|"a "b" c\\*"');
    expect(parsed('dc.title <> x')).toBe('dc.title|<>|"x"');
    expect(parsed('dc.title >= x')).toBe('dc.title|>=|"x"');
    expect(parsed('dc.title =/stem dom')).toBe('dc.title|=/stem|"dom"');
    expect(parsed('dom*')).toBe('"dom*"');
  });

  it('joins clauses left to right at one precedence, with parentheses grouping', () => {
    expect(parsed('a and b or c not d')).toBe('[[["a" and "b"] or "c"] not "d"]');
    expect(parsed('a AND (b or c)')).toBe('["a" and ["b" or "c"]]');
    expect(parsed('((a))')).toBe('"a"');
    expect(parsed('a prox/distance<3 b')).toBe('["a" prox/distance<3 "b"]');
    // Boolean words as terms where a term is expected, quoted or not.
    expect(parsed('"and" or dc.title = "or"')).toBe('["and" or dc.title|=|"or"]');
  });

  it('skips prefix assignments and reads sort keys', () => {
    expect(parsed('> dc = "info:srw/cql-context-set/1/dc-v1.1" dc.title = dom')).toBe('dc.title|=|"dom"');
    const query = parseCql('dom sortBy dc.title/sort.descending dc.date');
    expect(query.sortKeys).toEqual([
      { index: 'dc.title', modifiers: [{ name: 'sort.descending' }] },
      { index: 'dc.date', modifiers: [] },
    ]);
  });

  it('refuses what is not CQL, saying where', () => {
    for (const [query, position] of [
      ['', 0],
      ['dc.title =', 10],
      ['dc.title = dom casmurro', 15],
      ['(a and b', 8],
      ['a and', 5],
      ['"open', 0],
      ['a )', 2],
      ['= a', 0],
      ['"dc.title" = a', 0],
      ['a sortby', 8],
    ] as const) {
      let error: unknown;
      try {
        parseCql(query);
      } catch (e) {
        error = e;
      }
      expect(error, query).toBeInstanceOf(CqlSyntaxError);
      expect((error as CqlSyntaxError).position, query).toBe(position);
    }
  });
});
