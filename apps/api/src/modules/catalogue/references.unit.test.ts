import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReference, mapTitle, readMarcSync, type MarcRecord, type ReferenceStyle } from '@estante/marc';
import { demoAnalyticToMarc, loadDemoAnalytics } from '../seed/demo-analytics.ts';
import { demoWorkToMarc, loadDemoWorks } from '../seed/index.ts';

// The reference tab's four styles for sixteen records of the demo library and of the shared MARC
// samples, one of each kind a patron cites. Every string was written by hand from the style's rules,
// then compared with the generator (and the generator fixed where it differed):
// - ABNT NBR 6023:2018: authors in capitals, a government body as "JURISDICTION. Unit.", the edition
//   in the document's language ("3rd ed."), "[S. l.]" for a journal's unknown place, the issue date
//   with its month as the journal prints it, the thesis note, "Disponível em … Acesso em" without
//   angle brackets, "[s. d.]" when the record gives no date (decision 0008: the catalogue cannot
//   estimate one).
// - APA 7th: sentence case with the subtitle's first word capitalised, no place, publishers without
//   business words ("Co."), "[Doctoral dissertation, Institution]", the most specific government
//   agency as author with its parent as publisher, "n.d.".
// - Chicago 17th author-date: headline case for English titles, sentence case for others (the
//   subtitle's first word capitalised), inclusive page numbers abbreviated (433–60), "PhD diss.".
// - MLA 9th: "et al." from three authors, academic presses as U and P ("MIT P", "Princeton U"), no
//   business words, a government and its units separated by commas, the month ("Oct. 1950"),
//   page numbers abbreviated (433–60), URLs without "https://".

const SHARED_MARC = new URL('../../../../../../shared/data/marc/', import.meta.url);
const ACCESSED = new Date('2026-03-05T12:00:00Z');

/** A record of a shared sample file by its 001. */
function sampleRecord(file: string, controlNumber: string): MarcRecord {
  const record = [...readMarcSync(readFileSync(new URL(file, SHARED_MARC)))]
    .flatMap((r) => (r.ok ? [r.record] : []))
    .find((r) => r.fields.some((f) => f.tag === '001' && f.value?.trim() === controlNumber));
  if (!record) throw new Error(`no ${controlNumber} in ${file}`);
  return record;
}

interface Case {
  kind: string;
  /** A demo work or analytic id, or "file:001" of a shared sample. */
  source: string;
  expected: Record<ReferenceStyle, string>;
}

const CASES: Case[] = [
  {
    kind: 'a book by one author',
    source: 'demo-0003',
    expected: {
      abnt: 'ASSIS, Machado de. Dom Casmurro. Rio de Janeiro: H. Garnier, 1899.',
      apa: 'Assis, M. de. (1899). Dom Casmurro. H. Garnier.',
      chicago: 'Assis, Machado de. 1899. Dom Casmurro. Rio de Janeiro: H. Garnier.',
      mla: 'Assis, Machado de. Dom Casmurro. H. Garnier, 1899.',
    },
  },
  {
    kind: 'a book with a subtitle',
    source: 'demo-0012',
    expected: {
      abnt: 'LISPECTOR, Clarice. Laços de família: contos. Rio de Janeiro: Francisco Alves, 1960.',
      apa: 'Lispector, C. (1960). Laços de família: Contos. Francisco Alves.',
      chicago: 'Lispector, Clarice. 1960. Laços de família: Contos. Rio de Janeiro: Francisco Alves.',
      mla: 'Lispector, Clarice. Laços de família: Contos. Francisco Alves, 1960.',
    },
  },
  {
    kind: 'two authors and an edition (a print book: its platform link is not cited)',
    source: 'demo-0296',
    expected: {
      abnt: 'TANENBAUM, Andrew S.; WETHERALL, David. Redes de computadores. 5. ed. São Paulo: Pearson Prentice Hall, 2011.',
      apa: 'Tanenbaum, A. S., & Wetherall, D. (2011). Redes de computadores (5th ed.). Pearson Prentice Hall.',
      chicago:
        'Tanenbaum, Andrew S., and David Wetherall. 2011. Redes de computadores. 5th ed. São Paulo: Pearson Prentice Hall.',
      mla: 'Tanenbaum, Andrew S., and David Wetherall. Redes de computadores. 5th ed., Pearson Prentice Hall, 2011.',
    },
  },
  {
    kind: 'three authors, in English',
    source: 'demo-0306',
    expected: {
      abnt: 'GOODFELLOW, Ian; BENGIO, Yoshua; COURVILLE, Aaron. Deep learning. Cambridge, Mass.: MIT Press, 2016.',
      apa: 'Goodfellow, I., Bengio, Y., & Courville, A. (2016). Deep learning. MIT Press.',
      chicago:
        'Goodfellow, Ian, Yoshua Bengio, and Aaron Courville. 2016. Deep Learning. Cambridge, Mass.: MIT Press.',
      mla: 'Goodfellow, Ian, et al. Deep Learning. MIT P, 2016.',
    },
  },
  {
    kind: 'four authors and an English edition statement',
    source: 'demo-0294',
    expected: {
      abnt: 'CORMEN, Thomas H. et al. Introduction to algorithms. 3rd ed. Cambridge, Mass.: MIT Press, 2009.',
      apa: 'Cormen, T. H., Leiserson, C. E., Rivest, R. L., & Stein, C. (2009). Introduction to algorithms (3rd ed.). MIT Press.',
      chicago:
        'Cormen, Thomas H., Charles E. Leiserson, Ronald L. Rivest, and Clifford Stein. 2009. Introduction to Algorithms. 3rd ed. Cambridge, Mass.: MIT Press.',
      mla: 'Cormen, Thomas H., et al. Introduction to Algorithms. 3rd ed., MIT P, 2009.',
    },
  },
  {
    kind: 'a government body as corporate author',
    source: 'demo-0324',
    expected: {
      abnt: 'BRASIL. Ministério da Saúde. Secretaria de Vigilância em Saúde. Guia de vigilância epidemiológica. 7. ed. Brasília: Ministério da Saúde, 2009.',
      apa: 'Secretaria de Vigilância em Saúde. (2009). Guia de vigilância epidemiológica (7th ed.). Ministério da Saúde.',
      chicago:
        'Brasil. Ministério da Saúde. Secretaria de Vigilância em Saúde. 2009. Guia de vigilância epidemiológica. 7th ed. Brasília: Ministério da Saúde.',
      mla: 'Brasil, Ministério da Saúde, Secretaria de Vigilância em Saúde. Guia de vigilância epidemiológica. 7th ed., Ministério da Saúde, 2009.',
    },
  },
  {
    kind: 'a doctoral thesis',
    source: 'demo-0412',
    expected: {
      abnt: 'NASH, John F. Non-cooperative games. 1950. Tese (Doutorado) – Princeton University, Princeton, 1950.',
      apa: 'Nash, J. F. (1950). Non-cooperative games [Doctoral dissertation, Princeton University].',
      chicago: 'Nash, John F. 1950. “Non-Cooperative Games.” PhD diss., Princeton University.',
      mla: 'Nash, John F. Non-Cooperative Games. 1950. Princeton U, PhD dissertation.',
    },
  },
  {
    kind: "a master's thesis online",
    source: 'demo-0413',
    expected: {
      abnt: 'SHANNON, Claude Elwood. A symbolic analysis of relay and switching circuits. 1937. Dissertação (Mestrado) – Massachusetts Institute of Technology, Cambridge, Mass., 1937. Disponível em: https://dspace.mit.edu/handle/1721.1/11173. Acesso em: 5 mar. 2026.',
      apa: 'Shannon, C. E. (1937). A symbolic analysis of relay and switching circuits [Master’s thesis, Massachusetts Institute of Technology]. https://dspace.mit.edu/handle/1721.1/11173',
      chicago:
        'Shannon, Claude Elwood. 1937. “A Symbolic Analysis of Relay and Switching Circuits.” Master’s thesis, Massachusetts Institute of Technology. https://dspace.mit.edu/handle/1721.1/11173.',
      mla: 'Shannon, Claude Elwood. A Symbolic Analysis of Relay and Switching Circuits. 1937. Massachusetts Institute of Technology, Master’s thesis. dspace.mit.edu/handle/1721.1/11173.',
    },
  },
  {
    kind: 'an e-book',
    source: 'demo-0446',
    expected: {
      abnt: 'ASSIS, Machado de. Dom Casmurro. Rio de Janeiro: H. Garnier, 1899. E-book. Disponível em: https://www.gutenberg.org/ebooks/55752. Acesso em: 5 mar. 2026.',
      apa: 'Assis, M. de. (1899). Dom Casmurro. H. Garnier. https://www.gutenberg.org/ebooks/55752',
      chicago:
        'Assis, Machado de. 1899. Dom Casmurro. Rio de Janeiro: H. Garnier. https://www.gutenberg.org/ebooks/55752.',
      mla: 'Assis, Machado de. Dom Casmurro. H. Garnier, 1899, www.gutenberg.org/ebooks/55752.',
    },
  },
  {
    kind: 'a translation with two translators',
    source: 'demo-0236',
    expected: {
      abnt: 'ORWELL, George. 1984. Tradução: Alexandre Hubner, Heloisa Jahn. São Paulo: Companhia das Letras, 2009.',
      apa: 'Orwell, G. (2009). 1984 (A. Hubner & H. Jahn, Trans.). Companhia das Letras.',
      chicago:
        'Orwell, George. 2009. 1984. Translated by Alexandre Hubner and Heloisa Jahn. São Paulo: Companhia das Letras.',
      mla: 'Orwell, George. 1984. Translated by Alexandre Hubner and Heloisa Jahn, Companhia das Letras, 2009.',
    },
  },
  {
    kind: 'a journal article whose journal gives no place',
    source: 'demo-analitica-01',
    expected: {
      abnt: 'SHANNON, Claude Elwood. A mathematical theory of communication. Bell System Technical Journal, [S. l.], v. 27, n. 3, p. 379-423, July 1948.',
      apa: 'Shannon, C. E. (1948). A mathematical theory of communication. Bell System Technical Journal, 27(3), 379–423.',
      chicago:
        'Shannon, Claude Elwood. 1948. “A Mathematical Theory of Communication.” Bell System Technical Journal 27 (3): 379–423.',
      mla: 'Shannon, Claude Elwood. “A Mathematical Theory of Communication.” Bell System Technical Journal, vol. 27, no. 3, July 1948, pp. 379–423.',
    },
  },
  {
    kind: 'a journal article with abbreviated page numbers',
    source: 'demo-analitica-02',
    expected: {
      abnt: 'TURING, Alan Mathison. Computing machinery and intelligence. Mind, [S. l.], v. 59, n. 236, p. 433-460, Oct. 1950.',
      apa: 'Turing, A. M. (1950). Computing machinery and intelligence. Mind, 59(236), 433–460.',
      chicago: 'Turing, Alan Mathison. 1950. “Computing Machinery and Intelligence.” Mind 59 (236): 433–60.',
      mla: 'Turing, Alan Mathison. “Computing Machinery and Intelligence.” Mind, vol. 59, no. 236, Oct. 1950, pp. 433–60.',
    },
  },
  {
    kind: 'a journal article by two authors, with a subtitle',
    source: 'demo-analitica-03',
    expected: {
      abnt: 'WATSON, James D.; CRICK, Francis. Molecular structure of nucleic acids: a structure for deoxyribose nucleic acid. Nature, [S. l.], v. 171, n. 4356, p. 737-738, Apr. 1953.',
      apa: 'Watson, J. D., & Crick, F. (1953). Molecular structure of nucleic acids: A structure for deoxyribose nucleic acid. Nature, 171(4356), 737–738.',
      chicago:
        'Watson, James D., and Francis Crick. 1953. “Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid.” Nature 171 (4356): 737–38.',
      mla: 'Watson, James D., and Francis Crick. “Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid.” Nature, vol. 171, no. 4356, Apr. 1953, pp. 737–38.',
    },
  },
  {
    kind: 'a chapter in an edited book',
    source: 'demo-analitica-04',
    expected: {
      abnt: 'BENJAMIN, Walter. The work of art in the age of mechanical reproduction. In: ARENDT, Hannah (ed.). Illuminations. New York: Schocken Books, 1969. p. 217-251.',
      apa: 'Benjamin, W. (1969). The work of art in the age of mechanical reproduction. In H. Arendt (Ed.), Illuminations (pp. 217–251). Schocken Books.',
      chicago:
        'Benjamin, Walter. 1969. “The Work of Art in the Age of Mechanical Reproduction.” In Illuminations, edited by Hannah Arendt, 217–51. New York: Schocken Books.',
      mla: 'Benjamin, Walter. “The Work of Art in the Age of Mechanical Reproduction.” Illuminations, edited by Hannah Arendt, Schocken Books, 1969, pp. 217–51.',
    },
  },
  {
    kind: 'a book without date (PSU sample, romanised Yiddish)',
    source: 'psu-sample-catalog.mrc:3751196',
    expected: {
      abnt: 'LEVITT, Henry L. Saṭirishe, ṭragishe, ḳomishe shrifṭn. Philadelphia: Levitt Printing Co., [s. d.].',
      apa: 'Levitt, H. L. (n.d.). Saṭirishe, ṭragishe, ḳomishe shrifṭn. Levitt Printing.',
      chicago:
        'Levitt, Henry L. n.d. Saṭirishe, ṭragishe, ḳomishe shrifṭn. Philadelphia: Levitt Printing Co.',
      mla: 'Levitt, Henry L. Saṭirishe, ṭragishe, ḳomishe shrifṭn. Levitt Printing.',
    },
  },
  {
    kind: 'a Portuguese novel of another library (Koha sample)',
    source: 'koha-sample-bibs.xml:1733472',
    expected: {
      abnt: 'SARAMAGO, José. História do Cerco de Lisboa: romance. Lisboa: Caminho, 1989.',
      apa: 'Saramago, J. (1989). História do Cerco de Lisboa: Romance. Caminho.',
      chicago: 'Saramago, José. 1989. História do Cerco de Lisboa: Romance. Lisboa: Caminho.',
      mla: 'Saramago, José. História do Cerco de Lisboa: Romance. Caminho, 1989.',
    },
  },
];

describe('references of sixteen records, hand-checked against ABNT 2018, APA 7, Chicago 17 and MLA 9', () => {
  const records = new Map<string, MarcRecord>();
  beforeAll(async () => {
    const works = await loadDemoWorks();
    const analytics = await loadDemoAnalytics();
    for (const { source } of CASES) {
      const work = works.find((w) => w.id === source);
      const analytic = analytics.find((a) => a.id === source);
      if (work) records.set(source, demoWorkToMarc(work));
      else if (analytic) records.set(source, demoAnalyticToMarc(analytic));
      else {
        const [file, controlNumber] = source.split(':');
        records.set(source, sampleRecord(file!, controlNumber!));
      }
    }
  });

  it('covers the kinds of work a patron cites', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(15);
    const types = CASES.map(({ source }) => {
      const mapped = mapTitle(records.get(source)!);
      return 'error' in mapped ? 'error' : mapped.workType;
    });
    expect(new Set(types)).toEqual(new Set(['LIVRO', 'TESE', 'EBOOK', 'ARTIGO']));
  });

  describe.each(CASES)('$kind ($source)', ({ source, expected }) => {
    it.each(['abnt', 'apa', 'chicago', 'mla'] as const)('in %s', (style) => {
      const marc = records.get(source)!;
      const mapped = mapTitle(marc);
      if ('error' in mapped) throw new Error(mapped.error);
      expect(formatReference(mapped, style, { marc, accessed: ACCESSED }).text).toBe(expected[style]);
    });
  });
});
