import type { MappedTitle, MarcRecord } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import { stemConfigFor } from '../search/index.ts';

/** The institution a network import loads records for (SPEC §3 instituicao). */
export interface NetworkInstitutionInput {
  /** cod_empresa: a positive whole number. */
  code: number;
  /** desc_empresa; required the first time the institution is loaded, renames it when given later. */
  name?: string;
}

/** Refusal of a network import: an institution seen for the first time needs its name. */
export class UnnamedNetworkInstitution extends Error {
  override name = 'UnnamedNetworkInstitution';
  constructor(readonly code: number) {
    super(`institution ${code} is not in the network yet: give its name with --network-name`);
  }
}

/** The id of the network institution, created or renamed as asked. */
export async function ensureNetworkInstitution(
  db: Queryable,
  institution: NetworkInstitutionInput,
): Promise<{ id: number; inserted: boolean }> {
  const name = institution.name?.trim();
  if (name) {
    const { rows } = await db.query<{ id: number; inserted: boolean }>(
      `INSERT INTO network_institution (code, name) VALUES ($1, $2)
       ON CONFLICT (code) DO UPDATE SET name = excluded.name
       RETURNING id, (xmax = 0) AS inserted`,
      [institution.code, name],
    );
    return rows[0]!;
  }
  const { rows } = await db.query<{ id: number }>('SELECT id FROM network_institution WHERE code = $1', [
    institution.code,
  ]);
  if (!rows[0]) throw new UnnamedNetworkInstitution(institution.code);
  return { id: rows[0].id, inserted: false };
}

/** Where a harvested record came from (decision 0067). */
export interface HarvestedFrom {
  /** The OAI identifier of its item: a deletion announced for it removes the record. */
  oaiIdentifier: string;
  /** The harvest source that brought it. */
  sourceId: number;
}

/** Inserts or updates one network record by institution and control number (001 + 003). */
export async function saveNetworkRecord(
  tx: Queryable,
  institutionId: number,
  mapped: MappedTitle,
  marc: MarcRecord,
  options: { sourceFormat: 'marc21' | 'marcxml' | 'oai_dc'; harvestedFrom?: HarvestedFrom },
): Promise<{ id: number; inserted: boolean }> {
  const harvested = options.harvestedFrom;
  if (harvested) {
    // The item now carries another control number (its 001 was changed): the record it brought before goes.
    await tx.query(
      `DELETE FROM network_record WHERE institution_id = $1 AND oai_identifier = $2
          AND (control_number, control_source) <> ($3, $4)`,
      [institutionId, harvested.oaiIdentifier, mapped.controlNumber, mapped.controlSource ?? ''],
    );
  }
  const mainAuthor = mapped.authors.find((a) => a.main) ?? mapped.authors[0];
  const extra = [
    mapped.extraSearchText,
    ...mapped.alternateScripts,
    ...mapped.authors.flatMap((a) => a.vernacular ?? []),
  ]
    .filter(Boolean)
    .join(' ');
  const { rows } = await tx.query<{ id: number; inserted: boolean }>(
    `INSERT INTO network_record (institution_id, control_number, control_source, title, title_statement,
        vernacular_title, main_author, authors, subjects, edition, publication_place, publisher, publication_date,
        year, physical_description, series, notes, isbn, issn, language, languages, call_number, work_type,
        online_links, cover_url, is_accessible, extra_search, ts_config, marc, source_format, vernacular_titles,
        vernacular_authors, vernacular_subjects, oai_identifier, harvest_source_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
        $23, $24::jsonb, $25, $26, $27, $28::regconfig, $29::jsonb, $30, $31, $32, $33, $34, $35)
     ON CONFLICT (institution_id, control_number, control_source) DO UPDATE SET
        title = excluded.title, title_statement = excluded.title_statement,
        vernacular_title = excluded.vernacular_title, main_author = excluded.main_author,
        authors = excluded.authors, subjects = excluded.subjects, edition = excluded.edition,
        publication_place = excluded.publication_place, publisher = excluded.publisher,
        publication_date = excluded.publication_date, year = excluded.year,
        physical_description = excluded.physical_description, series = excluded.series, notes = excluded.notes,
        isbn = excluded.isbn, issn = excluded.issn, language = excluded.language, languages = excluded.languages,
        call_number = excluded.call_number, work_type = excluded.work_type, online_links = excluded.online_links,
        cover_url = excluded.cover_url, is_accessible = excluded.is_accessible,
        extra_search = excluded.extra_search, ts_config = excluded.ts_config, marc = excluded.marc,
        source_format = excluded.source_format, vernacular_titles = excluded.vernacular_titles,
        vernacular_authors = excluded.vernacular_authors, vernacular_subjects = excluded.vernacular_subjects,
        oai_identifier = coalesce(excluded.oai_identifier, network_record.oai_identifier),
        harvest_source_id = coalesce(excluded.harvest_source_id, network_record.harvest_source_id),
        updated_at = now()
     RETURNING id, (xmax = 0) AS inserted`,
    [
      institutionId,
      mapped.controlNumber,
      mapped.controlSource ?? '',
      mapped.title,
      mapped.titleStatement,
      mapped.vernacularTitle,
      mainAuthor?.name ?? null,
      mapped.authors.map((a) => a.name),
      mapped.subjects.map((s) => s.term),
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
      mapped.workType,
      JSON.stringify(mapped.onlineLinks.map((l) => ({ url: l.url, description: l.description }))),
      mapped.coverUrl,
      mapped.isAccessible,
      extra,
      stemConfigFor(mapped.language),
      JSON.stringify(marc),
      options.sourceFormat,
      mapped.linkedScripts.title,
      mapped.linkedScripts.author,
      mapped.linkedScripts.subject,
      harvested?.oaiIdentifier ?? null,
      harvested?.sourceId ?? null,
    ],
  );
  return rows[0]!;
}
