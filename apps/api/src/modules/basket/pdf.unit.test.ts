import { describe, expect, it } from 'vitest';
import { referenceRuns } from './pdf.ts';

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
