import type { AuthorityType, DsiTopicKind } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

// SQL of the interest profile and of the dissemination run (decision 0052). Every profile query
// takes the patron's id: a patron only ever reaches their own items.

/** Authority types an author of the profile may be (the names of SPEC §3 authorities). */
export const AUTHOR_AUTHORITY_TYPES: AuthorityType[] = ['pessoa', 'instituicao', 'evento'];
/** Authority types a subject search offers (a person or a body as subject is added by its code). */
export const SUBJECT_AUTHORITY_TYPES: AuthorityType[] = [
  'assunto',
  'assunto_geografico',
  'genero_forma',
  'termo_cronologico',
  'titulo_uniforme',
];

/** Column of a label table in a language (`label_pt`, `name_en`…): only these three names exist. */
const labelColumn = (prefix: 'label' | 'name', language: ServerLanguage) => `${prefix}_${language}`;

// ---------------------------------------------------------------------------------------------
// What the forms offer

export async function listKnowledgeAreas(db: Queryable): Promise<{ id: number; name: string }[]> {
  return (
    await db.query<{ id: number; name: string }>('SELECT id, name FROM knowledge_area ORDER BY name, id')
  ).rows;
}

export async function listWorkTypes(
  db: Queryable,
  language: ServerLanguage,
): Promise<{ code: string; label: string }[]> {
  return (
    await db.query<{ code: string; label: string }>(
      `SELECT code, ${labelColumn('label', language)} AS label FROM work_type ORDER BY 2, 1`,
    )
  ).rows;
}

export async function listLanguages(
  db: Queryable,
  language: ServerLanguage,
): Promise<{ code: string; label: string }[]> {
  return (
    await db.query<{ code: string; label: string }>(
      `SELECT code, ${labelColumn('name', language)} AS label FROM language ORDER BY 2, 1`,
    )
  ).rows;
}

export async function listLibraries(db: Queryable): Promise<{ id: number; name: string }[]> {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM library ORDER BY name, id'))
    .rows;
}

/** How many of the given codes exist (libraries, languages, work types). */
export async function countExisting(
  db: Queryable,
  table: 'library' | 'language' | 'work_type' | 'knowledge_area',
  codes: readonly (number | string)[],
): Promise<number> {
  const column = table === 'language' || table === 'work_type' ? 'code' : 'id';
  const type = column === 'code' ? 'text[]' : 'int[]';
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT ${column})::int AS n FROM ${table} WHERE ${column} = ANY($1::${type})`,
    [codes],
  );
  return rows[0]!.n;
}

/** How many of the authority codes exist with one of the types (all types when null). */
export async function countAuthorities(
  db: Queryable,
  ids: readonly number[],
  types: AuthorityType[] | null,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT id)::int AS n FROM authority WHERE id = ANY($1::int[]) AND ($2::text[] IS NULL OR type = ANY($2::text[]))`,
    [ids, types],
  );
  return rows[0]!.n;
}

/** Knowledge areas whose name holds the words (accents and case aside), with their title counts. */
export async function searchKnowledgeAreas(
  db: Queryable,
  text: string,
  limit: number,
): Promise<{ id: number; label: string; titles: number }[]> {
  return (
    await db.query<{ id: number; label: string; titles: number }>(
      `SELECT k.id, k.name AS label, (SELECT count(*)::int FROM title t WHERE t.knowledge_area_id = k.id) AS titles
         FROM knowledge_area k
        WHERE public.f_norm(k.name) LIKE '%' || replace(replace(replace(public.f_norm($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        ORDER BY k.name, k.id LIMIT $2`,
      [text, limit],
    )
  ).rows;
}

/** Periodicals whose title or ISSN holds the text, held by one of the libraries when some are given. */
export async function searchPeriodicals(
  db: Queryable,
  text: string,
  libraryIds: number[],
  limit: number,
): Promise<{ id: number; title: string; issn: string | null; libraries: { id: number; name: string }[] }[]> {
  return (
    await db.query<{
      id: number;
      title: string;
      issn: string | null;
      libraries: { id: number; name: string }[];
    }>(
      `WITH held AS (
         SELECT title_id, library_id FROM serial_holding UNION SELECT title_id, library_id FROM copy
       )
       SELECT t.id, t.title, t.issn[1] AS issn,
              coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.name)
                          FROM library l WHERE l.id IN (SELECT library_id FROM held WHERE held.title_id = t.id)),
                       '[]'::json) AS libraries
         FROM title t
        WHERE t.work_type = 'PERIODICO'
          AND (t.title_norm LIKE '%' || replace(replace(replace(public.f_norm($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
               OR replace($1, '-', '') = ANY(SELECT replace(i, '-', '') FROM unnest(t.issn) i))
          AND (cardinality($2::int[]) = 0
               OR EXISTS (SELECT 1 FROM held WHERE held.title_id = t.id AND held.library_id = ANY($2::int[])))
        ORDER BY t.title_norm, t.id LIMIT $3`,
      [text, libraryIds, limit],
    )
  ).rows;
}

/** Which of the ids are periodicals of the catalogue. */
export async function periodicalIds(db: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM title WHERE id = ANY($1::int[]) AND work_type = 'PERIODICO'`,
    [ids],
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Areas, authors and subjects

export interface TopicRow {
  id: number;
  kind: DsiTopicKind;
  knowledge_area_id: number | null;
  authority_id: number | null;
  label: string;
  valid_until: string;
}

export async function listTopics(db: Queryable, patronId: number): Promise<TopicRow[]> {
  return (
    await db.query<TopicRow>(
      `SELECT t.id, t.kind, t.knowledge_area_id, t.authority_id, coalesce(k.name, a.heading) AS label,
              t.valid_until::text AS valid_until
         FROM interest_topic t
         LEFT JOIN knowledge_area k ON k.id = t.knowledge_area_id
         LEFT JOIN authority a ON a.id = t.authority_id
        WHERE t.patron_id = $1
        ORDER BY array_position(ARRAY['area', 'autor', 'assunto'], t.kind), 5, t.id`,
      [patronId],
    )
  ).rows;
}

/** Adds areas or authorities to the profile; ones already there take the new validity. */
export async function upsertTopics(
  db: Queryable,
  values: { patronId: number; kind: DsiTopicKind; ids: number[]; validUntil: string; at: Date },
): Promise<void> {
  if (values.kind === 'area') {
    await db.query(
      `INSERT INTO interest_topic (patron_id, kind, knowledge_area_id, valid_until, created_at)
       SELECT $1, 'area', id, $3::date, $4 FROM unnest($2::int[]) AS u(id)
       ON CONFLICT (patron_id, knowledge_area_id) WHERE kind = 'area' DO UPDATE SET valid_until = excluded.valid_until`,
      [values.patronId, values.ids, values.validUntil, values.at.toISOString()],
    );
    return;
  }
  await db.query(
    `INSERT INTO interest_topic (patron_id, kind, authority_id, valid_until, created_at)
     SELECT $1, $5, id, $3::date, $4 FROM unnest($2::int[]) AS u(id)
     ON CONFLICT (patron_id, kind, authority_id) WHERE kind <> 'area' DO UPDATE SET valid_until = excluded.valid_until`,
    [values.patronId, values.ids, values.validUntil, values.at.toISOString(), values.kind],
  );
}

/** Deletes one of the patron's items of that kind (and area, when given); false when there is none. */
export async function deleteTopic(
  db: Queryable,
  patronId: number,
  item: { id: number; kind: DsiTopicKind; areaId: number | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM interest_topic WHERE id = $1 AND patron_id = $2 AND kind = $3
        AND ($4::int IS NULL OR knowledge_area_id = $4) RETURNING id`,
    [item.id, patronId, item.kind, item.areaId],
  );
  return rows.length > 0;
}

export async function setTopicsValidity(
  db: Queryable,
  patronId: number,
  kind: DsiTopicKind | null,
  validUntil: string,
): Promise<void> {
  await db.query(
    `UPDATE interest_topic SET valid_until = $3::date WHERE patron_id = $1 AND ($2::text IS NULL OR kind = $2)`,
    [patronId, kind, validUntil],
  );
}

// ---------------------------------------------------------------------------------------------
// Periodicals

export interface PeriodicalRow {
  id: number;
  title_id: number;
  title: string;
  issn: string | null;
  valid_until: string;
  issues: boolean;
  articles: boolean;
  contents: boolean;
  libraries: { id: number; name: string }[];
}

export async function listPeriodicals(db: Queryable, patronId: number): Promise<PeriodicalRow[]> {
  return (
    await db.query<PeriodicalRow>(
      `SELECT p.id, p.title_id, t.title, t.issn[1] AS issn, p.valid_until::text AS valid_until,
              p.issues, p.articles, p.contents,
              coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.name)
                          FROM library l WHERE l.id = ANY(p.library_ids)), '[]'::json) AS libraries
         FROM interest_periodical p JOIN title t ON t.id = p.title_id
        WHERE p.patron_id = $1 ORDER BY t.title_norm, p.id`,
      [patronId],
    )
  ).rows;
}

export interface PeriodicalValues {
  validUntil: string;
  issues: boolean;
  articles: boolean;
  contents: boolean;
  libraryIds: number[];
}

export async function upsertPeriodical(
  db: Queryable,
  patronId: number,
  titleId: number,
  values: PeriodicalValues,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO interest_periodical (patron_id, title_id, valid_until, issues, articles, contents, library_ids, created_at)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7::int[], $8)
     ON CONFLICT (patron_id, title_id) DO UPDATE SET valid_until = excluded.valid_until, issues = excluded.issues,
       articles = excluded.articles, contents = excluded.contents, library_ids = excluded.library_ids`,
    [
      patronId,
      titleId,
      values.validUntil,
      values.issues,
      values.articles,
      values.contents,
      values.libraryIds,
      at.toISOString(),
    ],
  );
}

export async function updatePeriodical(
  db: Queryable,
  patronId: number,
  id: number,
  values: PeriodicalValues,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE interest_periodical SET valid_until = $3::date, issues = $4, articles = $5, contents = $6,
            library_ids = $7::int[]
      WHERE id = $1 AND patron_id = $2 RETURNING id`,
    [id, patronId, values.validUntil, values.issues, values.articles, values.contents, values.libraryIds],
  );
  return rows.length > 0;
}

export async function deleteOwn(
  db: Queryable,
  table: 'interest_periodical' | 'interest_work_type',
  patronId: number,
  id: number,
): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM ${table} WHERE id = $1 AND patron_id = $2 RETURNING id`, [
    id,
    patronId,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Work types

export interface WorkTypeRow {
  id: number;
  work_type: string;
  label: string;
  valid_until: string;
  libraries: { id: number; name: string }[];
  languages: { code: string; label: string }[];
}

export async function listWorkTypeItems(
  db: Queryable,
  patronId: number,
  language: ServerLanguage,
): Promise<WorkTypeRow[]> {
  return (
    await db.query<WorkTypeRow>(
      `SELECT w.id, w.work_type, wt.${labelColumn('label', language)} AS label, w.valid_until::text AS valid_until,
              coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.name)
                          FROM library l WHERE l.id = ANY(w.library_ids)), '[]'::json) AS libraries,
              coalesce((SELECT json_agg(json_build_object('code', g.code, 'label', g.${labelColumn('name', language)})
                                        ORDER BY g.${labelColumn('name', language)})
                          FROM language g WHERE g.code = ANY(w.languages)), '[]'::json) AS languages
         FROM interest_work_type w JOIN work_type wt ON wt.code = w.work_type
        WHERE w.patron_id = $1 ORDER BY 3, w.id`,
      [patronId],
    )
  ).rows;
}

export interface WorkTypeValues {
  validUntil: string;
  libraryIds: number[];
  languages: string[];
}

export async function upsertWorkType(
  db: Queryable,
  patronId: number,
  workType: string,
  values: WorkTypeValues,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO interest_work_type (patron_id, work_type, valid_until, library_ids, languages, created_at)
     VALUES ($1, $2, $3::date, $4::int[], $5::text[], $6)
     ON CONFLICT (patron_id, work_type) DO UPDATE SET valid_until = excluded.valid_until,
       library_ids = excluded.library_ids, languages = excluded.languages`,
    [patronId, workType, values.validUntil, values.libraryIds, values.languages, at.toISOString()],
  );
}

export async function updateWorkType(
  db: Queryable,
  patronId: number,
  id: number,
  values: WorkTypeValues,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE interest_work_type SET valid_until = $3::date, library_ids = $4::int[], languages = $5::text[]
      WHERE id = $1 AND patron_id = $2 RETURNING id`,
    [id, patronId, values.validUntil, values.libraryIds, values.languages],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Matching

/** One title matched by one item of a patron's profile; the reason in the three languages. */
export interface TitleMatchRow {
  patron_id: number;
  title_id: number;
  title: string;
  reason_kind: 'area' | 'autor' | 'assunto' | 'tipo_obra';
  reason_pt: string;
  reason_en: string;
  reason_es: string;
}

/**
 * Titles matching the valid items (valid_until on or after `today`) of every profile, or of one
 * patron's: those catalogued in the window (from, to] when it is given, else any. Knowledge areas
 * match the title's area; authors and subjects the authorities linked to it as author or subject;
 * work types the title's type, with a copy in one of the libraries and in one of the languages
 * when the item names some.
 */
export async function findTitleMatches(
  db: Queryable,
  options: { today: string; window?: { from: string; to: string }; patronId?: number; limitTitles?: number },
): Promise<TitleMatchRow[]> {
  const { rows } = await db.query<TitleMatchRow>(
    `WITH t AS (
       SELECT id, title, work_type, knowledge_area_id, language, languages, created_at FROM title
        WHERE ($2::timestamptz IS NULL OR (created_at > $2::timestamptz AND created_at <= $3::timestamptz))
     ),
     m AS (
       SELECT it.patron_id, t.id AS title_id, t.title, t.created_at, 'area' AS reason_kind,
              k.name AS reason_pt, k.name AS reason_en, k.name AS reason_es
         FROM interest_topic it JOIN t ON t.knowledge_area_id = it.knowledge_area_id
         JOIN knowledge_area k ON k.id = it.knowledge_area_id
        WHERE it.kind = 'area' AND it.valid_until >= $1::date AND ($4::int IS NULL OR it.patron_id = $4)
       UNION ALL
       SELECT it.patron_id, t.id, t.title, t.created_at, it.kind, a.heading, a.heading, a.heading
         FROM interest_topic it
         JOIN title_authority ta ON ta.authority_id = it.authority_id
                                AND ta.role = CASE it.kind WHEN 'autor' THEN 'author' ELSE 'subject' END
         JOIN t ON t.id = ta.title_id
         JOIN authority a ON a.id = it.authority_id
        WHERE it.kind <> 'area' AND it.valid_until >= $1::date AND ($4::int IS NULL OR it.patron_id = $4)
       UNION ALL
       SELECT w.patron_id, t.id, t.title, t.created_at, 'tipo_obra', wt.label_pt, wt.label_en, wt.label_es
         FROM interest_work_type w JOIN t ON t.work_type = w.work_type
         JOIN work_type wt ON wt.code = w.work_type
        WHERE w.valid_until >= $1::date AND ($4::int IS NULL OR w.patron_id = $4)
          AND (cardinality(w.languages) = 0 OR t.languages && w.languages OR t.language = ANY(w.languages))
          AND (cardinality(w.library_ids) = 0
               OR EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.library_id = ANY(w.library_ids)))
     ),
     chosen AS (
       SELECT title_id FROM m GROUP BY title_id ORDER BY max(created_at) DESC, title_id DESC LIMIT $5
     )
     SELECT DISTINCT m.patron_id, m.title_id, m.title, m.reason_kind, m.reason_pt, m.reason_en, m.reason_es
       FROM m JOIN chosen USING (title_id)
      ORDER BY m.patron_id, m.title_id DESC, m.reason_kind, m.reason_pt`,
    [
      options.today,
      options.window?.from ?? null,
      options.window?.to ?? null,
      options.patronId ?? null,
      options.limitTitles ?? null,
    ],
  );
  return rows;
}

/** One new issue of a periodical matched by a patron's profile. */
export interface IssueMatchRow {
  patron_id: number;
  title_id: number;
  title: string;
  issue_key: string;
  year: number;
  volume: string | null;
  number: string | null;
}

/**
 * Issues recorded in the window (from, to] of the periodicals in valid profiles, in the item's
 * libraries: told when the patron asked for new issues, or for articles and the issue lists some,
 * or for contents and the issue has its sections.
 */
export async function findIssueMatches(
  db: Queryable,
  options: { today: string; window: { from: string; to: string } },
): Promise<IssueMatchRow[]> {
  const { rows } = await db.query<IssueMatchRow>(
    `SELECT p.patron_id, h.title_id, t.title, h.id || ':' || i.seq AS issue_key, i.year, i.volume, i.number
       FROM serial_issue i
       JOIN serial_holding h ON h.id = i.holding_id
       JOIN interest_periodical p ON p.title_id = h.title_id
       JOIN title t ON t.id = h.title_id
      WHERE i.created_at > $2::timestamptz AND i.created_at <= $3::timestamptz AND p.valid_until >= $1::date
        AND (cardinality(p.library_ids) = 0 OR h.library_id = ANY(p.library_ids))
        AND (p.issues
             OR (p.articles AND EXISTS (SELECT 1 FROM serial_article sa
                                         WHERE sa.holding_id = i.holding_id AND sa.issue_seq = i.seq))
             OR (p.contents AND EXISTS (SELECT 1 FROM serial_section ss
                                         WHERE ss.holding_id = i.holding_id AND ss.issue_seq = i.seq)))
      ORDER BY p.patron_id, h.title_id, i.year, i.seq`,
    [options.today, options.window.from, options.window.to],
  );
  return rows;
}

/** The run's mark, locked until the transaction ends (a second run waits), and the database's now. */
export async function lockRunMark(db: Queryable, key: string): Promise<{ last: string; now: string }> {
  await db.query(
    `INSERT INTO institution_setting (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING`,
    [key],
  );
  const { rows } = await db.query<{ last: string; now: string }>(
    `SELECT (value #>> '{}') AS last, now()::text AS now FROM institution_setting WHERE key = $1 FOR UPDATE`,
    [key],
  );
  return rows[0]!;
}

export async function writeRunMark(db: Queryable, key: string, at: string): Promise<void> {
  await db.query(`UPDATE institution_setting SET value = to_jsonb($2::timestamptz) WHERE key = $1`, [
    key,
    at,
  ]);
}

/** Records a match; answers its id, or null when this patron was already told of it. */
export async function insertMatch(
  db: Queryable,
  values: {
    patronId: number;
    titleId: number;
    issueKey: string;
    reasons: string[];
    label: string;
    at: Date;
    mail: 'pending' | 'none';
  },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO interest_match (patron_id, title_id, issue_key, reasons, label, matched_at, mail)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7)
     ON CONFLICT (patron_id, title_id, issue_key) DO NOTHING RETURNING id`,
    [
      values.patronId,
      values.titleId,
      values.issueKey,
      values.reasons,
      values.label,
      values.at.toISOString(),
      values.mail,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function setMatchAlert(db: Queryable, matchId: number, alertId: number): Promise<void> {
  await db.query('UPDATE interest_match SET alert_id = $2 WHERE id = $1', [matchId, alertId]);
}

/** The patron's language, name, address and e-mail choice. */
export async function findPatronMailing(
  db: Queryable,
  patronId: number,
): Promise<{ name: string; email: string | null; receivesEmail: boolean; language: ServerLanguage } | null> {
  const { rows } = await db.query<{
    name: string;
    email: string | null;
    receivesEmail: boolean;
    language: ServerLanguage;
  }>(
    `SELECT name, email, receives_email AS "receivesEmail", mail_language AS language FROM patron WHERE id = $1`,
    [patronId],
  );
  return rows[0] ?? null;
}

/** Patrons with matches waiting for their digest. */
export async function patronsWithPendingMail(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ patron_id: number }>(
    `SELECT DISTINCT patron_id FROM interest_match WHERE mail = 'pending' ORDER BY patron_id`,
  );
  return rows.map((r) => r.patron_id);
}

/**
 * Claims the patron's pending matches for one digest (mail = sending), in its own transaction
 * before the SMTP server is talked to: a run that dies while sending leaves them claimed, and no
 * later run sends them again.
 */
export async function claimPendingMail(
  db: Queryable,
  patronId: number,
  at: Date,
): Promise<{ id: number; title_id: number; label: string; reasons: string[] }[]> {
  const { rows } = await db.query<{ id: number; title_id: number; label: string; reasons: string[] }>(
    `UPDATE interest_match SET mail = 'sending', mail_at = $2
      WHERE patron_id = $1 AND mail = 'pending'
      RETURNING id, title_id, label, reasons`,
    [patronId, at.toISOString()],
  );
  return rows
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.id - b.id);
}

/** After the digest: sent, or back to pending when the SMTP server refused it (the next run retries). */
export async function settleMail(
  db: Queryable,
  ids: number[],
  outcome: 'sent' | 'pending' | 'none',
  at: Date,
): Promise<void> {
  await db.query(`UPDATE interest_match SET mail = $2, mail_at = $3 WHERE id = ANY($1::bigint[])`, [
    ids,
    outcome,
    at.toISOString(),
  ]);
}

/** What a line of the matching titles shows. */
export async function titleSummaries(
  db: Queryable,
  ids: number[],
  language: ServerLanguage,
): Promise<{ id: number; title: string; author: string | null; year: number | null; work_type: string }[]> {
  return (
    await db.query<{
      id: number;
      title: string;
      author: string | null;
      year: number | null;
      work_type: string;
    }>(
      `SELECT t.id, t.title, t.main_author AS author, t.year, coalesce(wt.${labelColumn('label', language)}, t.work_type) AS work_type
         FROM title t LEFT JOIN work_type wt ON wt.code = t.work_type
        WHERE t.id = ANY($1::int[])`,
      [ids],
    )
  ).rows;
}
