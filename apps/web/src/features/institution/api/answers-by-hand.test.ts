import { describe, expect, it } from 'vitest';
import { DefaultImageSchema, InstitutionPageSchema } from '@estante/contract';
import { institutionPageAnswer } from './get-institution-page';
import { defaultImageAnswer } from '../../record/api/get-default-image';
import { bySchema, read } from '../../../testing/answer-checks';

describe("the first screen's answers checked by hand (decisions 0069, 0076)", () => {
  it('read a home section exactly as InstitutionPageSchema would', () => {
    const values: unknown[] = [
      { titulo: 'Bem-vindo', conteudo: '<p>Olá</p>' },
      { titulo: null, conteudo: null },
      { titulo: 'Só título', conteudo: null, extra: 1 },
      { titulo: 1, conteudo: null },
      { titulo: 'x' },
      { conteudo: 'x', titulo: undefined },
      [],
      null,
      'texto',
    ];
    for (const value of values)
      expect(read(institutionPageAnswer, value), JSON.stringify(value)).toEqual(
        bySchema(InstitutionPageSchema, value),
      );
  });

  it('read the default cover exactly as DefaultImageSchema would', () => {
    const values: unknown[] = [
      { url: '/api/capa.svg' },
      { url: '/a', other: true },
      { url: 3 },
      {},
      [],
      null,
      '/a',
    ];
    for (const value of values)
      expect(read(defaultImageAnswer, value), JSON.stringify(value)).toEqual(
        bySchema(DefaultImageSchema, value),
      );
  });
});
