import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import { acquisitionDateOf, acquisitionModeOf, acquisitionPriceOf } from './acquisition.ts';
import { mapTitle, type MappedTitle } from './map-title.ts';

function mapped(file: string, controlNumber: string): MappedTitle {
  const result = mapTitle(sampleRecord(file, controlNumber));
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('the acquisition of a copy, from real records', () => {
  it('gives the Harrisburg copy of a PSU record the gift its 541 "Harrisburg copy:" names, and the other copy none', () => {
    // 541 $3 Harrisburg copy: $c Gift and purchase of $a Alice Marshall $d 1991.
    // 949 … $m UP-ANNEX … $u 4/12/2001   and   949 … $m HARRISBURG … $u 11/6/2002
    const t = mapped('psu-sample-catalog.mrc', '122553');
    expect(t.copies.map((c) => [c.library, c.acquisition])).toEqual([
      ['UP-ANNEX', { acquiredOn: '2001-04-12', mode: null, source: null, price: null }],
      ['HARRISBURG', { acquiredOn: '2002-11-06', mode: 'doacao', source: 'Alice Marshall', price: null }],
    ]);
  });

  it('applies a 541 without $3 to every copy: a purchase whose date is a span keeps the item’s own date', () => {
    // 541 $c Purchase $d 1974-1992, 1998, 2000.   949 … $u 4/13/2001
    const t = mapped('psu-sample-catalog.mrc', '1845059');
    expect(t.copies.map((c) => c.acquisition)).toEqual([
      { acquiredOn: '2001-04-13', mode: 'compra', source: null, price: null },
    ]);
  });

  it('reads no acquisition where a record says nothing of it (UVA 999 has no date)', () => {
    const t = mapped('solrmarc-uva-2000.mrc', 'u2');
    expect(t.copies.length).toBeGreaterThan(0);
    for (const copy of t.copies) expect(copy.acquisition).toBeUndefined();
  });
});

describe('acquisition fields as libraries write them', () => {
  it('reads the mode named first in 541 $c, in English, Portuguese and Spanish', () => {
    expect(acquisitionModeOf('Purchased with funds from the')).toBe('compra');
    expect(acquisitionModeOf('Gift and purchase of')).toBe('doacao');
    expect(acquisitionModeOf('Donated in honor of')).toBe('doacao');
    expect(acquisitionModeOf('Doação do autor')).toBe('doacao');
    expect(acquisitionModeOf('Permuta com a UFSC')).toBe('permuta');
    expect(acquisitionModeOf('Canje')).toBe('permuta');
    expect(acquisitionModeOf('Compra')).toBe('compra');
    // A copyright deposit (LC's 541s) and an honour are none of the three.
    expect(acquisitionModeOf('copyright deposit--no agreement')).toBeNull();
    expect(acquisitionModeOf('Selected in honor of')).toBeNull();
  });

  it('reads dates in the forms of the samples and refuses what is not one day', () => {
    expect(acquisitionDateOf('20020411')).toBe('2002-04-11');
    expect(acquisitionDateOf('2024-02-01')).toBe('2024-02-01');
    expect(acquisitionDateOf('2015')).toBe('2015-01-01');
    expect(acquisitionDateOf('Received: 10/29/1997')).toBe('1997-10-29');
    expect(acquisitionDateOf('25/03/2021')).toBe('2021-03-25');
    // Month first only where the system always writes it so (Sirsi $u).
    expect(acquisitionDateOf('2/5/92')).toBeNull();
    expect(acquisitionDateOf('2/5/92', true)).toBe('1992-02-05');
    expect(acquisitionDateOf('20067')).toBeNull();
    expect(acquisitionDateOf('1974-1992, 1998, 2000')).toBeNull();
    expect(acquisitionDateOf('20230230')).toBeNull();
  });

  it('reads prices with either decimal mark', () => {
    expect(acquisitionPriceOf('R$ 89,90')).toBe('89.90');
    expect(acquisitionPriceOf('$1,250.00')).toBe('1250.00');
    expect(acquisitionPriceOf('35')).toBe('35.00');
    expect(acquisitionPriceOf('n/a')).toBeNull();
  });
});
