import { describe, expect, it } from 'vitest';
import { buildCopy } from '../../../testing/factories';
import { groupCopiesByLibrary } from './group-copies';

describe('groupCopiesByLibrary', () => {
  it('puts each library’s copies together, libraries by name, and counts those on the shelf', () => {
    const groups = groupCopiesByLibrary([
      buildCopy({ cod_exemplar: 1, cod_biblioteca: 2, desc_biblioteca: 'Setorial', situacao: 'emprestado' }),
      buildCopy({ cod_exemplar: 2, cod_biblioteca: 1, desc_biblioteca: 'Central' }),
      buildCopy({ cod_exemplar: 3, cod_biblioteca: 2, desc_biblioteca: 'Setorial' }),
    ]);
    expect(groups.map((g) => [g.libraryName, g.copies.map((c) => c.cod_exemplar), g.available])).toEqual([
      ['Central', [2], 1],
      ['Setorial', [1, 3], 1],
    ]);
  });
});
