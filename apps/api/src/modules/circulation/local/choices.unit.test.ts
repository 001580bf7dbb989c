import { describe, expect, it } from 'vitest';
import { CIRCULATION_ERROR } from '@estante/contract';
import {
  checkChoices,
  holdChoice,
  holdMatches,
  holdRefusalBeforeChoice,
  offeredChoices,
  shelfRefusal,
} from './choices.ts';
import type { CopyRecord } from './repository.ts';

// What a patron must choose to hold or request a title, and when a hold may be placed at all, on
// copies as the database answers them. The engine's tests check the same rules with a database.

let nextId = 1;
function copy(values: Partial<CopyRecord> = {}): CopyRecord {
  const id = nextId++;
  return {
    id,
    titleId: 1,
    libraryId: 1,
    number: `1-${id}`,
    volume: null,
    tome: null,
    part: null,
    additionalMaterial: null,
    location: 'Acervo geral',
    loanType: 'Normal',
    status: 'disponivel',
    ...values,
  };
}
const lent = (values: Partial<CopyRecord> = {}) => copy({ status: 'emprestado', ...values });
const none = {
  libraryId: null,
  volume: null,
  tome: null,
  part: null,
  additionalMaterial: null,
  location: null,
};

describe('the choices a title offers', () => {
  it('lists each library and each value once, sorted as people read them, without empty values', () => {
    const copies = [
      copy({ libraryId: 3, volume: 'v. 2', tome: 't. 1', location: 'Obras raras' }),
      copy({ libraryId: 1, volume: 'v. 1', part: 'pt. B', additionalMaterial: 'CD' }),
      copy({ libraryId: 3, volume: 'v. 2', part: 'pt. A', additionalMaterial: '', location: 'Acervo geral' }),
      copy({ libraryId: 1, volume: 'Índice', location: null }),
    ];
    expect(offeredChoices(copies)).toEqual({
      libraries: [1, 3],
      volumes: ['Índice', 'v. 1', 'v. 2'],
      tomes: ['t. 1'],
      parts: ['pt. A', 'pt. B'],
      materials: ['CD'],
      locations: ['Acervo geral', 'Obras raras'],
    });
    expect(offeredChoices([])).toEqual({
      libraries: [],
      volumes: [],
      tomes: [],
      parts: [],
      materials: [],
      locations: [],
    });
  });

  it('reads a hold request as a choice, null where nothing was chosen', () => {
    expect(
      holdChoice({
        biblioteca: 2,
        volume: 'v. 1',
        tomo: 't. 2',
        parte: 'pt. 3',
        material_adicional: 'CD',
        localizacao: 'Obras raras',
      }),
    ).toEqual({
      libraryId: 2,
      volume: 'v. 1',
      tome: 't. 2',
      part: 'pt. 3',
      additionalMaterial: 'CD',
      location: 'Obras raras',
    });
    expect(holdChoice({})).toEqual(none);
  });
});

describe('checking a choice', () => {
  const copies = [
    copy({
      libraryId: 1,
      volume: 'v. 1',
      tome: 't. 1',
      part: 'pt. 1',
      additionalMaterial: 'CD',
      location: 'A',
    }),
    copy({
      libraryId: 2,
      volume: 'v. 2',
      tome: 't. 2',
      part: 'pt. 2',
      additionalMaterial: 'DVD',
      location: 'B',
    }),
  ];
  const full = {
    libraryId: 1,
    volume: 'v. 1',
    tome: 't. 1',
    part: 'pt. 1',
    additionalMaterial: 'CD',
    location: 'A',
  };

  it('asks for the library, volume, tome, part and material in that order, but not the location', () => {
    expect(checkChoices(copies, none)).toBe(CIRCULATION_ERROR.CHOICE_REQUIRED_BIBLIOTECA);
    expect(checkChoices(copies, { ...full, volume: null })).toBe(CIRCULATION_ERROR.CHOICE_REQUIRED_VOLUME);
    expect(checkChoices(copies, { ...full, tome: null })).toBe(CIRCULATION_ERROR.CHOICE_REQUIRED_TOMO);
    expect(checkChoices(copies, { ...full, part: null })).toBe(CIRCULATION_ERROR.CHOICE_REQUIRED_PARTE);
    expect(checkChoices(copies, { ...full, additionalMaterial: null })).toBe(
      CIRCULATION_ERROR.CHOICE_REQUIRED_MATERIAL,
    );
    expect(checkChoices(copies, { ...full, location: null })).toEqual([copies[0]]);
  });

  it('refuses a value no copy has, and a mix of values no single copy has', () => {
    expect(checkChoices(copies, { ...full, volume: 'v. 3' })).toBe(CIRCULATION_ERROR.CHOICE_INVALID);
    expect(checkChoices(copies, { ...full, libraryId: 9 })).toBe(CIRCULATION_ERROR.CHOICE_INVALID);
    expect(checkChoices(copies, { ...full, location: 'C' })).toBe(CIRCULATION_ERROR.CHOICE_INVALID);
    // A wrong value is named before a missing later one.
    expect(checkChoices(copies, { ...full, volume: 'v. 3', tome: null })).toBe(
      CIRCULATION_ERROR.CHOICE_INVALID,
    );
    for (const mixed of [
      { libraryId: 2 },
      { volume: 'v. 2' },
      { tome: 't. 2' },
      { part: 'pt. 2' },
      { additionalMaterial: 'DVD' },
      { location: 'B' },
    ])
      expect(checkChoices(copies, { ...full, ...mixed })).toBe(CIRCULATION_ERROR.CHOICE_INVALID);
  });

  it('answers the copies the choice allows', () => {
    expect(checkChoices(copies, full)).toEqual([copies[0]]);
    const twoAtOne = [copy({ libraryId: 1 }), copy({ libraryId: 1, location: 'B' }), copy({ libraryId: 2 })];
    expect(checkChoices(twoAtOne, { ...none, libraryId: 1 })).toEqual(twoAtOne.slice(0, 2));
    expect(checkChoices(twoAtOne, { ...none, libraryId: 1, location: 'B' })).toEqual([twoAtOne[1]]);
  });

  it('matches a hold to a copy on the library and each value chosen, any value where none was chosen', () => {
    const [one] = copies;
    const hold = { ...full };
    expect(holdMatches(hold, one!)).toBe(true);
    expect(
      holdMatches(
        { ...hold, volume: null, tome: null, part: null, additionalMaterial: null, location: null },
        one!,
      ),
    ).toBe(true);
    expect(holdMatches({ ...hold, libraryId: 2 }, one!)).toBe(false);
    for (const other of [
      { volume: 'v. 2' },
      { tome: 't. 2' },
      { part: 'pt. 2' },
      { additionalMaterial: 'DVD' },
      { location: 'B' },
    ])
      expect(holdMatches({ ...hold, ...other }, one!)).toBe(false);
  });
});

describe('when a hold may be placed (SPEC §4)', () => {
  it('refuses a hold while one copy it could be served by is on the shelf, even with another one lent', () => {
    expect(shelfRefusal([lent(), copy()])).toBe(CIRCULATION_ERROR.HOLD_COPY_AVAILABLE);
    expect(shelfRefusal([copy(), lent()])).toBe(CIRCULATION_ERROR.HOLD_COPY_AVAILABLE);
    expect(shelfRefusal([lent(), lent({ status: 'reservado' })])).toBeNull();
  });

  it('offers the hold form when some choice has every copy away, and says why not otherwise', () => {
    expect(holdRefusalBeforeChoice([])).toBe(CIRCULATION_ERROR.HOLD_NOT_ALLOWED);
    expect(holdRefusalBeforeChoice([copy()])).toBe(CIRCULATION_ERROR.HOLD_COPY_AVAILABLE);
    // One copy lent and one on the shelf, nothing to choose between them: the shelf copy serves.
    expect(holdRefusalBeforeChoice([lent(), copy()])).toBe(CIRCULATION_ERROR.HOLD_COPY_AVAILABLE);
    expect(holdRefusalBeforeChoice([lent(), lent()])).toBeNull();
    // Volume 1 on the shelf, volume 2 lent: volume 2 can be held.
    expect(holdRefusalBeforeChoice([copy({ volume: 'v. 1' }), lent({ volume: 'v. 2' })])).toBeNull();
    // On the shelf at one library, lent at the other: a hold to pick up at the other.
    expect(holdRefusalBeforeChoice([copy({ libraryId: 1 }), lent({ libraryId: 2 })])).toBeNull();
    // The location narrows: on the shelf in the reading room, lent from the general collection.
    expect(holdRefusalBeforeChoice([copy({ location: 'Sala de leitura' }), lent()])).toBeNull();
    // A value only the lent copy has picks it out from the one on the shelf.
    for (const value of [{ tome: 't. 2' }, { part: 'pt. 2' }, { additionalMaterial: 'CD' }])
      expect(holdRefusalBeforeChoice([copy(), lent(value)])).toBeNull();
  });
});
