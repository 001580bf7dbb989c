import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { describeRows } from './describe-search';

describe('describeRows', () => {
  it('names every row of an advanced search with its field and the operator joining it', () => {
    expect(
      describeRows(i18n.t, {
        term: 'machado',
        searchType: 'autor',
        rows: [
          { operador: 'OU', campo: 'autor', termo: 'alencar' },
          { operador: 'NAO', campo: 'titulo', termo: 'casmurro' },
        ],
      }),
    ).toBe('Autor: “machado” OU Autor: “alencar” E NÃO Título: “casmurro”');
  });
});
