import {
  TITLE_TAB_CODES,
  TITLE_TAB_SEGMENTS,
  type TitlePermissions,
  type TitleTabSegment,
} from '@estante/contract';
import { contentsNotes, type MarcRecord } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';

/** What decides which sub-tabs a title shows. */
export interface TitleTabFacts {
  workType: string;
  copies: number;
  hasClosedStackCopies: boolean;
  hasIssueContents: boolean;
  /** The institution's switches for the kardex (32) and statistics (74) tabs (SPEC §6 activities). */
  isKardexOn: boolean;
  isStatisticsOn: boolean;
  marc: unknown;
}

/** The facts of one title, or null when there is no such title. */
export async function findTitleTabFacts(db: Queryable, titleId: number): Promise<TitleTabFacts | null> {
  const { rows } = await db.query<{
    work_type: string;
    copies: number;
    has_closed_stack_copies: boolean;
    has_issue_contents: boolean;
    is_kardex_on: boolean;
    is_statistics_on: boolean;
    marc: unknown;
  }>(
    `SELECT t.work_type, t.marc,
            (SELECT count(*)::int FROM copy c WHERE c.title_id = t.id) AS copies,
            EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.is_closed_stacks) AS has_closed_stack_copies,
            EXISTS (SELECT 1 FROM serial_article a JOIN serial_holding h ON h.id = a.holding_id
                     WHERE h.title_id = t.id) AS has_issue_contents,
            coalesce((SELECT enabled FROM activity WHERE code = $2), false) AS is_kardex_on,
            coalesce((SELECT enabled FROM activity WHERE code = $3), false) AS is_statistics_on
       FROM title t WHERE t.id = $1`,
    [titleId, TITLE_TAB_CODES['colecao-kardex'], TITLE_TAB_CODES['dados-estatisticos']],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    workType: row.work_type,
    copies: row.copies,
    hasClosedStackCopies: row.has_closed_stack_copies,
    hasIssueContents: row.has_issue_contents,
    isKardexOn: row.is_kardex_on,
    isStatisticsOn: row.is_statistics_on,
    marc: row.marc,
  };
}

/** A periodical is the one kind of title with serial holdings. */
export const isPeriodical = (workType: string) => workType === 'PERIODICO';

/** Whether the kardex tab (32) is offered: periodicals only, when the institution has it on. */
export function isKardexAllowed(facts: TitleTabFacts): boolean {
  return facts.isKardexOn && isPeriodical(facts.workType);
}

/** Which tab a title shows; the data, reference, MARC, copies and Dublin Core tabs always are. */
export function isTabAllowed(segment: TitleTabSegment, facts: TitleTabFacts): boolean {
  switch (segment) {
    case 'referencia':
    case 'marc':
    case 'exemplares':
    case 'dublin-core':
      return true;
    // Holds and loan requests need a copy to act on; circulation adds its own rules on top.
    case 'reserva':
    case 'solicitacao-emprestimo':
      return facts.copies > 0;
    case 'colecao-kardex':
      return isKardexAllowed(facts);
    case 'sumarios':
      return isPeriodical(facts.workType) && facts.hasIssueContents;
    case 'sumarios-livros':
      return !isPeriodical(facts.workType) && contentsNotes(facts.marc as MarcRecord).length > 0;
    // Loans are counted for titles with copies (an online-only title is never lent).
    case 'dados-estatisticos':
      return facts.isStatisticsOn && facts.copies > 0;
    case 'acervo-fechado':
      return facts.hasClosedStackCopies;
  }
}

/** SPEC §7 GET /acervo/{id}/permissoes: every sub-tab, with its code and whether the title shows it. */
export function presentPermissions(titleId: number, facts: TitleTabFacts): TitlePermissions {
  return {
    cod_acervo: titleId,
    abas: TITLE_TAB_SEGMENTS.map((aba) => ({
      aba,
      codigo: TITLE_TAB_CODES[aba],
      permitida: isTabAllowed(aba, facts),
    })),
  };
}
