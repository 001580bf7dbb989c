import { describe, expect, it } from 'vitest';
import { SYNTHETIC_KNOWLEDGE_AREAS, SYNTHETIC_LIBRARIES, syntheticTitle } from './synthetic.ts';

const sample = Array.from({ length: 5000 }, (_, i) => syntheticTitle(i + 1));
const share = (test: (t: (typeof sample)[number]) => boolean) => sample.filter(test).length / sample.length;

describe('synthetic titles (benchmark catalogue)', () => {
  it('gives the same title for the same number and seed, another for another seed', () => {
    expect(syntheticTitle(4242)).toEqual(syntheticTitle(4242));
    expect(syntheticTitle(4242, 7).title).not.toBe(syntheticTitle(4242).title);
  });

  it('puts e-books and articles online only, and every other title on a shelf', () => {
    for (const t of sample) {
      if (t.workType === 'EBOOK' || t.workType === 'ARTIGO') {
        expect(t.copies).toHaveLength(0);
        expect(t.onlineLinks.length).toBeGreaterThan(0);
      } else {
        expect(t.copies.length).toBeGreaterThanOrEqual(1);
        expect(t.copies.length).toBeLessThanOrEqual(6);
      }
    }
  });

  it('spreads copies over every library and many statuses, periodicals and theses for local use', () => {
    const copies = sample.flatMap((t) => t.copies.map((c) => ({ ...c, workType: t.workType })));
    expect(new Set(copies.map((c) => c.library)).size).toBe(SYNTHETIC_LIBRARIES.length);
    expect(new Set(copies.map((c) => c.status)).size).toBeGreaterThanOrEqual(7);
    const onShelf = copies.filter((c) => c.status === 'disponivel').length / copies.length;
    expect(onShelf).toBeGreaterThan(0.4);
    expect(onShelf).toBeLessThan(0.75);
    for (const c of copies.filter((c) => c.workType === 'PERIODICO' || c.workType === 'TESE'))
      expect(c.status).not.toBe('disponivel');
    // Copy numbers are unique within a library (the table's key).
    expect(new Set(copies.map((c) => `${c.library}/${c.number}`)).size).toBe(copies.length);
  });

  it('leaves a few titles without a year, and gives covers, accessibility and knowledge areas to some', () => {
    expect(share((t) => t.year === null)).toBeGreaterThan(0.02);
    expect(share((t) => t.year === null)).toBeLessThan(0.06);
    expect(share((t) => t.coverUrl !== null)).toBeGreaterThan(0.2);
    expect(share((t) => t.isAccessible)).toBeGreaterThan(0.02);
    expect(share((t) => t.isAccessible)).toBeLessThan(0.06);
    expect(share((t) => t.knowledgeArea === null)).toBeGreaterThan(0.05);
    expect(new Set(sample.map((t) => t.knowledgeArea)).size).toBe(SYNTHETIC_KNOWLEDGE_AREAS.length + 1);
    expect(new Set(sample.map((t) => t.language))).toEqual(new Set(['por', 'spa', 'eng']));
  });
});
