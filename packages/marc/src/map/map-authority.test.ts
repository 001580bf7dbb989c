import { describe, expect, it } from 'vitest';
import { sampleRecord, sampleRecords } from '../testing/sample-files.ts';
import { AUTHORITY_TYPE_BY_TAG, mapAuthority, type MappedAuthority } from './map-authority.ts';

const AUTHORITY_FILES = [
  'koha-sample-auth.xml',
  'evergreen-auth-iish-1066.mrc',
  'evergreen-concerto-auth.xml',
  'evergreen-auth-iish-17.mrc',
];

function authorityOf(file: string, controlNumber: string): MappedAuthority {
  const mapped = mapAuthority(sampleRecord(file, controlNumber));
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped;
}

describe('every authority record of the samples', () => {
  it.each(AUTHORITY_FILES)('maps each record of %s or says why not', (file) => {
    const errors: string[] = [];
    for (const record of sampleRecords(file)) {
      const mapped = mapAuthority(record);
      if ('error' in mapped)
        errors.push(`${record.fields.find((f) => f.tag === '001')?.value}: ${mapped.error}`);
      else expect(mapped.heading).not.toBe('');
    }
    // README: one Koha record has no heading at all; another has an empty 100 $a.
    expect(errors).toEqual(
      file === 'koha-sample-auth.xml'
        ? ['1: authority has no heading (1XX)', '1570: authority heading (100) is empty']
        : [],
    );
  });

  it('gives each Koha heading tag its authority type (README counts per tag)', () => {
    const byTag: Record<string, number> = {};
    for (const record of sampleRecords('koha-sample-auth.xml')) {
      const heading = record.fields.find((f) => f.tag.startsWith('1'));
      const mapped = mapAuthority(record);
      if (!heading) continue;
      byTag[heading.tag] = (byTag[heading.tag] ?? 0) + 1;
      const hasTitle = heading.subfields?.some((s) => s.code === 't') === true;
      if (!('error' in mapped))
        expect(mapped.type).toBe(hasTitle ? 'titulo_uniforme' : AUTHORITY_TYPE_BY_TAG[heading.tag]);
    }
    expect(byTag).toEqual({ '100': 649, '110': 88, '111': 3, '130': 111, '150': 663, '151': 142, '155': 49 });
  });

  it('refuses a bibliographic record', () => {
    expect(mapAuthority(sampleRecords('evergreen-maps.mrc')[0]!)).toEqual({
      error: "not an authority record: leader/06 is 'e', not 'z'",
    });
  });
});

describe('what a cataloguer checks in the mapped authorities', () => {
  it("maps the IISH non-standard 103: Dutch heading, English term as 'see from'", () => {
    expect(authorityOf('evergreen-auth-iish-1066.mrc', 'IISGa10475228')).toEqual({
      controlNumber: 'IISGa10475228',
      type: 'assunto',
      heading: 'Hongaren',
      seeFrom: ['Hungarians'],
      seeAlso: [],
      notes: [],
    });
    expect(authorityOf('evergreen-auth-iish-1066.mrc', 'IISGa10610432')).toMatchObject({
      heading: 'Maoïsme',
      seeFrom: ['Maoism'],
    });
    // Same term in both languages: no reference to itself.
    expect(authorityOf('evergreen-auth-iish-1066.mrc', 'IISGa10610156')).toMatchObject({
      heading: 'Manuscript',
      seeFrom: [],
    });
  });

  it('maps the IISH personal names', () => {
    for (const record of sampleRecords('evergreen-auth-iish-17.mrc'))
      expect(mapAuthority(record)).toMatchObject({ type: 'pessoa' });
  });

  it('maps the marcxml:-prefixed LC genre, medium and name records of concerto', () => {
    expect(authorityOf('evergreen-concerto-auth.xml', 'gf2014026111')).toMatchObject({
      type: 'genero_forma',
      heading: 'Illustrated works',
      seeFrom: ['Pictorial works'],
    });
    expect(authorityOf('evergreen-concerto-auth.xml', 'gf2014026362')).toMatchObject({
      heading: 'Graphic novels',
      seeAlso: ['Comics (Graphic works)'],
    });
    expect(authorityOf('evergreen-concerto-auth.xml', 'mp2013015187')).toMatchObject({
      type: 'assunto',
      heading: 'cowbell',
      seeAlso: ['bell'],
    });
    const shakespeare = authorityOf('evergreen-concerto-auth.xml', 'n78095332');
    expect(shakespeare).toMatchObject({ type: 'pessoa', heading: 'Shakespeare, William, 1564-1616' });
    expect(shakespeare.seeFrom).toContain('Shakspeare, William, 1564-1616');
    expect(authorityOf('evergreen-concerto-auth.xml', 'n82011242')).toMatchObject({
      type: 'titulo_uniforme',
      heading: 'Shakespeare, William, 1564-1616. Macbeth',
    });
  });

  it('keeps the 4XX, 670 and 667 of a Conifer name record', () => {
    const lso = authorityOf('evergreen-concerto-auth.xml', '1074870');
    expect(lso).toMatchObject({ type: 'instituicao', heading: 'London Symphony Orchestra' });
    expect(lso.seeFrom).toEqual([
      'LSO',
      'Orchestre symphonique de Londres',
      'L.S.O.',
      'Londonskii simfonicheskii orkestr',
      'London Symphony Orch',
    ]);
    expect(lso.notes[0]).toBe('Beethoven, L. van. Overtures.');
  });
});
