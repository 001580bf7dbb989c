import { describe, expect, it } from 'vitest';
import { ADVANCED_ROW_SEPARATOR, formatAdvancedRow, parseAdvancedRow } from './search.ts';
import { AdvancedRowSchema } from './schemas/search.ts';

describe('parseAdvancedRow', () => {
  const rows = [
    'E|titulo|dom casmurro',
    'OU|autor|  Machado de Assis  ',
    'NAO|assunto|a|b|c',
    'PROX|livre|x',
    'ANTES|titulo|',
    'E|titulo|   ',
    'XOR|titulo|dom casmurro',
    'E|editora|dom casmurro',
    'e|titulo|dom casmurro',
    'E',
    '',
    `E|livre|${'a'.repeat(500)}`,
    `E|livre|${'a'.repeat(501)}`,
    `E|livre| ${'a'.repeat(500)} `,
  ];

  it.each(rows)('reads %j as the row schema does, without the schema', (raw) => {
    const [operador, campo, ...rest] = raw.split(ADVANCED_ROW_SEPARATOR);
    const schema = AdvancedRowSchema.safeParse({ operador, campo, termo: rest.join(ADVANCED_ROW_SEPARATOR) });
    expect(parseAdvancedRow(raw)).toEqual(schema.success ? schema.data : undefined);
  });

  it('reads back what formatAdvancedRow writes, a term with the separator in it included', () => {
    const row = { operador: 'DEPOIS', campo: 'assunto', termo: 'a|b' } as const;
    expect(parseAdvancedRow(formatAdvancedRow(row))).toEqual(row);
    expect(parseAdvancedRow('OU|autor|  Machado  ')).toEqual({
      operador: 'OU',
      campo: 'autor',
      termo: 'Machado',
    });
    expect(parseAdvancedRow('E|titulo|  ')).toBeUndefined();
  });
});
