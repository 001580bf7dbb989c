import { describe, expect, it } from 'vitest';
import { parseCql } from './cql.ts';
import { SruFailure } from './diagnostics.ts';
import { readTerm, translateCql, type CatalogueQuery } from './translate.ts';

const translate = (query: string) => translateCql(parseCql(query));
const search = (query: string): CatalogueQuery => {
  const result = translate(query);
  if (result.kind !== 'search') throw new Error(`not a search: ${query}`);
  return result.query;
};
/** The catalogue query as `type:termType:text`, then `OP type:text` per row. */
const chain = (query: string) => {
  const q = search(query);
  return [
    `${q.first.type}:${q.first.termType}:${q.first.text}`,
    ...q.rows.map((r) => `${r.operador} ${r.campo}:${r.termo}`),
  ].join(' ');
};
const diagnostic = (query: string) => {
  try {
    translate(query);
  } catch (error) {
    if (error instanceof SruFailure) return [error.diagnostic.code, error.diagnostic.details];
    throw error;
  }
  return null;
};

describe('CQL into the catalogue search', () => {
  it('maps each index to the catalogue search type', () => {
    expect(chain('dom')).toBe('livre:qualquer:dom');
    expect(chain('cql.anywhere = dom')).toBe('livre:qualquer:dom');
    expect(chain('cql.serverChoice all "dom casmurro"')).toBe('livre:qualquer:dom casmurro');
    expect(chain('dc.title = "dom  casmurro"')).toBe('titulo:qualquer:dom casmurro');
    expect(chain('dc.creator = assis')).toBe('autor:qualquer:assis');
    expect(chain('dc.subject = romance')).toBe('assunto:qualquer:romance');
    expect(chain('title = dom')).toBe('titulo:qualquer:dom');
    // An ISBN in any form is searched as the catalogue stores it (ISBN-13), an ISSN as NNNN-NNNN.
    expect(chain('bath.isbn = 85-359-1484-X')).toBe('livre:qualquer:9788535914849');
    expect(chain('bath.isbn == 9788535914849')).toBe('livre:qualquer:9788535914849');
    expect(chain('bath.issn = 00346233')).toBe('livre:qualquer:0034-6233');
    expect(translate('rec.identifier = 42')).toEqual({ kind: 'identifier', id: 42 });
    expect(translate('rec.identifier = abc')).toEqual({ kind: 'identifier', id: null });
  });

  it('reads phrases, any and right truncation as the catalogue term types', () => {
    expect(chain('dc.title adj "dom casmurro"')).toBe('titulo:exata:dom casmurro');
    expect(chain('dc.title == "dom casmurro"')).toBe('titulo:exata:dom casmurro');
    expect(chain('dc.title adj dom')).toBe('titulo:qualquer:dom');
    expect(chain('dc.title any "dom casmurro"')).toBe('titulo:qualquer:dom OU titulo:casmurro');
    expect(chain('dc.title = "dom casm*"')).toBe('titulo:inicio:dom casm');
    expect(chain('dc.creator = assis*')).toBe('autor:inicio:assis');
    expect(chain('dc.title = "100\\*"')).toBe('titulo:qualquer:100*');
  });

  it('writes the booleans as rows read left to right, regrouping where the meaning stays', () => {
    expect(chain('a and b or c not d')).toBe('livre:qualquer:a E livre:b OU livre:c NAO livre:d');
    // and / or swap sides and regroup; not only takes away.
    expect(chain('a and (b or c)')).toBe('livre:qualquer:b OU livre:c E livre:a');
    expect(chain('a and (b and c)')).toBe('livre:qualquer:a E livre:b E livre:c');
    expect(chain('a and (b not c)')).toBe('livre:qualquer:a E livre:b NAO livre:c');
    expect(chain('a not (b or c)')).toBe('livre:qualquer:a NAO livre:b NAO livre:c');
    expect(chain('(a or b) not c')).toBe('livre:qualquer:a OU livre:b NAO livre:c');
    // The phrase or the truncated term goes first, where the catalogue search takes it.
    expect(chain('dc.creator = assis and dc.title = dom*')).toBe('titulo:inicio:dom E autor:assis');
    expect(chain('dc.creator = assis or dc.title adj "dom casmurro"')).toBe(
      'titulo:exata:dom casmurro OU autor:assis',
    );
  });

  it('answers with the SRU diagnostic for what the catalogue search cannot do', () => {
    expect(diagnostic('dc.title = dom')).toBeNull();
    expect(diagnostic('foo.title = dom')).toEqual([15, 'foo']);
    expect(diagnostic('dc.publisher = x')).toEqual([16, 'dc.publisher']);
    expect(diagnostic('frobnicate = x')).toEqual([16, 'frobnicate']);
    expect(diagnostic('dc.title < x')).toEqual([19, '<']);
    expect(diagnostic('dc.title within x')).toEqual([19, 'within']);
    expect(diagnostic('dc.title =/stem x')).toEqual([20, 'stem']);
    expect(diagnostic('bath.isbn any 9788535914849')).toEqual([22, 'any']);
    expect(diagnostic('bath.isbn = 12345')).toEqual([36, '12345']);
    expect(diagnostic('bath.issn = 9788535914849')).toEqual([36, '9788535914849']);
    expect(diagnostic('dc.title = ""')).toEqual([27, undefined]);
    expect(diagnostic('dc.title = d?m')).toEqual([28, '?']);
    expect(diagnostic('bath.isbn = 978*')).toEqual([28, '*']);
    expect(diagnostic('dc.title = ^dom')).toEqual([31, '^']);
    expect(diagnostic('dc.title = *dom')).toEqual([49, '*']);
    expect(diagnostic('dc.title = "dom* casmurro"')).toEqual([49, '*']);
    expect(diagnostic('dc.title any "dom* casmurro"')).toEqual([49, '*']);
    expect(diagnostic('dc.title any dom*')).toEqual([24, 'any']);
    expect(diagnostic('a prox b')).toEqual([37, 'prox']);
    expect(diagnostic('a and/rel.algorithm=x b')).toEqual([46, 'rel.algorithm']);
    expect(diagnostic('(a or b) and (c or d)')?.[0]).toBe(13);
    expect(diagnostic('a not (b and c)')?.[0]).toBe(13);
    expect(diagnostic('dc.title = a* and dc.title = b*')?.[0]).toBe(48);
    expect(diagnostic('a not dc.title adj "b c"')?.[0]).toBe(48);
    expect(diagnostic('rec.identifier = 1 and dom')).toEqual([18, 'rec.identifier']);
    expect(diagnostic('rec.identifier any 1')).toEqual([22, 'any']);
    expect(diagnostic(`dc.title = "${'x'.repeat(501)}"`)).toEqual([23, '500']);
    expect(diagnostic('dom sortby dc.title')?.[0]).toBe(80);
    // Ten rows after the first, as /api/consulta takes; an any of many words counts each word.
    expect(diagnostic(Array.from({ length: 11 }, (_, i) => `w${i}`).join(' and '))).toBeNull();
    expect(diagnostic(Array.from({ length: 12 }, (_, i) => `w${i}`).join(' and '))).toEqual([38, '10']);
    expect(diagnostic(`dc.title any "${Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ')}"`)?.[0]).toBe(
      38,
    );
  });

  it('reads escapes in terms', () => {
    expect(readTerm('a\\*b')).toEqual({ text: 'a*b', truncated: false });
    expect(readTerm(' dom   casmurro* ')).toEqual({ text: 'dom casmurro', truncated: true });
  });
});
