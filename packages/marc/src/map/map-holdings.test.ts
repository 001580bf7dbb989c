import { describe, expect, it } from 'vitest';
import { sampleRecords } from '../testing/sample-files.ts';
import { classify } from './classify.ts';
import { mapHoldings } from './map-holdings.ts';

describe('MFHD holdings records', () => {
  it('maps the Evergreen serial holdings', () => {
    const mapped = sampleRecords('evergreen-serials-mfhd.xml').map(mapHoldings);
    expect(mapped).toHaveLength(7);
    expect(mapped[0]).toEqual({
      controlNumber: 'a814607',
      linkedControlNumber: null,
      library: 'HRSRH',
      callNumber: null,
      location: 'HRSRHL-PER',
      summary: [],
    });
  });

  it('maps the PSU holdings, which share their bib record’s 001', () => {
    const records = sampleRecords('psu-sample-catalog.mrc');
    const bibs = new Set(
      records
        .filter((r) => classify(r) === 'bibliographic')
        .map((r) => r.fields.find((f) => f.tag === '001')?.value),
    );
    const holdings = records.filter((r) => classify(r) === 'holdings').map(mapHoldings);
    expect(holdings).toHaveLength(171);
    for (const h of holdings) {
      if ('error' in h) throw new Error(h.error);
      expect(bibs.has(h.controlNumber ?? '')).toBe(true);
    }
    expect(holdings.find((h) => !('error' in h) && h.controlNumber === '107')).toEqual({
      controlNumber: '107',
      linkedControlNumber: expect.anything(),
      library: 'UP-SPECCOL',
      callNumber: 'AP2 .O354',
      location: 'AMER-LIT',
      summary: expect.any(Array),
    });
    expect(holdings.some((h) => !('error' in h) && h.summary.some((s) => s.includes('To Date')))).toBe(true);
  });

  it('refuses a bibliographic record', () => {
    expect(mapHoldings(sampleRecords('evergreen-maps.mrc')[0]!)).toEqual({
      error: "not a holdings record: leader/06 is 'e', not u, v, x or y",
    });
  });

  it('refuses a record whose leader is too short to say, naming the missing position as a blank', () => {
    expect(mapHoldings({ leader: '00000', fields: [] })).toEqual({
      error: "not a holdings record: leader/06 is ' ', not u, v, x or y",
    });
  });
});
