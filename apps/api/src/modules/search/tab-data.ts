import type { MappedTitle } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';

/**
 * Stores what the normative-acts, jurisprudence and archive tabs search by (migration 0013), from
 * the mapped record; a title that is no longer such material loses its row.
 */
export async function saveTabData(
  tx: Queryable,
  titleId: number,
  mapped: Pick<MappedTitle, 'normativeAct' | 'caseLaw' | 'archive'>,
  isNew: boolean,
): Promise<void> {
  if (!isNew) {
    // One statement: a re-import may move a title in or out of any of the three tabs.
    await tx.query(
      `WITH a AS (DELETE FROM title_normative_act WHERE title_id = $1),
            b AS (DELETE FROM title_case_law WHERE title_id = $1)
       DELETE FROM title_archive WHERE title_id = $1`,
      [titleId],
    );
  }
  const act = mapped.normativeAct;
  if (act) {
    await tx.query(
      `INSERT INTO title_normative_act (title_id, kind, number, signed_on, year, issuer, jurisdiction)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7)`,
      [titleId, act.kind, act.number, act.date, act.year, act.issuer, act.jurisdiction],
    );
  }
  const decision = mapped.caseLaw;
  if (decision) {
    await tx.query(
      `INSERT INTO title_case_law (title_id, court, decision_kind, case_number, rapporteur, judged_on, year)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7)`,
      [
        titleId,
        decision.court,
        decision.decisionKind,
        decision.caseNumber,
        decision.rapporteur,
        decision.date,
        decision.year,
      ],
    );
  }
  const archive = mapped.archive;
  if (archive) {
    await tx.query(
      `INSERT INTO title_archive (title_id, fonds, series, level, start_year, end_year)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [titleId, archive.fonds, archive.series, archive.level, archive.startYear, archive.endYear],
    );
  }
}
