import type { MappedAuthority, MappedHoldings, MappedTitle, MarcRecord } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import { saveTabData, stemConfigFor } from '../search/index.ts';

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

/** Links a title to the authorities of its headings, creating the missing ones (two statements per title). */
async function linkAuthorities(
  tx: Queryable,
  titleId: number,
  isNew: boolean,
  headings: { role: 'author' | 'subject'; type: string; heading: string; relator: string | null }[],
): Promise<void> {
  if (!isNew) await tx.query('DELETE FROM title_authority WHERE title_id = $1', [titleId]);
  if (headings.length === 0) return;
  const types = headings.map((h) => h.type);
  const names = headings.map((h) => h.heading);
  // The no-op update makes RETURNING give the id of headings that already exist.
  await tx.query(
    `INSERT INTO authority (type, heading)
     SELECT DISTINCT ON (type, public.f_norm(heading)) type, heading FROM unnest($1::text[], $2::text[]) AS u(type, heading)
     ON CONFLICT (type, heading_norm) DO NOTHING`,
    [types, names],
  );
  // One link per authority and role, in heading order (a heading repeated in 1XX and 7XX counts once).
  await tx.query(
    `INSERT INTO title_authority (title_id, authority_id, role, position, relator)
     SELECT $1, authority_id, role, (row_number() OVER (PARTITION BY role ORDER BY first_position)) - 1, relator
       FROM (
         SELECT DISTINCT ON (a.id, u.role) a.id AS authority_id, u.role, u.position AS first_position, u.relator
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(type, heading, role, relator, position)
           JOIN authority a ON a.type = u.type AND a.heading_norm = public.f_norm(u.heading)
          ORDER BY a.id, u.role, u.position
       ) linked`,
    [titleId, types, names, headings.map((h) => h.role), headings.map((h) => h.relator)],
  );
}

async function libraryId(tx: Queryable, code: string): Promise<number> {
  const found = await tx.query<{ id: number }>('SELECT id FROM library WHERE code = $1', [code]);
  if (found.rows[0]) return found.rows[0].id;
  // A library named in imported holdings but not set up yet: create it in the first campus
  // (or a new one) so no copy is lost; staff can rename it later.
  const campus = await tx.query<{ id: number }>(
    `WITH existing AS (SELECT id FROM campus ORDER BY id LIMIT 1),
          created AS (INSERT INTO campus (name) SELECT 'Campus principal' WHERE NOT EXISTS (SELECT 1 FROM existing)
                      ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id)
     SELECT id FROM existing UNION ALL SELECT id FROM created`,
  );
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO library (campus_id, code, name) VALUES ($1, $2, $2)
     ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`,
    [campus.rows[0]!.id, code],
  );
  return rows[0]!.id;
}

async function knowledgeAreaId(tx: Queryable, name: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO knowledge_area (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

/** Inserts or updates a title by control number (001 + 003) with its authorities, links and copies. */
export async function saveTitle(
  tx: Queryable,
  mapped: MappedTitle,
  marc: MarcRecord,
  options: WriteOptions,
): Promise<{ id: number; inserted: boolean }> {
  const mainAuthor = mapped.authors.find((a) => a.main) ?? mapped.authors[0];
  const areaId = options.knowledgeArea ? await knowledgeAreaId(tx, options.knowledgeArea) : null;
  const extra = [
    mapped.extraSearchText,
    ...mapped.alternateScripts,
    ...mapped.authors.flatMap((a) => a.vernacular ?? []),
  ]
    .filter(Boolean)
    .join(' ');
  const { rows } = await tx.query<{ id: number; inserted: boolean }>(
    `INSERT INTO title (control_number, control_source, title, title_statement, vernacular_title, main_author,
        authors_text, subjects_text, edition, publication_place, publisher, publication_date, year,
        physical_description, series, notes, isbn, issn, language, languages, call_number, classification,
        work_type, remote_access, cover_url, is_accessible, knowledge_area_id, extra_search, ts_config, marc,
        source_format, acquired_on, vernacular_titles, vernacular_authors, vernacular_subjects)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
        $23, $24, $25, $26, $27, $28, $29::regconfig, $30::jsonb, $31, $32::date, $33, $34, $35)
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
      mapped.controlNumber,
      mapped.controlSource ?? '',
      mapped.title,
      mapped.titleStatement,
      mapped.vernacularTitle,
      mainAuthor?.name ?? null,
      mapped.authors.map((a) => a.name).join(' ; '),
      mapped.subjects.map((s) => s.term).join(' ; '),
      mapped.edition,
      mapped.publicationPlace,
      mapped.publisher,
      mapped.publicationDate,
      mapped.year,
      mapped.physicalDescription,
      mapped.series,
      mapped.notes,
      mapped.isbn,
      mapped.issn,
      mapped.language,
      mapped.languages,
      mapped.callNumber,
      mapped.classification,
      mapped.workType,
      mapped.onlineLinks.length > 0 ? 'cr' : null,
      mapped.coverUrl,
      mapped.isAccessible,
      areaId,
      extra,
      stemConfigFor(mapped.language),
      JSON.stringify(marc),
      options.sourceFormat,
      options.acquiredOn ?? null,
      mapped.linkedScripts.title,
      mapped.linkedScripts.author,
      mapped.linkedScripts.subject,
    ],
  );
  const { id, inserted } = rows[0]!;

  await linkAuthorities(tx, id, inserted, [
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
  ]);

  // Normative acts, case law and archival material: what their search tabs search by.
  await saveTabData(tx, id, mapped, inserted);

  if (!inserted) await tx.query('DELETE FROM online_link WHERE title_id = $1', [id]);
  if (mapped.onlineLinks.length > 0) {
    await tx.query(
      `INSERT INTO online_link (title_id, seq, url, description, restricted)
       SELECT $1, seq, url, description, restricted
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(url, description, restricted, seq)`,
      [
        id,
        mapped.onlineLinks.map((l) => l.url),
        mapped.onlineLinks.map((l) => l.description),
        mapped.onlineLinks.map((l) => l.restricted ?? null),
      ],
    );
  }

  for (const [index, copy] of mapped.copies.entries()) {
    const code = copy.library ?? options.defaultLibraryCode;
    if (!code) continue;
    // Copies are matched by library and number, so a re-import updates them and keeps their circulation status.
    await tx.query(
      // What the record says of the copy's acquisition (decision 0051) replaces what was kept; what it
      // does not say keeps the value a librarian or an earlier import gave.
      `INSERT INTO copy (title_id, library_id, number, volume, location, loan_type, status,
         acquired_on, acquisition_mode, acquisition_source, acquisition_price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11::numeric)
       ON CONFLICT (library_id, number) DO UPDATE SET title_id = excluded.title_id, volume = excluded.volume,
         location = excluded.location, loan_type = excluded.loan_type,
         acquired_on = coalesce(excluded.acquired_on, copy.acquired_on),
         acquisition_mode = coalesce(excluded.acquisition_mode, copy.acquisition_mode),
         acquisition_source = coalesce(excluded.acquisition_source, copy.acquisition_source),
         acquisition_price = coalesce(excluded.acquisition_price, copy.acquisition_price)`,
      [
        id,
        await libraryId(tx, code),
        copy.barcode ?? `${mapped.controlNumber}-${index + 1}`,
        copy.volume,
        copy.location,
        copy.loanType,
        normaliseStatus(copy.status),
        copy.acquisition?.acquiredOn ?? null,
        copy.acquisition?.mode ?? null,
        copy.acquisition?.source ?? null,
        copy.acquisition?.price ?? null,
      ],
    );
  }
  return { id, inserted };
}

const STATUSES = new Set([
  'disponivel',
  'emprestado',
  'reservado',
  'quarentena',
  'atrasado',
  'consulta_local',
  'extraviado',
  'em_processamento',
]);

/** Holdings status text → our copy status (unknown statuses count as on the shelf). */
function normaliseStatus(status: string | null): string {
  return status && STATUSES.has(status) ? status : 'disponivel';
}

/** The 003 of a record (the agency whose control numbers 001 holds), or '' when absent. */
function controlSource(marc: MarcRecord): string {
  return marc.fields.find((f) => f.tag === '003')?.value?.trim() ?? '';
}

/** Inserts or updates an authority record, merging with a heading already made from bibliographic records. */
export async function saveAuthority(
  tx: Queryable,
  mapped: MappedAuthority,
  marc: MarcRecord,
): Promise<{ id: number; inserted: boolean }> {
  const { rows } = await tx.query<{ id: number; inserted: boolean }>(
    `INSERT INTO authority (control_number, control_source, type, heading, see_from, see_also, notes, marc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     ON CONFLICT (type, heading_norm) DO UPDATE SET control_number = excluded.control_number,
       control_source = excluded.control_source, heading = excluded.heading, see_from = excluded.see_from,
       see_also = excluded.see_also, notes = excluded.notes, marc = excluded.marc
     RETURNING id, (xmax = 0) AS inserted`,
    [
      mapped.controlNumber,
      controlSource(marc),
      mapped.type,
      mapped.heading,
      mapped.seeFrom,
      mapped.seeAlso,
      mapped.notes,
      JSON.stringify(marc),
    ],
  );
  return rows[0]!;
}

/** Attaches an MFHD holdings record to its title as a copy; false when the title is not in the catalogue. */
export async function linkHoldings(
  tx: Queryable,
  holdings: MappedHoldings,
  options: { defaultLibraryCode: string; position: number },
): Promise<boolean> {
  // Standard MFHD names its title in 004; some systems (Sirsi) repeat the title's 001 instead.
  const candidates = [holdings.linkedControlNumber, holdings.controlNumber].filter((c): c is string =>
    Boolean(c),
  );
  const title = await tx.query<{ id: number }>(
    'SELECT id FROM title WHERE control_number = ANY($1::text[]) ORDER BY control_number = $2 DESC, id LIMIT 1',
    [candidates, candidates[0] ?? ''],
  );
  const titleId = title.rows[0]?.id;
  if (!titleId) return false;
  await tx.query(
    `INSERT INTO copy (title_id, library_id, number, location)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (library_id, number) DO UPDATE SET title_id = excluded.title_id, location = excluded.location`,
    [
      titleId,
      await libraryId(tx, holdings.library ?? options.defaultLibraryCode),
      // A title may have several holdings records under one control number: the position keeps them apart.
      `mfhd-${holdings.controlNumber}-${options.position}`,
      [holdings.location, holdings.callNumber].filter(Boolean).join(' — ') || null,
    ],
  );
  return true;
}
