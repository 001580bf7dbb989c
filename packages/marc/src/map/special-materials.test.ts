import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import type { MarcField, MarcRecord } from '../types.ts';
import { buildRecord } from '../views/build-record.ts';
import { mapTitle, type MappedTitle } from './map-title.ts';
import { parseActDesignation } from './special-materials.ts';
import { dataField } from '../testing/fields.ts';

function titleOf(record: MarcRecord): MappedTitle {
  const mapped = mapTitle(record);
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped;
}

const field = dataField;

/** A law as a Brazilian cataloguer enters it: under the jurisdiction, with its designation as uniform title. */
function copyrightLaw(extra: MarcField[] = []): MarcRecord {
  return buildRecord({
    controlNumber: 'lei-9610',
    title: 'Lei n. 9.610, de 19 de fevereiro de 1998',
    subtitle: 'altera, atualiza e consolida a legislação sobre direitos autorais e dá outras providências',
    statementOfResponsibility: 'Brasil',
    year: 1998,
    language: 'por',
    subjects: ['Direitos autorais -- Brasil'],
    fields: [field('110', '1 ', ['a', 'Brasil.']), ...extra],
  });
}

describe('normative acts', () => {
  it('reads kind, number, date and issuer of a law entered under its jurisdiction', () => {
    const law = titleOf(copyrightLaw());
    expect(law.workType).toBe('ATO_NORMATIVO');
    expect(law.normativeAct).toEqual({
      kind: 'LEI',
      number: '9.610',
      date: '1998-02-19',
      year: 1998,
      issuer: 'Brasil',
      jurisdiction: 'Brasil',
    });
    expect(law.caseLaw).toBeNull();
  });

  it('takes the issuing body from the subordinate unit, and the kind from the genre when the title names none', () => {
    const ordinance = titleOf(
      buildRecord({
        controlNumber: 'mec-1',
        title: 'Normas para o credenciamento de bibliotecas universitárias',
        year: 2019,
        fields: [
          field('110', '1 ', ['a', 'Brasil.'], ['b', 'Ministério da Educação.']),
          field('655', ' 4', ['a', 'Portarias.']),
        ],
      }),
    );
    expect(ordinance.workType).toBe('ATO_NORMATIVO');
    expect(ordinance.normativeAct).toMatchObject({
      kind: 'PORTARIA',
      number: null,
      year: 2019,
      issuer: 'Brasil. Ministério da Educação',
    });
  });

  it('leaves a book about a law a book: the law is its subject, not its own title', () => {
    const commentary = titleOf(
      buildRecord({
        controlNumber: 'comentarios',
        title: 'Lei n. 9.610, de 19 de fevereiro de 1998 comentada',
        authors: [{ name: 'Bittar, Carlos Alberto' }],
        year: 2005,
        subjects: ['Direitos autorais -- Brasil'],
      }),
    );
    expect(commentary.workType).toBe('LIVRO');
    expect(commentary.normativeAct).toBeNull();
  });

  it('keeps an online law an act (the e-book tab finds it by its online access)', () => {
    const online = titleOf(
      buildRecord({
        controlNumber: 'lei-online',
        workType: 'EBOOK',
        title: 'Lei n. 13.709, de 14 de agosto de 2018',
        year: 2018,
        onlineLinks: [{ url: 'https://www.planalto.gov.br/ccivil_03/_ato2015-2018/2018/lei/l13709.htm' }],
        fields: [field('110', '1 ', ['a', 'Brasil.']), field('655', ' 4', ['a', 'Legislação.'])],
      }),
    );
    expect(online.workType).toBe('ATO_NORMATIVO');
    expect(online.onlineLinks).toHaveLength(1);
    expect(online.normativeAct).toMatchObject({ kind: 'LEI', number: '13.709', date: '2018-08-14' });
  });

  it('reads the designations cataloguers write', () => {
    expect(parseActDesignation('Decreto-lei n. 5.452, de 1º de maio de 1943')).toEqual({
      kind: 'DECRETO_LEI',
      number: '5.452',
      date: '1943-05-01',
      year: 1943,
    });
    expect(parseActDesignation('Lei complementar nº 101, de 4 de maio de 2000')).toMatchObject({
      kind: 'LEI_COMPLEMENTAR',
      number: '101',
    });
    expect(parseActDesignation('Medida provisória n. 2.200-2, de 24 de agosto de 2001')).toMatchObject({
      kind: 'MEDIDA_PROVISORIA',
      number: '2.200-2',
      date: '2001-08-24',
    });
    expect(parseActDesignation('Constituição (1988)')).toEqual({
      kind: 'CONSTITUICAO',
      number: null,
      date: null,
      year: 1988,
    });
    expect(parseActDesignation('Resolução CNE/CES n. 7, de 18 de dezembro de 2018')).toMatchObject({
      kind: 'RESOLUCAO',
      number: '7',
      date: '2018-12-18',
    });
    expect(parseActDesignation('Portaria normativa n. 40, de 12 de dezembro de 2007')).toMatchObject({
      kind: 'PORTARIA',
      number: '40',
    });
    expect(parseActDesignation('Emenda constitucional n. 45, de 30 de dezembro de 2004')?.kind).toBe(
      'EMENDA_CONSTITUCIONAL',
    );
    // An impossible date is no date.
    expect(parseActDesignation('Lei n. 1, de 31 de fevereiro de 1999')?.date).toBeNull();
    expect(parseActDesignation('Decreto de 12 de maio de 1890')).toEqual({
      kind: 'DECRETO',
      number: null,
      date: '1890-05-12',
      year: 1890,
    });
    expect(parseActDesignation('Leis e decretos do Império')).toBeNull();
    expect(parseActDesignation('Dom Casmurro')).toBeNull();
  });

  it('finds the resolutions and the constitution among real records (UVA sample)', () => {
    const resolution = titleOf(sampleRecord('solrmarc-uva-2000.mrc', 'u1106'));
    expect(resolution.workType).toBe('ATO_NORMATIVO');
    expect(resolution.normativeAct).toMatchObject({
      kind: 'RESOLUCAO',
      year: 1865,
      issuer: 'North Carolina. General Assembly',
      jurisdiction: 'North Carolina',
    });
    const constitution = titleOf(sampleRecord('solrmarc-uva-2000.mrc', 'u1178'));
    expect(constitution.normativeAct).toMatchObject({ kind: 'CONSTITUICAO', year: 1921 });
  });
});

describe('case law', () => {
  const decision = () =>
    buildRecord({
      controlNumber: 'adi-4277',
      title: 'Ação direta de inconstitucionalidade n. 4.277',
      subtitle: 'união estável entre pessoas do mesmo sexo',
      year: 2011,
      authors: [{ name: 'Britto, Carlos Ayres', role: 'relator' }],
      fields: [
        field('110', '1 ', ['a', 'Brasil.'], ['b', 'Supremo Tribunal Federal.']),
        field('033', '0 ', ['a', '20110505']),
        field('655', ' 4', ['a', 'Jurisprudência.']),
      ],
    });

  it('reads court, decision kind, case number, rapporteur and judgment date', () => {
    // buildRecord makes the first author the 100; a decision has the rapporteur as an added entry.
    const record = decision();
    record.fields = record.fields.map((f) => (f.tag === '100' ? { ...f, tag: '700' } : f));
    const adi = titleOf(record);
    expect(adi.workType).toBe('JURISPRUDENCIA');
    expect(adi.caseLaw).toEqual({
      court: 'Supremo Tribunal Federal',
      decisionKind: 'Ação direta de inconstitucionalidade',
      caseNumber: '4.277',
      rapporteur: 'Britto, Carlos Ayres',
      date: '2011-05-05',
      year: 2011,
    });
    expect(adi.normativeAct).toBeNull();
  });

  it('takes the judgment date from a note when there is no 033', () => {
    const record = decision();
    record.fields = record.fields
      .filter((f) => f.tag !== '033')
      .concat(field('500', '  ', ['a', 'Julgado em 5 de maio de 2011.']));
    expect(titleOf(record).caseLaw).toMatchObject({ date: '2011-05-05', year: 2011 });
  });

  it('needs the genre: a court report is not a decision', () => {
    const report = titleOf(
      buildRecord({
        controlNumber: 'relatorio',
        title: 'Relatório de atividades 2022',
        year: 2023,
        fields: [field('110', '1 ', ['a', 'Brasil.'], ['b', 'Supremo Tribunal Federal.'])],
      }),
    );
    expect(report.caseLaw).toBeNull();
    expect(report.workType).toBe('LIVRO');
  });
});

describe('archival material', () => {
  it('reads the fonds and the inclusive dates of a manuscript collection (PSU sample)', () => {
    const papers = titleOf(sampleRecord('psu-sample-catalog.mrc', '1845059'));
    expect(papers.workType).toBe('MATERIAL_MISTO');
    expect(papers.archive).toEqual({
      fonds: 'Allison-Shelley manuscript collection',
      series: null,
      level: null,
      startYear: 1851,
      endYear: 1897,
    });
  });

  it('reads series and level of an item under archival control, and dates from 245 $f', () => {
    const record = buildRecord({
      controlNumber: 'carta-1',
      workType: 'MANUSCRITO',
      title: 'Carta a Joaquim Nabuco',
      series: 'Série Correspondência ativa',
      fields: [field('351', '  ', ['c', 'Item.']), field('773', '0 ', ['t', 'Arquivo Machado de Assis'])],
    });
    // Inclusive dates of the correspondence in 245 $f; leader/08 a: archival control.
    record.fields = record.fields.map((f) =>
      f.tag === '245' ? field('245', '00', ['a', 'Carta a Joaquim Nabuco,'], ['f', '1904-1906.']) : f,
    );
    record.leader = `${record.leader.slice(0, 8)}a${record.leader.slice(9)}`;
    expect(titleOf(record).archive).toEqual({
      fonds: 'Arquivo Machado de Assis',
      series: 'Série Correspondência ativa',
      level: 'Item',
      startYear: 1904,
      endYear: 1906,
    });
  });

  it('takes its own title as the fonds when the record describes a whole fonds', () => {
    const record = buildRecord({
      controlNumber: 'fundo-1',
      workType: 'MATERIAL_MISTO',
      title: 'Arquivo Machado de Assis',
      year: 1860,
      fields: [field('351', '  ', ['c', 'Fundo'])],
    });
    expect(titleOf(record).archive).toMatchObject({ fonds: 'Arquivo Machado de Assis', level: 'Fundo' });
  });

  it('leaves printed books out', () => {
    expect(titleOf(copyrightLaw()).archive).toBeNull();
    expect(
      titleOf(buildRecord({ controlNumber: 'b', title: 'Dom Casmurro', year: 1899 })).archive,
    ).toBeNull();
  });
});
