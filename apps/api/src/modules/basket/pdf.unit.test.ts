import { describe, expect, it } from 'vitest';
import { fontRuns, referenceRuns } from './pdf.ts';

describe('reference runs for the PDF', () => {
  it('keeps bold and italic from citeproc HTML, drops other tags and decodes entities', () => {
    expect(
      referenceRuns('ASSIS, M. <b>Dom Casmurro</b>: <i>romance</i>. <span>Rio</span> &amp; S&#227;o Paulo'),
    ).toEqual([
      { text: 'ASSIS, M. ', bold: false, italic: false },
      { text: 'Dom Casmurro', bold: true, italic: false },
      { text: ': ', bold: false, italic: false },
      { text: 'romance', bold: false, italic: true },
      { text: '. ', bold: false, italic: false },
      { text: 'Rio', bold: false, italic: false },
      { text: ' & São Paulo', bold: false, italic: false },
    ]);
  });
});

describe('font runs for the PDF', () => {
  it('gives each character the first embedded font that has it, keeping spaces and marks in their run', () => {
    expect(
      fontRuns('Voĭna i mir, Война, Ὅμηρος, गोदान: بين القصرين / 紅樓夢 ノルウェイの森 채식주의자'),
    ).toEqual([
      { text: 'Voĭna i mir, Война, Ὅμηρος, गोदान: ', font: 0 },
      { text: 'بين القصرين ', font: 1 },
      { text: '/ ', font: 0 },
      { text: '紅樓夢 ノルウェイの森 ', font: 2 },
      { text: '채식주의자', font: 3 },
    ]);
  });
});
