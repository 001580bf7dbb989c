import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { OpeningHoursRow } from './presenters.ts';

/** All institution settings as one key → value object. */
export async function readSettings(db: Queryable): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM institution_setting',
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Stores one institution setting (value as JSON). */
export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO institution_setting (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}

/** Stores one institution setting unless it is there already (the first of two writers at once wins). */
export async function writeSettingIfAbsent(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO institution_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`,
    [key, JSON.stringify(value)],
  );
}

/** Enabled activities with their description in the language. */
export async function listActivities(db: Queryable, language: ServerLanguage) {
  const { rows } = await db.query<{ code: number; description: string }>(
    `SELECT code, CASE $1::text WHEN 'en' THEN description_en WHEN 'es' THEN description_es ELSE description_pt END AS description
       FROM activity WHERE enabled ORDER BY code`,
    [language],
  );
  return rows;
}

/** An enabled activity with its description and information text in the language (pt when untranslated); null when off or unknown. */
export async function findActivity(db: Queryable, code: number, language: ServerLanguage) {
  const { rows } = await db.query<{ code: number; description: string; information: string | null }>(
    `SELECT code, CASE $2::text WHEN 'en' THEN description_en WHEN 'es' THEN description_es ELSE description_pt END AS description,
            ${localised('information', '$2')} AS information
       FROM activity WHERE code = $1 AND enabled`,
    [code, language],
  );
  return rows[0] ?? null;
}

/** Writes (or with null removes) an activity's information text in a language; false when there is no such activity. */
export async function writeActivityInformation(
  db: Queryable,
  code: number,
  language: ContentLanguage,
  html: string | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE activity SET information_${language} = $2 WHERE code = $1 RETURNING code`,
    [code, html],
  );
  return rows.length > 0;
}

/** Turns an activity on or off. */
export async function setActivity(db: Queryable, code: number, enabled: boolean): Promise<boolean> {
  const { rows } = await db.query('UPDATE activity SET enabled = $2 WHERE code = $1 RETURNING code', [
    code,
    enabled,
  ]);
  return rows.length > 0;
}

export async function listCampuses(db: Queryable) {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM campus ORDER BY name')).rows;
}

export async function listLibraries(db: Queryable, campusId?: number) {
  return (
    await db.query<{ id: number; name: string; campus_id: number }>(
      `SELECT id, name, campus_id FROM library WHERE ($1::int IS NULL OR campus_id = $1) ORDER BY name`,
      [campusId ?? null],
    )
  ).rows;
}

/** SQL picking the text of the caller's language with pt as the fallback (`col` is a column stem). */
function localised(column: string, languageParam: string): string {
  return `COALESCE(CASE ${languageParam}::text WHEN 'en' THEN ${column}_en WHEN 'es' THEN ${column}_es END, ${column}_pt)`;
}

/** Languages an institution text is written in (pt required, en/es optional translations). */
export type ContentLanguage = ServerLanguage;

/** One institution page (home section or general information) in a language; null when unset. */
export async function readPage(
  db: Queryable,
  key: string,
  language: ServerLanguage,
): Promise<{ title: string; body: string } | null> {
  const { rows } = await db.query<{ title: string; body: string }>(
    `SELECT ${localised('title', '$2')} AS title, ${localised('body', '$2')} AS body
       FROM institution_page WHERE key = $1`,
    [key, language],
  );
  return rows[0] ?? null;
}

/** Writes one institution page in a language; en/es need the pt text first (returns false when it is missing). */
export async function writePage(
  db: Queryable,
  key: string,
  language: ContentLanguage,
  page: { title: string; body: string },
): Promise<boolean> {
  if (language === 'pt') {
    await db.query(
      `INSERT INTO institution_page (key, title_pt, body_pt) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET title_pt = excluded.title_pt, body_pt = excluded.body_pt, updated_at = now()`,
      [key, page.title, page.body],
    );
    return true;
  }
  const { rows } = await db.query(
    `UPDATE institution_page SET title_${language} = $2, body_${language} = $3, updated_at = now()
      WHERE key = $1 RETURNING key`,
    [key, page.title, page.body],
  );
  return rows.length > 0;
}

/** Removes an institution page (all languages); false when there was none. */
export async function deletePage(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM institution_page WHERE key = $1 RETURNING key', [key]);
  return rows.length > 0;
}

/** The FAQ in the caller's language, in order. */
export async function listFaq(db: Queryable, language: ServerLanguage) {
  return (
    await db.query<{ id: number; question: string; answer: string }>(
      `SELECT id, ${localised('question', '$1')} AS question, ${localised('answer', '$1')} AS answer
         FROM faq_entry ORDER BY position, id`,
      [language],
    )
  ).rows;
}

/** Adds a FAQ entry (pt text) at the end, or at a given position; run it in a transaction; returns its id. */
export async function addFaq(
  db: Queryable,
  entry: { question: string; answer: string; position?: number },
): Promise<number> {
  // Making room at a given position moves the entries from there on one place down.
  if (entry.position !== undefined) {
    await db.query('UPDATE faq_entry SET position = position + 1 WHERE position >= $1', [entry.position]);
  }
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO faq_entry (position, question_pt, answer_pt)
     VALUES (COALESCE($1::int, (SELECT COALESCE(max(position), 0) + 1 FROM faq_entry)), $2, $3) RETURNING id`,
    [entry.position ?? null, entry.question, entry.answer],
  );
  return rows[0]!.id;
}

/** Writes a FAQ entry's text in a language; false when there is no such entry. */
export async function writeFaqText(
  db: Queryable,
  id: number,
  language: ContentLanguage,
  text: { question: string; answer: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE faq_entry SET question_${language} = $2, answer_${language} = $3 WHERE id = $1 RETURNING id`,
    [id, text.question, text.answer],
  );
  return rows.length > 0;
}

/** Removes a FAQ entry; false when there was none. */
export async function deleteFaq(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM faq_entry WHERE id = $1 RETURNING id', [id])).rows.length > 0;
}

/** Each library of each campus (or of one campus) with its open intervals, weekday and time ordered. */
export async function listOpeningHours(db: Queryable, campusId?: number) {
  return (
    await db.query<OpeningHoursRow>(
      `SELECT c.id AS campus_id, c.name AS campus_name, l.id AS library_id, l.name AS library_name,
              h.weekday::int AS weekday, to_char(h.opens, 'HH24:MI') AS opens, to_char(h.closes, 'HH24:MI') AS closes
         FROM campus c
         JOIN library l ON l.campus_id = c.id
         LEFT JOIN opening_hours h ON h.library_id = l.id
        WHERE ($1::int IS NULL OR c.id = $1)
        ORDER BY c.name, l.name, h.weekday, h.opens`,
      [campusId ?? null],
    )
  ).rows;
}

/** Whether a campus exists. */
export async function campusExists(db: Queryable, campusId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM campus WHERE id = $1', [campusId])).rows.length > 0;
}

/** A library by its code (the staff-facing short code, e.g. BC). */
export async function findLibraryByCode(db: Queryable, code: string) {
  return (
    await db.query<{ id: number; name: string; campus_id: number }>(
      'SELECT id, name, campus_id FROM library WHERE upper(code) = upper($1)',
      [code],
    )
  ).rows[0];
}

/** A library by id, with its campus. */
export async function findLibrary(db: Queryable, id: number) {
  return (
    await db.query<{ id: number; campus_id: number }>('SELECT id, campus_id FROM library WHERE id = $1', [id])
  ).rows[0];
}

/** Replaces a library's intervals on one weekday (an empty list closes the day); run it in a transaction. */
export async function replaceOpeningHours(
  tx: Queryable,
  libraryId: number,
  weekday: number,
  intervals: { opens: string; closes: string }[],
): Promise<void> {
  await tx.query('DELETE FROM opening_hours WHERE library_id = $1 AND weekday = $2', [libraryId, weekday]);
  for (const interval of intervals) {
    await tx.query(
      'INSERT INTO opening_hours (library_id, weekday, opens, closes) VALUES ($1, $2, $3::time, $4::time)',
      [libraryId, weekday, interval.opens, interval.closes],
    );
  }
}

/** Kinds of events: the institutional ones and the events calendar. */
export type EventKind = 'institucional' | 'eventum';

/** Events of a kind that have not ended by `from` and start before `to` (when given), in start order. */
export async function listEvents(
  db: Queryable,
  options: { kind: EventKind; language: ServerLanguage; from: Date; to?: Date; limit?: number },
) {
  return (
    await db.query<{
      id: number;
      title: string;
      description: string | null;
      starts_at: Date;
      ends_at: Date | null;
      location: string | null;
      link: string | null;
    }>(
      `SELECT id, ${localised('title', '$2')} AS title, ${localised('description', '$2')} AS description,
              starts_at, ends_at, location, link
         FROM institution_event
        WHERE kind = $1 AND COALESCE(ends_at, starts_at) >= $3::timestamptz
          AND ($4::timestamptz IS NULL OR starts_at < $4::timestamptz)
        ORDER BY starts_at, id
        LIMIT $5`,
      [options.kind, options.language, options.from, options.to ?? null, options.limit ?? 200],
    )
  ).rows;
}

/** Adds an event (pt texts); returns its id. */
export async function addEvent(
  db: Queryable,
  event: {
    kind: EventKind;
    title: string;
    description?: string | null;
    startsAt: Date;
    endsAt?: Date | null;
    location?: string | null;
    link?: string | null;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO institution_event (kind, title_pt, description_pt, starts_at, ends_at, location, link)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      event.kind,
      event.title,
      event.description ?? null,
      event.startsAt,
      event.endsAt ?? null,
      event.location ?? null,
      event.link ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Writes an event's title and description in a language; false when there is no such event. */
export async function writeEventText(
  db: Queryable,
  id: number,
  language: ContentLanguage,
  text: { title: string; description?: string | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE institution_event SET title_${language} = $2, description_${language} = $3 WHERE id = $1 RETURNING id`,
    [id, text.title, text.description ?? null],
  );
  return rows.length > 0;
}

/** Removes an event; false when there was none. */
export async function deleteEvent(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM institution_event WHERE id = $1 RETURNING id', [id])).rows.length > 0;
}

/** The patron a user token's subject names (the patron id as text), when that patron exists. */
export async function findPatronId(db: Queryable, subject: string): Promise<number | null> {
  if (!/^[0-9]{1,9}$/.test(subject)) return null;
  const { rows } = await db.query<{ id: number }>('SELECT id FROM patron WHERE id = $1', [Number(subject)]);
  return rows[0]?.id ?? null;
}

/** Locks a patron's row so two sends of the same patron are counted one after the other. */
export async function lockPatron(tx: Queryable, patronId: number): Promise<void> {
  await tx.query('SELECT id FROM patron WHERE id = $1 FOR UPDATE', [patronId]);
}

/** How many comments a patron sent since a moment. */
export async function countCommentsSince(tx: Queryable, patronId: number, since: Date): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM library_comment WHERE patron_id = $1 AND created_at > $2',
    [patronId, since],
  );
  return rows[0]?.n ?? 0;
}

/** Stores a general comment, pending approval. */
export async function insertComment(
  tx: Queryable,
  comment: { patronId: number; libraryId: number; content: string; createdAt: Date },
): Promise<{ id: number; created_at: Date }> {
  const { rows } = await tx.query<{ id: number; created_at: Date }>(
    `INSERT INTO library_comment (patron_id, library_id, content, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id::int AS id, created_at`,
    [comment.patronId, comment.libraryId, comment.content, comment.createdAt],
  );
  return rows[0]!;
}

/** Stores a purchase suggestion as a pre-suggestion, with that first step of its history (decision 0050). */
export async function insertSuggestion(
  db: Queryable,
  suggestion: {
    patronId: number;
    campusId: number;
    libraryId: number;
    author: string | null;
    title: string;
    edition: string | null;
    publisher: string;
    isbnIssn: string | null;
    /** The ISBN-13 or ISSN as the catalogue keeps it, to match imported records. */
    matchKey: string | null;
    isPeriodical: boolean;
    otherInfo: string | null;
    createdAt: Date;
  },
): Promise<{ id: number; created_at: Date }> {
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    `WITH saved AS (
       INSERT INTO purchase_suggestion
         (patron_id, campus_id, library_id, author, title, edition, publisher, isbn_issn, is_periodical, other_info,
          created_at, match_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING id, status, created_at
     ), history AS (
       INSERT INTO purchase_suggestion_event (suggestion_id, status, at) SELECT id, status, created_at FROM saved
     )
     SELECT id::int AS id, created_at FROM saved`,
    [
      suggestion.patronId,
      suggestion.campusId,
      suggestion.libraryId,
      suggestion.author,
      suggestion.title,
      suggestion.edition,
      suggestion.publisher,
      suggestion.isbnIssn,
      suggestion.isPeriodical,
      suggestion.otherInfo,
      suggestion.createdAt,
      suggestion.matchKey,
    ],
  );
  return rows[0]!;
}

/** A FAQ entry with every language's text, as the staff editor reads it. */
export interface EditableFaqRow {
  id: number;
  position: number;
  question_pt: string;
  answer_pt: string;
  question_en: string | null;
  answer_en: string | null;
  question_es: string | null;
  answer_es: string | null;
}

const FAQ_COLUMNS = 'id, position, question_pt, answer_pt, question_en, answer_en, question_es, answer_es';

/** The whole FAQ in its order, every language. */
export async function listFaqForEditing(db: Queryable): Promise<EditableFaqRow[]> {
  return (await db.query<EditableFaqRow>(`SELECT ${FAQ_COLUMNS} FROM faq_entry ORDER BY position, id`)).rows;
}

/** One FAQ entry, locked until the transaction ends (two editors of one entry wait for each other). */
export async function lockFaqEntry(tx: Queryable, id: number): Promise<EditableFaqRow | null> {
  const { rows } = await tx.query<EditableFaqRow>(
    `SELECT ${FAQ_COLUMNS} FROM faq_entry WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Texts of a FAQ entry in every language (en and es null when untranslated). */
export interface FaqTexts {
  pt: { question: string; answer: string };
  en: { question: string; answer: string } | null;
  es: { question: string; answer: string } | null;
}

/**
 * Rewrites a FAQ entry's texts in every language, and moves it to `position` when given (the
 * entries from there on move one place down); run it in a transaction. Returns the entry.
 */
export async function rewriteFaq(
  tx: Queryable,
  id: number,
  entry: { position?: number; texts: FaqTexts },
): Promise<EditableFaqRow> {
  if (entry.position !== undefined) {
    await tx.query('UPDATE faq_entry SET position = position + 1 WHERE position >= $1 AND id <> $2', [
      entry.position,
      id,
    ]);
  }
  const { texts } = entry;
  const { rows } = await tx.query<EditableFaqRow>(
    `UPDATE faq_entry
        SET position = COALESCE($2::int, position),
            question_pt = $3, answer_pt = $4, question_en = $5, answer_en = $6, question_es = $7, answer_es = $8
      WHERE id = $1 RETURNING ${FAQ_COLUMNS}`,
    [
      id,
      entry.position ?? null,
      texts.pt.question,
      texts.pt.answer,
      texts.en?.question ?? null,
      texts.en?.answer ?? null,
      texts.es?.question ?? null,
      texts.es?.answer ?? null,
    ],
  );
  return rows[0]!;
}

/** An institution page with every language's text, as the staff editor reads it. */
export interface EditablePageRow {
  key: string;
  title_pt: string;
  body_pt: string;
  title_en: string | null;
  body_en: string | null;
  title_es: string | null;
  body_es: string | null;
}

const PAGE_COLUMNS = 'key, title_pt, body_pt, title_en, body_en, title_es, body_es';

/** Every written institution page, every language. */
export async function listPagesForEditing(db: Queryable): Promise<EditablePageRow[]> {
  return (await db.query<EditablePageRow>(`SELECT ${PAGE_COLUMNS} FROM institution_page`)).rows;
}

/** One page, locked until the transaction ends; null while it is not written. */
export async function lockPage(tx: Queryable, key: string): Promise<EditablePageRow | null> {
  const { rows } = await tx.query<EditablePageRow>(
    `SELECT ${PAGE_COLUMNS} FROM institution_page WHERE key = $1 FOR UPDATE`,
    [key],
  );
  return rows[0] ?? null;
}

/** Writes a page in every language at once (en/es null: untranslated); returns it. */
export async function rewritePage(
  tx: Queryable,
  key: string,
  texts: Record<ContentLanguage, { title: string; body: string } | null> & {
    pt: { title: string; body: string };
  },
): Promise<EditablePageRow> {
  const { rows } = await tx.query<EditablePageRow>(
    `INSERT INTO institution_page (key, title_pt, body_pt, title_en, body_en, title_es, body_es)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key) DO UPDATE SET title_pt = excluded.title_pt, body_pt = excluded.body_pt,
       title_en = excluded.title_en, body_en = excluded.body_en, title_es = excluded.title_es,
       body_es = excluded.body_es, updated_at = now()
     RETURNING ${PAGE_COLUMNS}`,
    [
      key,
      texts.pt.title,
      texts.pt.body,
      texts.en?.title ?? null,
      texts.en?.body ?? null,
      texts.es?.title ?? null,
      texts.es?.body ?? null,
    ],
  );
  return rows[0]!;
}

/** Every activity, on or off, with its description in the language, by code. */
export async function listAllActivities(db: Queryable, language: ServerLanguage) {
  const { rows } = await db.query<{ code: number; description: string; enabled: boolean }>(
    `SELECT code, CASE $1::text WHEN 'en' THEN description_en WHEN 'es' THEN description_es ELSE description_pt END AS description,
            enabled
       FROM activity ORDER BY code`,
    [language],
  );
  return rows;
}

/** One activity's state, locked until the transaction ends; null when there is no such activity. */
export async function lockActivity(tx: Queryable, code: number): Promise<{ enabled: boolean } | null> {
  const { rows } = await tx.query<{ enabled: boolean }>(
    'SELECT enabled FROM activity WHERE code = $1 FOR UPDATE',
    [code],
  );
  return rows[0] ?? null;
}

// Opening hours and events edited in the staff workspace (decision 0065).

/** One open interval as the hours editor reads it. */
export interface EditableHoursRow {
  id: number;
  library_id: number;
  library_name: string;
  weekday: number;
  opens: string;
  closes: string;
}

const HOURS_COLUMNS = `h.id, h.library_id, l.name AS library_name, h.weekday::int AS weekday,
  to_char(h.opens, 'HH24:MI') AS opens, to_char(h.closes, 'HH24:MI') AS closes`;

/** Every open interval, by library name, weekday and time. */
export async function listHoursForEditing(db: Queryable): Promise<EditableHoursRow[]> {
  return (
    await db.query<EditableHoursRow>(
      `SELECT ${HOURS_COLUMNS} FROM opening_hours h JOIN library l ON l.id = h.library_id
        ORDER BY l.name, h.weekday, h.opens, h.id`,
    )
  ).rows;
}

/** Every library, by name (the hours editor's choices). */
export async function listLibraryNames(db: Queryable) {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM library ORDER BY name, id'))
    .rows;
}

/** One interval, locked for the rest of the transaction. */
export async function lockHoursEntry(tx: Queryable, id: number): Promise<EditableHoursRow | null> {
  return (
    (
      await tx.query<EditableHoursRow>(
        `SELECT ${HOURS_COLUMNS} FROM opening_hours h JOIN library l ON l.id = h.library_id
          WHERE h.id = $1 FOR UPDATE OF h`,
        [id],
      )
    ).rows[0] ?? null
  );
}

/**
 * Locks a library's row (so two editors adding hours to it queue) and says whether another interval
 * of it on the weekday overlaps opens–closes.
 */
export async function hoursOverlap(
  tx: Queryable,
  interval: { libraryId: number; weekday: number; opens: string; closes: string; exceptId: number | null },
): Promise<boolean | null> {
  const library = await tx.query('SELECT id FROM library WHERE id = $1 FOR UPDATE', [interval.libraryId]);
  if (library.rows.length === 0) return null;
  const { rows } = await tx.query(
    `SELECT 1 FROM opening_hours
      WHERE library_id = $1 AND weekday = $2 AND ($5::int IS NULL OR id <> $5)
        AND opens < $4::time AND closes > $3::time`,
    [interval.libraryId, interval.weekday, interval.opens, interval.closes, interval.exceptId],
  );
  return rows.length > 0;
}

/** Writes an interval (a new one when id is null); returns it as the editor reads it. */
export async function writeHoursEntry(
  tx: Queryable,
  id: number | null,
  interval: { libraryId: number; weekday: number; opens: string; closes: string },
): Promise<EditableHoursRow> {
  const values = [interval.libraryId, interval.weekday, interval.opens, interval.closes];
  const written =
    id === null
      ? await tx.query<{ id: number }>(
          'INSERT INTO opening_hours (library_id, weekday, opens, closes) VALUES ($1, $2, $3::time, $4::time) RETURNING id',
          values,
        )
      : await tx.query<{ id: number }>(
          `UPDATE opening_hours SET library_id = $1, weekday = $2, opens = $3::time, closes = $4::time
            WHERE id = $5 RETURNING id`,
          [...values, id],
        );
  return (await lockHoursEntry(tx, written.rows[0]!.id))!;
}

/** Removes an interval. */
export async function deleteHoursEntry(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM opening_hours WHERE id = $1', [id]);
}

/** An event with every language, as the events editor reads it. */
export interface EditableEventRow {
  id: number;
  kind: EventKind;
  starts_at: Date;
  ends_at: Date | null;
  location: string | null;
  link: string | null;
  title_pt: string;
  title_en: string | null;
  title_es: string | null;
  description_pt: string | null;
  description_en: string | null;
  description_es: string | null;
}

const EVENT_COLUMNS = `id, kind, starts_at, ends_at, location, link, title_pt, title_en, title_es,
  description_pt, description_en, description_es`;

/** Every event, past ones too, newest start first. */
export async function listEventsForEditing(db: Queryable): Promise<EditableEventRow[]> {
  return (
    await db.query<EditableEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM institution_event ORDER BY starts_at DESC, id DESC LIMIT 1000`,
    )
  ).rows;
}

/** One event, locked for the rest of the transaction. */
export async function lockEvent(tx: Queryable, id: number): Promise<EditableEventRow | null> {
  return (
    (
      await tx.query<EditableEventRow>(
        `SELECT ${EVENT_COLUMNS} FROM institution_event WHERE id = $1 FOR UPDATE`,
        [id],
      )
    ).rows[0] ?? null
  );
}

/** An event's every field as the editor writes it. */
export interface EventFields {
  kind: EventKind;
  startsAt: Date;
  endsAt: Date | null;
  location: string | null;
  link: string | null;
  texts: Record<ContentLanguage, { title: string; description: string | null } | null> & {
    pt: { title: string; description: string | null };
  };
}

/** Writes an event (a new one when id is null); returns it. */
export async function writeEvent(
  tx: Queryable,
  id: number | null,
  event: EventFields,
): Promise<EditableEventRow> {
  const values = [
    event.kind,
    event.startsAt,
    event.endsAt,
    event.location,
    event.link,
    event.texts.pt.title,
    event.texts.en?.title ?? null,
    event.texts.es?.title ?? null,
    event.texts.pt.description,
    event.texts.en?.description ?? null,
    event.texts.es?.description ?? null,
  ];
  const { rows } =
    id === null
      ? await tx.query<EditableEventRow>(
          `INSERT INTO institution_event (kind, starts_at, ends_at, location, link, title_pt, title_en, title_es,
                                          description_pt, description_en, description_es)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${EVENT_COLUMNS}`,
          values,
        )
      : await tx.query<EditableEventRow>(
          `UPDATE institution_event SET kind = $1, starts_at = $2, ends_at = $3, location = $4, link = $5,
                  title_pt = $6, title_en = $7, title_es = $8,
                  description_pt = $9, description_en = $10, description_es = $11
            WHERE id = $12 RETURNING ${EVENT_COLUMNS}`,
          [...values, id],
        );
  return rows[0]!;
}

/** One setting's value, locked for the rest of the transaction; undefined when it was never set. */
export async function lockSetting(tx: Queryable, key: string): Promise<unknown> {
  const { rows } = await tx.query<{ value: unknown }>(
    'SELECT value FROM institution_setting WHERE key = $1 FOR UPDATE',
    [key],
  );
  return rows.length === 0 ? undefined : rows[0]!.value;
}

/** The patron categories by code, in the language. */
export async function listCategories(db: Queryable, language: ServerLanguage) {
  return (
    await db.query<{ code: string; label: string }>(
      `SELECT code, CASE $1::text WHEN 'en' THEN label_en WHEN 'es' THEN label_es ELSE label_pt END AS label
         FROM patron_category ORDER BY code`,
      [language],
    )
  ).rows;
}

/** A module's category permissions, by category and activity (locked when `lock`). */
export async function listCategoryPermissions(
  db: Queryable,
  module: number,
  lock = false,
): Promise<{ category: string; activity: number }[]> {
  return (
    await db.query<{ category: string; activity: number }>(
      `SELECT category_code AS category, activity_code AS activity FROM category_permission
        WHERE module_code = $1 ORDER BY category_code, activity_code${lock ? ' FOR UPDATE' : ''}`,
      [module],
    )
  ).rows;
}

/** Whether every category and every activity named exists. */
export async function permissionsExist(
  tx: Queryable,
  categories: string[],
  activities: number[],
): Promise<boolean> {
  const { rows } = await tx.query<{ categories: number; activities: number }>(
    `SELECT (SELECT count(*)::int FROM patron_category WHERE code = ANY($1::text[])) AS categories,
            (SELECT count(*)::int FROM activity WHERE code = ANY($2::int[])) AS activities`,
    [categories, activities],
  );
  return rows[0]!.categories === categories.length && rows[0]!.activities === activities.length;
}

/** Replaces a module's category permissions with the pairs given. */
export async function replaceCategoryPermissions(
  tx: Queryable,
  module: number,
  pairs: { category: string; activity: number }[],
): Promise<void> {
  await tx.query('DELETE FROM category_permission WHERE module_code = $1', [module]);
  await tx.query(
    `INSERT INTO category_permission (category_code, module_code, activity_code)
     SELECT c, $1, a FROM unnest($2::text[], $3::int[]) AS p(c, a)`,
    [module, pairs.map((p) => p.category), pairs.map((p) => p.activity)],
  );
}
