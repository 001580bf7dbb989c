import type { ClosedStackCopy, CopyStatus, KardexIssue, Summary, SummaryEntry } from '@estante/contract';
import type { ContentsCompleteness, ContentsNote } from '@estante/marc';
import type { ClosedStackCopyRow } from './closed-stacks.ts';
import type { IssueRow, SectionRow } from './serials-repository.ts';

/** An issue row → the wire issue (fascículo). */
export function presentIssue(row: IssueRow): KardexIssue {
  return {
    cod_par: row.holding_id,
    seq_par: row.seq,
    cod_biblioteca: row.library_id,
    desc_biblioteca: row.library_name,
    ano: row.year,
    volume: row.volume,
    numero: row.number,
    periodo: row.period,
    data_publicacao: row.published_on,
    data_recebimento: row.received_on,
    possui_sumario: row.has_contents,
  };
}

/** An issue's sections → the wire sections of /kardex/{id}/item. */
export function presentSections(sections: SectionRow[]) {
  return sections.map((section) => ({
    seq_sec: section.seq,
    nome: section.name,
    artigos: section.articles.map((a) => ({
      seq: a.seq,
      titulo: a.title,
      autores: a.authors,
      paginas: a.pages,
    })),
  }));
}

const SITUATION: Record<ContentsCompleteness, NonNullable<Summary['situacao']>> = {
  complete: 'completo',
  incomplete: 'incompleto',
  partial: 'parcial',
};

/** A 505 contents note of a book → one table of contents. */
export function presentContentsNote(note: ContentsNote): Summary {
  return {
    fasciculo: null,
    situacao: note.completeness ? SITUATION[note.completeness] : null,
    secoes: [
      {
        nome: null,
        itens: note.items.map((item): SummaryEntry => ({
          ordem: item.order,
          titulo: item.title,
          responsabilidade: item.responsibility,
          complemento: item.extra,
        })),
      },
    ],
  };
}

/** An issue with its sections → one table of contents of a periodical. */
export function presentIssueContents(issue: IssueRow, sections: SectionRow[]): Summary {
  return {
    fasciculo: presentIssue(issue),
    situacao: null,
    secoes: sections.map((section) => ({
      nome: section.name,
      itens: section.articles.map((a): SummaryEntry => ({
        ordem: null,
        titulo: a.title,
        responsabilidade: a.authors,
        complemento: a.pages,
      })),
    })),
  };
}

/** A closed-stack copy row → the wire copy of /acervo/{id}/dados-armazem. */
export function presentClosedStackCopy(row: ClosedStackCopyRow): ClosedStackCopy {
  return {
    cod_exemplar: row.id,
    cod_acervo: row.title_id,
    cod_biblioteca: row.library_id,
    desc_biblioteca: row.library_name,
    numero: row.number,
    volume: row.volume,
    tomo: row.tome,
    parte: row.part,
    localizacao: row.location,
    situacao: row.status as CopyStatus,
    solicitavel: row.is_requestable,
  };
}
