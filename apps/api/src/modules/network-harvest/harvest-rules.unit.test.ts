import { describe, expect, it } from 'vitest';
import { mapTitle } from '@estante/marc';
import { dublinCoreToMarc, workTypeOf } from './dublin-core.ts';
import { retryDelayMs } from './http.ts';
import { nextFrom, NotAnOaiAnswer, readOaiAnswer } from './oai-xml.ts';

// Decision 0067: the harvester's pure rules. The harvest itself is tested against real servers
// in harvest.test.ts.

const OAI = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-11-20T10:15:42Z</responseDate><request>http://x/oai</request>${body}</OAI-PMH>`;

describe('reading OAI-PMH answers', () => {
  it('reads a MARCXML record whole: a leading-zero control number, blank indicators, character references', () => {
    const answer = readOaiAnswer(
      OAI(`<ListRecords><record><header><identifier>oai:x:7</identifier><datestamp>2026-01-02T03:04:05Z</datestamp></header>
        <metadata><marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:leader>00000nam a2200000 a 4500</marc:leader>
        <marc:controlfield tag="001">00012</marc:controlfield>
        <marc:datafield tag="245" ind1="1" ind2=" "><marc:subfield code="a">Mem&#243;rias &amp; cr&#xF4;nicas</marc:subfield></marc:datafield>
        </marc:record></metadata></record>
        <record><header status="deleted"><identifier>oai:x:8</identifier><datestamp>2026-01-02</datestamp></header></record>
        <resumptionToken cursor="0" completeListSize="9">next-page</resumptionToken></ListRecords>`),
    );
    expect(answer.resumptionToken).toBe('next-page');
    expect(answer.items).toEqual([
      {
        identifier: 'oai:x:7',
        datestamp: '2026-01-02T03:04:05Z',
        isDeleted: false,
        metadata: {
          format: 'marc21',
          record: {
            leader: '00000nam a2200000 a 4500',
            fields: [
              { tag: '001', value: '00012' },
              { tag: '245', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'Memórias & crônicas' }] },
            ],
          },
        },
      },
      { identifier: 'oai:x:8', datestamp: '2026-01-02', isDeleted: true },
    ]);
  });

  it('reads protocol errors and the granularity of Identify, and refuses what is not OAI-PMH', () => {
    expect(readOaiAnswer(OAI('<error code="badResumptionToken">expired</error>')).errors).toEqual([
      { code: 'badResumptionToken', message: 'expired' },
    ]);
    expect(readOaiAnswer(OAI('<Identify><granularity>YYYY-MM-DD</granularity></Identify>')).granularity).toBe(
      'YYYY-MM-DD',
    );
    expect(() => readOaiAnswer('<html><body>Service unavailable</body></html>')).toThrow(NotAnOaiAnswer);
  });

  it('sends back the responseDate in the repository granularity as the next from', () => {
    expect(nextFrom('2026-11-20T10:15:42Z', 'YYYY-MM-DDThh:mm:ssZ')).toBe('2026-11-20T10:15:42Z');
    expect(nextFrom('2026-11-20T10:15:42.123Z', 'YYYY-MM-DDThh:mm:ssZ')).toBe('2026-11-20T10:15:42Z');
    expect(nextFrom('2026-11-20T10:15:42Z', 'YYYY-MM-DD')).toBe('2026-11-20');
    expect(nextFrom('yesterday', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('an oai_dc record as a network title', () => {
  it('keeps title, creators, subjects, the year of issue, links, ISBN and language', () => {
    const marc = dublinCoreToMarc(
      {
        title: ['Arquitetura rural pomerana'],
        creator: ['Krüger, Helena'],
        contributor: ['Silva, Ana'],
        subject: ['Arquitetura rural', 'Imigração'],
        // DSpace: accessioned and available dates first, the date of issue last.
        date: ['2024-09-23T15:47:18Z', '2019'],
        identifier: [
          'http://repo.example/handle/1/2',
          'doi:10.1234/abc.5',
          '978-85-7192-993-7',
          'A citation',
        ],
        language: ['pt_BR'],
        type: ['Livro'],
      },
      { identifier: 'oai:repo.example:1/2' },
    );
    if ('error' in marc) throw new Error(marc.error);
    const mapped = mapTitle(marc);
    if ('error' in mapped) throw new Error(mapped.error);
    expect(mapped).toMatchObject({
      controlNumber: 'oai:repo.example:1/2',
      title: 'Arquitetura rural pomerana',
      year: 2019,
      language: 'por',
      isbn: ['9788571929937'],
      workType: 'LIVRO',
    });
    expect(mapped.authors.map((a) => a.name)).toEqual(['Krüger, Helena', 'Silva, Ana']);
    expect(mapped.subjects.map((s) => s.term)).toEqual(['Arquitetura rural', 'Imigração']);
    expect(mapped.onlineLinks.map((l) => l.url)).toEqual([
      'http://repo.example/handle/1/2',
      'https://doi.org/10.1234/abc.5',
    ]);
  });

  it('refuses a record without a title', () => {
    expect(dublinCoreToMarc({ creator: ['Santos, Paulo'] }, { identifier: 'oai:x:1' })).toEqual({
      error: 'no title (dc:title)',
    });
  });

  it('takes the most specific work type its dc:type words give, and a dissertation note as a thesis', () => {
    expect(workTypeOf(['Text', 'Tese (doutorado)'])).toBe('TESE');
    expect(workTypeOf(['info:eu-repo/semantics/article'])).toBe('ARTIGO');
    expect(workTypeOf(['Text'], ['Dissertação (mestrado) - Universidade Federal'])).toBe('TESE');
    expect(workTypeOf(['Image'])).toBe('IMAGEM');
    expect(workTypeOf([])).toBe('OUTRO');
  });
});

describe('waiting before asking a repository again', () => {
  const policy = { baseDelayMs: 2_000, maxDelayMs: 120_000 };
  const now = new Date('2026-11-20T10:00:00Z');
  it('honours Retry-After in seconds or as a date, and doubles the wait otherwise, never past the maximum', () => {
    expect(retryDelayMs(0, '30', policy, now)).toBe(30_000);
    expect(retryDelayMs(0, 'Fri, 20 Nov 2026 10:00:45 GMT', policy, now)).toBe(45_000);
    expect(retryDelayMs(0, '86400', policy, now)).toBe(120_000);
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt, null, policy, now))).toEqual([
      2_000, 4_000, 8_000,
    ]);
    expect(retryDelayMs(10, null, policy, now)).toBe(120_000);
  });
});
