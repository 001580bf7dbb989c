import { describe, expect, it } from 'vitest';
import type { MarcField } from '../types.ts';
import { dataField, type Pair } from '../testing/fields.ts';
import { AUTHORITY_TYPE_BY_TAG, mapAuthority, type MappedAuthority } from './map-authority.ts';
import { hashedControlNumber } from './map-title.ts';

// mapAuthority field by field, on small authority records written by hand.

/** A data field with blank indicators: its tag and its subfields. */
const field = (tag: string, ...subfields: Pair[]): MarcField => dataField(tag, '  ', ...subfields);

const authority = (...fields: MarcField[]) => ({ leader: '00000nz  a2200000n  4500', fields });

function mapped(...fields: MarcField[]): MappedAuthority {
  const result = mapAuthority(authority({ tag: '001', value: 'a1' }, ...fields));
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('mapAuthority, field by field', () => {
  // Written out, not read from the table: the MARC 21 authority format's 1XX tags and our types.
  const TYPES: [string, string][] = [
    ['100', 'pessoa'],
    ['110', 'instituicao'],
    ['111', 'evento'],
    ['130', 'titulo_uniforme'],
    ['148', 'termo_cronologico'],
    ['150', 'assunto'],
    ['151', 'assunto_geografico'],
    ['155', 'genero_forma'],
    ['162', 'assunto'],
    ['180', 'subdivisao_geral'],
    ['181', 'subdivisao_geografica'],
    ['182', 'subdivisao_cronologica'],
    ['185', 'subdivisao_genero_forma'],
  ];
  it.each(TYPES)('gives a %s heading the type %s', (tag, type) => {
    expect(mapped(field(tag, ['a', 'Cabeçalho'])).type).toBe(type);
  });

  it('knows no other heading tag', () => {
    expect(Object.keys(AUTHORITY_TYPE_BY_TAG).sort()).toEqual(TYPES.map(([tag]) => tag));
  });

  it('reads a heading tag it does not know as a subject', () => {
    expect(mapped(field('199', ['a', 'Termo'])).type).toBe('assunto');
  });

  it.each(['100', '110', '111'])('reads a %s name heading with a title ($t) as a uniform title', (tag) => {
    const result = mapped(field(tag, ['a', 'Autor.'], ['t', 'Obra']));
    expect(result.type).toBe('titulo_uniforme');
    expect(result.heading).toBe('Autor. Obra');
  });

  it('keeps a subject heading with a $t a subject', () => {
    expect(mapped(field('150', ['a', 'Termo'], ['t', 'Obra'])).type).toBe('assunto');
  });

  it('joins subdivisions with " -- ", leaving out $w, $i, $e, $4 and the numeric subfields', () => {
    const heading = field(
      '100',
      ['w', 'a'],
      ['i', 'Ver também:'],
      ['a', 'Silva, Ana,'],
      ['d', '1950-'],
      ['e', 'autora'],
      ['4', 'aut'],
      ['0', '(BR)123'],
    );
    expect(mapped(heading).heading).toBe('Silva, Ana, 1950-');
    expect(mapped(field('150', ['a', 'Brasil'], ['x', 'História.'], ['z', 'Bahia'])).heading).toBe(
      'Brasil -- História -- Bahia',
    );
  });

  it('takes the first 1XX with text, past an empty one', () => {
    expect(mapped(field('100', ['a', ' ']), field('110', ['a', 'Instituto'])).heading).toBe('Instituto');
  });

  it('lists 4XX as see-from and 5XX as see-also, once each, in record order, without empty ones', () => {
    const result = mapped(
      field('150', ['a', 'Gatos']),
      field('450', ['a', 'Felinos domésticos']),
      field('450', ['a', 'Felinos domésticos']),
      field('450', ['w', 'nne']),
      field('410', ['a', 'Associação dos Gatos']),
      field('550', ['w', 'g'], ['a', 'Felinos']),
      field('550', ['a', 'Felinos']),
      field('551', ['a', 'Egito']),
    );
    expect(result.seeFrom).toEqual(['Felinos domésticos', 'Associação dos Gatos']);
    expect(result.seeAlso).toEqual(['Felinos', 'Egito']);
  });

  it('keeps the 667, 670, 678 and 680 notes in that order of tags, and no other', () => {
    const result = mapped(
      field('150', ['a', 'Gatos']),
      field('680', ['a', 'Nota de escopo.']),
      field('670', ['a', 'Fonte consultada']),
      field('675', ['a', 'Não encontrado em']),
      field('667', ['a', 'Nota interna']),
      field('678', ['a', 'Biografia']),
    );
    expect(result.notes).toEqual(['Nota interna', 'Fonte consultada', 'Biografia', 'Nota de escopo.']);
  });

  it('trims the 001, and hashes the heading when there is no 001 or it is blank', () => {
    const heading = field('150', ['a', 'Gatos']);
    expect(mapAuthority(authority({ tag: '001', value: ' a9 ' }, heading))).toMatchObject({
      controlNumber: 'a9',
    });
    const hashed = hashedControlNumber('Gatos', '', null);
    expect(mapAuthority(authority(heading))).toMatchObject({ controlNumber: hashed });
    expect(mapAuthority(authority({ tag: '001', value: '  ' }, heading))).toMatchObject({
      controlNumber: hashed,
    });
  });

  it('reads the IISH 103: $a the heading, $b its English term as see-from unless the same or empty', () => {
    expect(mapped(field('103', ['a', 'Hongaren.'], ['b', 'Hungarians.']))).toMatchObject({
      type: 'assunto',
      heading: 'Hongaren',
      seeFrom: ['Hungarians'],
    });
    expect(mapped(field('103', ['a', 'Manuscript'], ['b', 'Manuscript'])).seeFrom).toEqual([]);
    expect(mapped(field('103', ['a', 'Vrede'], ['b', ' '])).seeFrom).toEqual([]);
    expect(mapped(field('103', ['a', 'Vrede'])).seeFrom).toEqual([]);
    // No $a: the heading is what the field holds.
    expect(mapped(field('103', ['b', 'Peace'])).heading).toBe('Peace');
  });

  it('refuses a record that is not an authority, one without a heading, and one whose heading is empty', () => {
    expect(mapAuthority({ leader: '00000', fields: [] })).toEqual({
      error: "not an authority record: leader/06 is ' ', not 'z'",
    });
    expect(mapAuthority(authority({ tag: '001', value: 'a1' }, field('450', ['a', 'X'])))).toEqual({
      error: 'authority has no heading (1XX)',
    });
    expect(mapAuthority(authority(field('151', ['a', ''])))).toEqual({
      error: 'authority heading (151) is empty',
    });
    expect(mapAuthority(authority({ tag: '100' }))).toEqual({ error: 'authority heading (100) is empty' });
    // A 1XX written as a control field (no subfields) has no heading text either.
    expect(mapAuthority(authority({ tag: '150', value: 'Gatos' }))).toEqual({
      error: 'authority heading (150) is empty',
    });
  });
});
