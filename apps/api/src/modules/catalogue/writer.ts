import { COPY_STATUSES } from '@estante/contract';
import type { MappedAuthority, MappedHoldings, MappedTitle, MarcRecord } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import { stemConfigFor } from '../search/index.ts';

type AuthorityKind = MappedTitle['subjects'][number]['kind'] | MappedTitle['authors'][number]['kind'];

/** Our authority type for a heading kind of a bibliographic record (SPEC §3 authority types). */
const AUTHORITY_TYPE: Record<AuthorityKind, string> = {
  person: 'pessoa',
  corporate: 'instituicao',
  meeting: 'evento',
  uniform_title: 'titulo_uniforme',
  topical: 'assunto',
  geographic: 'assunto_geografico',
  genre_form: 'genero_forma',
  chronological: 'termo_cronologico',
};

/** Where copies without a library code of their own are shelved. */
export interface WriteOptions {
  sourceFormat: 'marc21' | 'marcxml';
  /** Library code used for copies whose record names none. */
  defaultLibraryCode?: string;
  /** Date the title entered the collection (new acquisitions). */
  acquiredOn?: string | null;
  knowledgeArea?: string | null;
}

const STATUSES = new Set<string>(COPY_STATUSES);

/** Holdings status text → our copy status (unknown statuses count as on the shelf). */
function normaliseStatus(status: string | null): string {
  return status && STATUSES.has(status) ? status : 'disponivel';
}

/**
 * Splits items into consecutive groups in which no key repeats, keeping their order. One multi-row
 * `INSERT … ON CONFLICT DO UPDATE` may not touch a row twice; written group after group, a record
 * repeated in a batch ends as it would written alone, one after the other.
 */
export function groupsWithoutRepeats<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups: T[][] = [];
  let seen = new Set<string>();
  let group: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) {
      groups.push(group);
      group = [];
      seen = new Set();
    }
    seen.add(k);
    group.push(item);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Library ids by code, creating the libraries the records name that are not set up yet (one statement per new code). */
async function libraryIds(tx: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes)];
  const ids = new Map<string, number>();
  if (wanted.length === 0) return ids;
  const found = await tx.query<{ id: number; code: string }>(
    'SELECT id, code FROM library WHERE code = ANY($1::text[])',
    [wanted],
  );
  for (const row of found.rows) ids.set(row.code, row.id);
  for (const code of wanted.filter((c) => !ids.has(c))) {
    // A library named in imported holdings but not set up yet: create it in the first campus
    // (or a new one) so no copy is lost; staff can rename it later.
    const { rows } = await tx.query<{ id: number }>(
      `WITH existing AS (SELECT id FROM campus ORDER BY id LIMIT 1),
            created AS (INSERT INTO campus (name) SELECT 'Campus principal' WHERE NOT EXISTS (SELECT 1 FROM existing)
                        ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id),
            campus AS (SELECT id FROM existing UNION ALL SELECT id FROM created)
       INSERT INTO library (campus_id, code, name) SELECT id, $1, $1 FROM campus
       ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`,
      [code],
    );
    ids.set(code, rows[0]!.id);
  }
  return ids;
}

/** One copy row to insert or update, matched by library and number. */
interface CopyRow {
  titleId: number;
  libraryId: number;
  number: string;
  volume: string | null;
  location: string | null;
  loanType: string | null;
  status: string;
  acquiredOn: string | null;
  mode: string | null;
  source: string | null;
  price: string | number | null;
}

/**
 * Inserts or updates copies by library and number, so a re-import updates them and keeps their
 * circulation status: one statement per group of distinct copies. What the record says of the
 * copy's acquisition (decision 0051) replaces what was kept; what it does not say keeps the value
 * a librarian or an earlier import gave.
 */
async function saveCopies(tx: Queryable, copies: readonly CopyRow[]): Promise<void> {
  for (const group of groupsWithoutRepeats(copies, (c) => `${c.libraryId}\u0000${c.number}`)) {
    await tx.query(
      `INSERT INTO copy (title_id, library_id, number, volume, location, loan_type, status,
         acquired_on, acquisition_mode, acquisition_source, acquisition_price)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::date[], $9::text[], $10::text[], $11::numeric[])
       ON CONFLICT (library_id, number) DO UPDATE SET title_id = excluded.title_id, volume = excluded.volume,
         location = excluded.location, loan_type = excluded.loan_type,
         acquired_on = coalesce(excluded.acquired_on, copy.acquired_on),
         acquisition_mode = coalesce(excluded.acquisition_mode, copy.acquisition_mode),
         acquisition_source = coalesce(excluded.acquisition_source, copy.acquisition_source),
         acquisition_price = coalesce(excluded.acquisition_price, copy.acquisition_price)`,
      [
        group.map((c) => c.titleId),
        group.map((c) => c.libraryId),
        group.map((c) => c.number),
        group.map((c) => c.volume),
        group.map((c) => c.location),
        group.map((c) => c.loanType),
        group.map((c) => c.status),
        group.map((c) => c.acquiredOn),
        group.map((c) => c.mode),
        group.map((c) => c.source),
        group.map((c) => (c.price === null ? null : String(c.price))),
      ],
    );
  }
}

/** A title to write: the mapped record and the record itself (kept as JSON). */
export interface TitleToSave {
  mapped: MappedTitle;
  marc: MarcRecord;
}

/**
 * Inserts or updates titles by control number (001 + 003) with their authorities, links, search-tab
 * rows and copies, a few statements for the whole batch (decision 0072): the statement-level
 * triggers that keep the search aids, kept counts and frequent-word lists run once per batch, not
 * once per title. Answers, in the order given, each title's id and whether it was new.
 */
export async function saveTitles(
  tx: Queryable,
  titles: readonly TitleToSave[],
  options: WriteOptions,
): Promise<{ id: number; inserted: boolean }[]> {
  const out: { id: number; inserted: boolean }[] = [];
  const areaId = options.knowledgeArea ? await knowledgeAreaId(tx, options.knowledgeArea) : null;
  // A title repeated in the batch: its second record updates what the first inserted.
  for (const group of groupsWithoutRepeats(
    titles,
    (t) => `${t.mapped.controlNumber}\u0000${t.mapped.controlSource ?? ''}`,
  ))
    out.push(...(await saveTitleGroup(tx, group, options, areaId)));
  return out;
}

async function knowledgeAreaId(tx: Queryable, name: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO knowledge_area (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

/** The title row as the title table's columns (read by jsonb_populate_recordset). */
function titleRow(mapped: MappedTitle, marc: MarcRecord, options: WriteOptions, areaId: number | null) {
  const mainAuthor = mapped.authors.find((a) => a.main) ?? mapped.authors[0];
  return {
    control_number: mapped.controlNumber,
    control_source: mapped.controlSource ?? '',
    title: mapped.title,
    title_statement: mapped.titleStatement,
    vernacular_title: mapped.vernacularTitle,
    main_author: mainAuthor?.name ?? null,
    authors_text: mapped.authors.map((a) => a.name).join(' ; '),
    subjects_text: mapped.subjects.map((s) => s.term).join(' ; '),
    edition: mapped.edition,
    publication_place: mapped.publicationPlace,
    publisher: mapped.publisher,
    publication_date: mapped.publicationDate,
    year: mapped.year,
    physical_description: mapped.physicalDescription,
    series: mapped.series,
    notes: mapped.notes,
    isbn: mapped.isbn,
    issn: mapped.issn,
    language: mapped.language,
    languages: mapped.languages,
    call_number: mapped.callNumber,
    classification: mapped.classification,
    work_type: mapped.workType,
    remote_access: mapped.onlineLinks.length > 0 ? 'cr' : null,
    cover_url: mapped.coverUrl,
    is_accessible: mapped.isAccessible,
    knowledge_area_id: areaId,
    extra_search: [
      mapped.extraSearchText,
      ...mapped.alternateScripts,
      ...mapped.authors.flatMap((a) => a.vernacular ?? []),
    ]
      .filter(Boolean)
      .join(' '),
    ts_config: stemConfigFor(mapped.language),
    marc,
    source_format: options.sourceFormat,
    acquired_on: options.acquiredOn ?? null,
    vernacular_titles: mapped.linkedScripts.title,
    vernacular_authors: mapped.linkedScripts.author,
    vernacular_subjects: mapped.linkedScripts.subject,
  };
}

/** Titles whose control numbers are distinct: one statement per table. */
async function saveTitleGroup(
  tx: Queryable,
  group: readonly TitleToSave[],
  options: WriteOptions,
  areaId: number | null,
): Promise<{ id: number; inserted: boolean }[]> {
  const headings = headingsOf(group);
  await createHeadings(tx, headings);
  const copies = group.flatMap((t, order) =>
    t.mapped.copies.flatMap((copy, index) => {
      const code = copy.library ?? options.defaultLibraryCode;
      return code
        ? [{ order, code, number: copy.barcode ?? `${t.mapped.controlNumber}-${index + 1}`, copy }]
        : [];
    }),
  );
  const libraries = await libraryIds(
    tx,
    copies.map((c) => c.code),
  );
  // The rows travel as one JSON array (arrays of arrays do not go through unnest); RETURNING gives
  // the rows in the order the SELECT feeds them, which WITH ORDINALITY fixes to the batch's order.
  const { rows } = await tx.query<{ id: number; inserted: boolean }>(
    `INSERT INTO title (control_number, control_source, title, title_statement, vernacular_title, main_author,
        authors_text, subjects_text, edition, publication_place, publisher, publication_date, year,
        physical_description, series, notes, isbn, issn, language, languages, call_number, classification,
        work_type, remote_access, cover_url, is_accessible, knowledge_area_id, extra_search, ts_config, marc,
        source_format, acquired_on, vernacular_titles, vernacular_authors, vernacular_subjects, facet_keys)
     SELECT control_number, control_source, title, title_statement, vernacular_title, main_author,
        authors_text, subjects_text, edition, publication_place, publisher, publication_date, year,
        physical_description, series, notes, isbn, issn, language, languages, call_number, classification,
        work_type, remote_access, cover_url, is_accessible, knowledge_area_id, extra_search, ts_config, marc,
        source_format, acquired_on, vernacular_titles, vernacular_authors, vernacular_subjects,
        -- The keys its links will give a new title, as title_linked_facet_keys reads them (migrations
        -- 0043, 0044): the refresh at commit then leaves the row alone.
        ARRAY(
          SELECT public.authority_facet_key(h.role, a.type, a.id)
            FROM jsonb_to_recordset(e.value->'pending_headings') AS h(type text, heading text, role text)
            JOIN authority a ON a.type = h.type AND a.heading_norm = public.f_norm(h.heading)
          UNION ALL
          SELECT unnest(public.copy_facet_keys(l.id, l.campus_id, c.status, c.loan_type, c.location))
            FROM jsonb_to_recordset(e.value->'pending_copies') AS c(library_id int, status text, loan_type text, location text)
            JOIN library l ON l.id = c.library_id
          UNION ALL
          SELECT unnest(ARRAY['X:O', 'M:online']) WHERE (e.value->>'pending_links')::int > 0)
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ord),
            jsonb_populate_record(NULL::title, e.value) AS r
      ORDER BY e.ord
     ON CONFLICT (control_number, control_source) DO UPDATE SET
        title = excluded.title, title_statement = excluded.title_statement,
        vernacular_title = excluded.vernacular_title, main_author = excluded.main_author,
        authors_text = excluded.authors_text, subjects_text = excluded.subjects_text, edition = excluded.edition,
        publication_place = excluded.publication_place, publisher = excluded.publisher,
        publication_date = excluded.publication_date, year = excluded.year,
        physical_description = excluded.physical_description, series = excluded.series, notes = excluded.notes,
        isbn = excluded.isbn, issn = excluded.issn, language = excluded.language, languages = excluded.languages,
        call_number = excluded.call_number, classification = excluded.classification,
        work_type = excluded.work_type, remote_access = excluded.remote_access, cover_url = excluded.cover_url,
        is_accessible = excluded.is_accessible,
        knowledge_area_id = coalesce(excluded.knowledge_area_id, title.knowledge_area_id),
        extra_search = excluded.extra_search, ts_config = excluded.ts_config, marc = excluded.marc,
        source_format = excluded.source_format, vernacular_titles = excluded.vernacular_titles,
        vernacular_authors = excluded.vernacular_authors, vernacular_subjects = excluded.vernacular_subjects,
        acquired_on = coalesce(title.acquired_on, excluded.acquired_on), updated_at = now()
     RETURNING id, (xmax = 0) AS inserted`,
    [
      JSON.stringify(
        group.map((t, i) => ({
          ...titleRow(t.mapped, t.marc, options, areaId),
          pending_headings: headings.filter((h) => h.order === i),
          pending_copies: copies
            .filter((c) => c.order === i)
            .map((c) => ({
              library_id: libraries.get(c.code),
              status: normaliseStatus(c.copy.status),
              loan_type: c.copy.loanType,
              location: c.copy.location,
            })),
          pending_links: t.mapped.onlineLinks.length,
        })),
      ),
    ],
  );
  if (rows.length !== group.length)
    throw new Error(`${group.length} titles written, ${rows.length} answered`);
  const ids = rows.map((r) => r.id);
  const updated = rows.filter((r) => !r.inserted).map((r) => r.id);

  // What a re-imported title had goes, and comes back from its record.
  if (updated.length > 0) {
    await tx.query(
      `WITH a AS (DELETE FROM title_authority WHERE title_id = ANY($1::int[])),
            b AS (DELETE FROM online_link WHERE title_id = ANY($1::int[])),
            c AS (DELETE FROM title_normative_act WHERE title_id = ANY($1::int[])),
            d AS (DELETE FROM title_case_law WHERE title_id = ANY($1::int[]))
       DELETE FROM title_archive WHERE title_id = ANY($1::int[])`,
      [updated],
    );
  }
  await linkHeadings(tx, headings, ids);
  await saveTabRows(tx, group, ids);

  const links = group.flatMap((t, i) =>
    t.mapped.onlineLinks.map((l, seq) => ({ titleId: ids[i]!, seq: seq + 1, ...l })),
  );
  if (links.length > 0) {
    await tx.query(
      `INSERT INTO online_link (title_id, seq, url, description, restricted)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[])`,
      [
        links.map((l) => l.titleId),
        links.map((l) => l.seq),
        links.map((l) => l.url),
        links.map((l) => l.description),
        links.map((l) => l.restricted ?? null),
      ],
    );
  }

  if (copies.length > 0) {
    await saveCopies(
      tx,
      copies.map(({ order, code, number, copy }) => ({
        titleId: ids[order]!,
        libraryId: libraries.get(code)!,
        number,
        volume: copy.volume,
        location: copy.location,
        loanType: copy.loanType,
        status: normaliseStatus(copy.status),
        acquiredOn: copy.acquisition?.acquiredOn ?? null,
        mode: copy.acquisition?.mode ?? null,
        source: copy.acquisition?.source ?? null,
        price: copy.acquisition?.price ?? null,
      })),
    );
  }
  return rows;
}

/** A title's headings (authors, then subjects) with the authority type each names. */
interface Heading {
  /** The title's place in its group. */
  order: number;
  role: 'author' | 'subject';
  type: string;
  heading: string;
  relator: string | null;
  /** Place among the title's headings, from 1. */
  position: number;
}

function headingsOf(group: readonly TitleToSave[]): Heading[] {
  return group.flatMap(({ mapped }, order) =>
    [
      ...mapped.authors.map((a) => ({
        role: 'author' as const,
        type: AUTHORITY_TYPE[a.kind],
        heading: a.name,
        relator: a.role,
      })),
      ...mapped.subjects.map((s) => ({
        role: 'subject' as const,
        type: AUTHORITY_TYPE[s.kind],
        heading: s.term,
        relator: null,
      })),
    ].map((h, position) => ({ ...h, order, position: position + 1 })),
  );
}

/** Creates the authorities of headings not in the catalogue yet, in the order the titles name them. */
async function createHeadings(tx: Queryable, headings: readonly Heading[]) {
  if (headings.length === 0) return;
  await tx.query(
    `INSERT INTO authority (type, heading)
     SELECT type, heading FROM (
       SELECT DISTINCT ON (type, public.f_norm(heading)) type, heading, ord
         FROM unnest($1::text[], $2::text[], $3::int[]) AS u(type, heading, ord)
        ORDER BY type, public.f_norm(heading), ord
     ) first_named
      ORDER BY ord, type, public.f_norm(heading)
     ON CONFLICT (type, heading_norm) DO NOTHING`,
    [headings.map((h) => h.type), headings.map((h) => h.heading), headings.map((h) => h.order)],
  );
}

/**
 * Links titles to the authorities of their headings: one link per title, authority and role, in
 * heading order (a heading repeated in 1XX and 7XX counts once).
 */
async function linkHeadings(tx: Queryable, headings: readonly Heading[], ids: readonly number[]) {
  if (headings.length === 0) return;
  await tx.query(
    `INSERT INTO title_authority (title_id, authority_id, role, position, relator)
     SELECT title_id, authority_id, role,
            (row_number() OVER (PARTITION BY title_id, role ORDER BY first_position)) - 1, relator
       FROM (
         SELECT DISTINCT ON (u.title_id, a.id, u.role) u.title_id, a.id AS authority_id, u.role,
                u.position AS first_position, u.relator
           FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
                AS u(title_id, type, heading, role, relator, position)
           JOIN authority a ON a.type = u.type AND a.heading_norm = public.f_norm(u.heading)
          ORDER BY u.title_id, a.id, u.role, u.position
       ) linked`,
    [
      headings.map((h) => ids[h.order]!),
      headings.map((h) => h.type),
      headings.map((h) => h.heading),
      headings.map((h) => h.role),
      headings.map((h) => h.relator),
      headings.map((h) => h.position),
    ],
  );
}

/** Rows of a table in one statement, each row an object named by its columns (none: no statement). */
async function insertRecordset(tx: Queryable, table: string, rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).join(', ');
  await tx.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** Normative acts, case law and archival material: what their search tabs search by (one statement per tab). */
async function saveTabRows(tx: Queryable, group: readonly TitleToSave[], ids: readonly number[]) {
  const acts = group.flatMap(({ mapped }, i) => {
    const act = mapped.normativeAct;
    return act
      ? [
          {
            title_id: ids[i],
            kind: act.kind,
            number: act.number,
            signed_on: act.date,
            year: act.year,
            issuer: act.issuer,
            jurisdiction: act.jurisdiction,
          },
        ]
      : [];
  });
  await insertRecordset(tx, 'title_normative_act', acts);
  const decisions = group.flatMap(({ mapped }, i) => {
    const d = mapped.caseLaw;
    return d
      ? [
          {
            title_id: ids[i],
            court: d.court,
            decision_kind: d.decisionKind,
            case_number: d.caseNumber,
            rapporteur: d.rapporteur,
            judged_on: d.date,
            year: d.year,
          },
        ]
      : [];
  });
  await insertRecordset(tx, 'title_case_law', decisions);
  const archives = group.flatMap(({ mapped }, i) => {
    const a = mapped.archive;
    return a
      ? [
          {
            title_id: ids[i],
            fonds: a.fonds,
            series: a.series,
            level: a.level,
            start_year: a.startYear,
            end_year: a.endYear,
          },
        ]
      : [];
  });
  await insertRecordset(tx, 'title_archive', archives);
}

/** An authority record to write. */
export interface AuthorityToSave {
  mapped: MappedAuthority;
  marc: MarcRecord;
}

/** The 003 of a record (the agency whose control numbers 001 holds), or '' when absent. */
function controlSource(marc: MarcRecord): string {
  return marc.fields.find((f) => f.tag === '003')?.value?.trim() ?? '';
}

/**
 * Inserts or updates authority records, each merging with a heading already made from
 * bibliographic records: one statement per group of distinct headings. Answers, in order, each
 * authority's id and whether it was new.
 */
export async function saveAuthorities(
  tx: Queryable,
  authorities: readonly AuthorityToSave[],
): Promise<{ id: number; inserted: boolean }[]> {
  if (authorities.length === 0) return [];
  // Headings match as the unique key compares them (type and f_norm), which only the database computes.
  const { rows: norms } = await tx.query<{ norm: string | null }>(
    'SELECT public.f_norm(h) AS norm FROM unnest($1::text[]) WITH ORDINALITY AS u(h, ord) ORDER BY ord',
    [authorities.map((a) => a.mapped.heading)],
  );
  const keyed = authorities.map((a, i) => ({ ...a, key: `${a.mapped.type}\u0000${norms[i]?.norm ?? ''}` }));
  const out: { id: number; inserted: boolean }[] = [];
  for (const group of groupsWithoutRepeats(keyed, (a) => a.key)) {
    const { rows } = await tx.query<{ id: number; inserted: boolean }>(
      `INSERT INTO authority (control_number, control_source, type, heading, see_from, see_also, notes, marc)
       SELECT control_number, control_source, type, heading, see_from, see_also, notes, marc
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ord),
              jsonb_populate_record(NULL::authority, e.value) AS r
        ORDER BY e.ord
       ON CONFLICT (type, heading_norm) DO UPDATE SET control_number = excluded.control_number,
         control_source = excluded.control_source, heading = excluded.heading, see_from = excluded.see_from,
         see_also = excluded.see_also, notes = excluded.notes, marc = excluded.marc
       RETURNING id, (xmax = 0) AS inserted`,
      [
        JSON.stringify(
          group.map(({ mapped, marc }) => ({
            control_number: mapped.controlNumber,
            control_source: controlSource(marc),
            type: mapped.type,
            heading: mapped.heading,
            see_from: mapped.seeFrom,
            see_also: mapped.seeAlso,
            notes: mapped.notes,
            marc,
          })),
        ),
      ],
    );
    if (rows.length !== group.length)
      throw new Error(`${group.length} authorities written, ${rows.length} answered`);
    out.push(...rows);
  }
  return out;
}

/**
 * Attaches MFHD holdings records to their titles as copies: one look-up for the batch, one
 * statement per group of distinct copies. Answers, in order, each holdings' title id, or null when
 * its title is not in the catalogue.
 */
export async function linkHoldingsBatch(
  tx: Queryable,
  items: readonly { holdings: MappedHoldings; position: number }[],
  options: { defaultLibraryCode: string },
): Promise<(number | null)[]> {
  if (items.length === 0) return [];
  // Standard MFHD names its title in 004; some systems (Sirsi) repeat the title's 001 instead.
  const { rows } = await tx.query<{ title_id: number | null }>(
    `SELECT (SELECT t.id FROM title t WHERE t.control_number IN (u.linked, u.own)
              ORDER BY t.control_number = coalesce(u.linked, u.own, '') DESC, t.id LIMIT 1) AS title_id
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(linked, own, ord)
      ORDER BY u.ord`,
    [
      items.map((i) => i.holdings.linkedControlNumber || null),
      items.map((i) => i.holdings.controlNumber || null),
    ],
  );
  const titleIds = rows.map((r) => r.title_id);
  const linked = items.flatMap((item, i) => (titleIds[i] ? [{ ...item, titleId: titleIds[i] }] : []));
  if (linked.length > 0) {
    const libraries = await libraryIds(
      tx,
      linked.map((l) => l.holdings.library ?? options.defaultLibraryCode),
    );
    // A title may have several holdings records under one control number: the position keeps them apart.
    for (const group of groupsWithoutRepeats(
      linked.map(({ holdings, position, titleId }) => ({
        titleId,
        libraryId: libraries.get(holdings.library ?? options.defaultLibraryCode)!,
        number: `mfhd-${holdings.controlNumber}-${position}`,
        location: [holdings.location, holdings.callNumber].filter(Boolean).join(' — ') || null,
      })),
      (c) => `${c.libraryId}\u0000${c.number}`,
    )) {
      await tx.query(
        `INSERT INTO copy (title_id, library_id, number, location)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[])
         ON CONFLICT (library_id, number) DO UPDATE SET title_id = excluded.title_id, location = excluded.location`,
        [
          group.map((c) => c.titleId),
          group.map((c) => c.libraryId),
          group.map((c) => c.number),
          group.map((c) => c.location),
        ],
      );
    }
  }
  return titleIds;
}

/** Inserts or updates a title by control number (001 + 003) with its authorities, links and copies. */
export async function saveTitle(
  tx: Queryable,
  mapped: MappedTitle,
  marc: MarcRecord,
  options: WriteOptions,
): Promise<{ id: number; inserted: boolean }> {
  return (await saveTitles(tx, [{ mapped, marc }], options))[0]!;
}

/** Inserts or updates an authority record, merging with a heading already made from bibliographic records. */
export async function saveAuthority(
  tx: Queryable,
  mapped: MappedAuthority,
  marc: MarcRecord,
): Promise<{ id: number; inserted: boolean }> {
  return (await saveAuthorities(tx, [{ mapped, marc }]))[0]!;
}

/** Attaches an MFHD holdings record to its title as a copy; false when the title is not in the catalogue. */
export async function linkHoldings(
  tx: Queryable,
  holdings: MappedHoldings,
  options: { defaultLibraryCode: string; position: number },
): Promise<boolean> {
  const [titleId] = await linkHoldingsBatch(tx, [{ holdings, position: options.position }], options);
  return titleId !== null && titleId !== undefined;
}
